// Log Out (spec points 2 and 4): the stored session goes at once, and the token is ended on
// the server as well (issue 4), so a copy of it left anywhere stops working.
import { accounts, type AccountsClient } from "./accounts-client.ts";
import { clearSession, readSession, type KeyValueStore } from "./session.ts";

/** Bounded so a slow or absent server never keeps the person on the page. */
export const LOGOUT_WAIT_MS = 1500;

export async function logOut(
  store: KeyValueStore,
  client: Pick<AccountsClient, "logout"> = accounts,
): Promise<void> {
  const session = readSession(store);
  // Signed out locally first: whatever the server says, this browser no longer holds the token.
  clearSession(store);
  if (!session) return;
  await Promise.race([
    client.logout(session.token),
    new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS)),
  ]);
}
