// The ?next= login contract: every Login link and signed-out redirect sends the person to
// the login screen with the page they were on, and login goes back there afterwards, else
// home. Only a path on this site: "//evil.example" or "https://..." would make the login
// page an open redirect, so anything but a single leading slash goes home.
/** Spec point 2: /home, the social feed, is where a login lands unless it came from a page. */
export const DEFAULT_AFTER_LOGIN = "/home";

export function afterLoginPath(search: string): string {
  const next = new URLSearchParams(search).get("next");
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\"))
    return DEFAULT_AFTER_LOGIN;
  // Control characters and spaces have no place in a path we wrote ourselves.
  if (/[\u0000-\u0020\u007f]/.test(next)) return DEFAULT_AFTER_LOGIN;
  return next;
}

/** The login screen's address that brings the person back to `location` afterwards. */
export function loginHref(location: Pick<Location, "pathname" | "search"> = window.location): string {
  return `/sign-in-users?next=${encodeURIComponent(location.pathname + location.search)}`;
}
