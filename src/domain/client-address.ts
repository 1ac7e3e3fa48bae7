// Client addresses as the limits and detection group them. An IPv6 host is usually given a
// whole /64 (2^64 addresses it can rotate through at will), so one address is no unit to count
// a client by: per-client limits key IPv6 by its /64, as detection groups networks by /48.
// Pure: the host reports the address, these rules read it.

/** The four parts of a dotted IPv4 address, or undefined. */
export function ipv4Parts(text: string): number[] | undefined {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.map(Number);
}

/** The eight groups of an IPv6 address, lower case without leading zeros, or undefined. */
export function ipv6Groups(text: string): string[] | undefined {
  if (!/^[0-9a-f:]+$/i.test(text) || text.split("::").length > 2) return undefined;
  const [head, tail] = text.split("::") as [string, string | undefined];
  const groups = (s: string) => (s === "" ? [] : s.split(":"));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  const all = [...left, ...Array<string>(missing).fill("0"), ...right];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  return all.map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""));
}

/**
 * An address as the host gave it, parsed: brackets and a zone dropped, an IPv4-mapped IPv6
 * address ("::ffff:1.2.3.4") read as the IPv4 address it carries.
 */
export function parseAddress(
  address: string | undefined,
): { v4: number[] } | { v6: string[] } | undefined {
  const text = address?.trim().replace(/^\[|\]$/g, "");
  if (!text) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  const v4 = ipv4Parts(mapped ? mapped[1]! : text);
  if (v4) return { v4 };
  const v6 = ipv6Groups(text.replace(/%.*$/, ""));
  return v6 ? { v6 } : undefined;
}

/**
 * The subject a per-client limit counts (mail, login, search, phone changes, registrations):
 * an IPv4 address as it is, an IPv6 address by its /64, anything else (a test client's name)
 * unchanged.
 */
export function clientLimitSubject(address: string): string {
  const parsed = parseAddress(address);
  if (!parsed) return address;
  if ("v4" in parsed) return parsed.v4.join(".");
  return `${parsed.v6.slice(0, 4).join(":")}::/64`;
}
