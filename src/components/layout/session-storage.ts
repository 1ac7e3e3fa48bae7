// The browser session lives in localStorage (spec point 3). A visitor counts as signed in
// only when both token and userId are present; Log Out removes the session's keys.
// rememberedEmail stays: it pre-fills the login form and is not a credential.
export const SESSION_KEYS = ["token", "userId", "username", "email", "profileId", "userLikedComments"] as const;

type KeyValueStore = Pick<Storage, "getItem" | "removeItem">;

export function isSignedIn(store: KeyValueStore): boolean {
  return Boolean(store.getItem("token")) && Boolean(store.getItem("userId"));
}

export function clearSession(store: KeyValueStore): void {
  for (const key of SESSION_KEYS) store.removeItem(key);
}
