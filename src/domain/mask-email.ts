// The verification screen shows where the code went without spelling out the address
// (spec point 2: "a masked e-mail display"): first character of the local part, then ***.
export function maskEmail(email: string): string {
  const address = email.trim();
  const at = address.lastIndexOf("@");
  if (at <= 0 || at === address.length - 1) return "***";
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  return `${[...local][0]}***@${domain}`;
}
