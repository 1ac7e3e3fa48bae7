// The ?next= login contract: every Login link and signed-out redirect sends the person to
// the login screen with the page they were on, and login goes back there afterwards, else
// home. Only a path on this site: "//evil.example" or "https://..." would make the login
// page an open redirect, so anything but a single leading slash goes home. Sign-up carries
// the same return address through its three screens (the restaurant owners' sign-in, issue 22).
/** Spec point 2: /home, the social feed, is where a login lands unless it came from a page. */
export const DEFAULT_AFTER_LOGIN = "/home";

/** A return address that stays on this site, or null. */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return null;
  // Control characters and spaces have no place in a path we wrote ourselves.
  if (/[\u0000-\u0020\u007f]/.test(next)) return null;
  return next;
}

/** The query's safe ?next=, or null. */
export function returnPathOf(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get("next"));
}

export function afterLoginPath(search: string): string {
  return returnPathOf(search) ?? DEFAULT_AFTER_LOGIN;
}

/** `path` with the return address, when there is one. */
export function withReturnPath(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

/** The login screen's address that brings the person back to `location` afterwards. */
export function loginHref(location: Pick<Location, "pathname" | "search"> = window.location): string {
  return withReturnPath("/sign-in-users", location.pathname + location.search);
}
