// Log Out (spec points 2 and 4): the stored session goes at once, and the token is ended on
// the server as well (issue 4), so a copy of it left anywhere stops working.
import { api, callOptions, outcomeOf, type ApiClient } from "../shared/api-client.ts";
import { clearSession, readSession, type KeyValueStore } from "./session.ts";

/** Bounded so a slow or absent server never keeps the person on the page. */
export const LOGOUT_WAIT_MS = 1500;

/** Set on the document while Log Out runs, so no island sends the person to log in meanwhile. */
const LOGGING_OUT = "data-logging-out";

/**
 * Whether this page is logging out: an island that finds no session sends the person to the
 * login screen, but not while Log Out, which goes where it should next, is under way.
 */
export function isLoggingOut(doc: Document | undefined = globalThis.document): boolean {
  return doc?.documentElement.hasAttribute(LOGGING_OUT) ?? false;
}

export async function logOut(store: KeyValueStore, client: ApiClient = api): Promise<void> {
  globalThis.document?.documentElement.setAttribute(LOGGING_OUT, "");
  const session = readSession(store);
  // Signed out locally first: whatever the server says, this browser no longer holds the token.
  clearSession(store);
  if (!session) return;
  // keepalive: the call survives the page navigating to /sign-in-users straight after.
  const call = client.users.logout.$post({}, callOptions({ token: session.token, keepalive: true }));
  await Promise.race([outcomeOf(call), new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS))]);
}
