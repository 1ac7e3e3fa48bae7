// A field's error wiring: marked invalid and described by the message that says why
// (docs/accessibility.md point 3).
export function invalidProps(errorId: string, error: string | undefined, hintId?: string) {
  const describedBy = [error ? errorId : null, hintId ?? null].filter(Boolean).join(" ");
  return {
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": describedBy || undefined,
  };
}
