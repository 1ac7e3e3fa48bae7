// The browser session of spec point 3, kept in localStorage. The header (SiteHeader.astro)
// reads the same keys to choose between Log In/Sign Up and Log Out.
import type { LoginResult } from "../shared/schemas/accounts.ts";

/**
 * The keys Log Out removes; the same list as the header's (src/components/layout/
 * session-storage.ts, checked by session.test.ts). rememberedEmail (pre-fills the login form)
 * and the cached tag list are kept: neither is a credential.
 */
export const SESSION_KEYS = [
  "token",
  "userId",
  "username",
  "email",
  "profileId",
  "userLikedComments",
] as const;

/** The other keys of spec point 3's session, kept across Log Out. */
export const KEPT_ON_LOGOUT = ["rememberedEmail", "tags"] as const;

/**
 * Sign-up in progress: step 1's values for the verification and step-2 screens (accounts
 * contract), when the code was sent so a reload keeps the countdown honest, and the sign-up
 * ticket the right code answered, which step 2 sends with the account's details.
 */
export const SIGNUP_KEYS = {
  username: "signupUsername",
  email: "signupEmail",
  codeSentAt: "signupCodeSentAt",
  ticket: "signupTicket",
  /** Where the login after sign-up goes on to (/sign-in-restaurant's claim, issue 22). */
  next: "signupNext",
} as const;

/** The part of Storage we use, so tests can pass a plain in-memory store. */
export type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface Session {
  token: string;
  userId: number;
  username: string;
  email: string;
  profileId: number | null;
}

export interface SignupDraft {
  username: string;
  email: string;
  /** ms since the epoch; null when unknown (e.g. the draft came from an older tab). */
  codeSentAt: number | null;
}

/** localStorage, or null where there is none (server render, storage disabled by the user). */
export function browserStore(): KeyValueStore | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** This browser's signed-in session, or null (signed out, or no storage). */
export function currentSession(): Session | null {
  const store = browserStore();
  return store ? readSession(store) : null;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^[0-9]+$/.test(value)) return null;
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : null;
}

/** The signed-in session, or null: signed in only when token AND userId exist (spec point 3). */
export function readSession(store: KeyValueStore): Session | null {
  const token = store.getItem("token");
  const userId = positiveInt(store.getItem("userId"));
  if (!token || userId === null) return null;
  return {
    token,
    userId,
    username: store.getItem("username") ?? "",
    email: store.getItem("email") ?? "",
    profileId: positiveInt(store.getItem("profileId")),
  };
}

export function isSignedIn(store: KeyValueStore): boolean {
  return readSession(store) !== null;
}

/** Stores a successful login. `rememberedEmail` is what the person typed, to prefill next time. */
export function writeSession(store: KeyValueStore, login: LoginResult, rememberedEmail: string): void {
  store.setItem("token", login.token);
  store.setItem("userId", String(login.userId));
  store.setItem("username", login.username);
  store.setItem("email", login.email);
  store.setItem("rememberedEmail", rememberedEmail);
  if (login.profileId === null) store.removeItem("profileId");
  else store.setItem("profileId", String(login.profileId));
}

export function clearSession(store: KeyValueStore): void {
  for (const key of SESSION_KEYS) store.removeItem(key);
}

export function readSignupDraft(store: KeyValueStore): SignupDraft | null {
  const email = store.getItem(SIGNUP_KEYS.email);
  if (!email) return null;
  const sentAt = Number(store.getItem(SIGNUP_KEYS.codeSentAt));
  return {
    email,
    username: store.getItem(SIGNUP_KEYS.username) ?? "",
    codeSentAt: Number.isFinite(sentAt) && sentAt > 0 ? sentAt : null,
  };
}

/** A new draft means a new code, which makes any earlier ticket worthless. */
export function writeSignupDraft(store: KeyValueStore, draft: SignupDraft): void {
  store.removeItem(SIGNUP_KEYS.ticket);
  store.setItem(SIGNUP_KEYS.username, draft.username);
  store.setItem(SIGNUP_KEYS.email, draft.email);
  if (draft.codeSentAt === null) store.removeItem(SIGNUP_KEYS.codeSentAt);
  else store.setItem(SIGNUP_KEYS.codeSentAt, String(draft.codeSentAt));
}

export function markCodeSent(store: KeyValueStore, at: number): void {
  store.setItem(SIGNUP_KEYS.codeSentAt, String(at));
}

/** Kept by the verification screen for step 2; single use, and good for an hour on the server. */
export function keepSignupTicket(store: KeyValueStore, ticket: string): void {
  store.setItem(SIGNUP_KEYS.ticket, ticket);
}

export function readSignupTicket(store: KeyValueStore): string | null {
  return store.getItem(SIGNUP_KEYS.ticket) || null;
}

/** The return address sign-up started with (already checked by safeReturnPath), or none. */
export function keepSignupReturn(store: KeyValueStore, next: string | null): void {
  if (next) store.setItem(SIGNUP_KEYS.next, next);
  else store.removeItem(SIGNUP_KEYS.next);
}

export function readSignupReturn(store: KeyValueStore): string | null {
  return store.getItem(SIGNUP_KEYS.next) || null;
}

export function clearSignupDraft(store: KeyValueStore): void {
  for (const key of Object.values(SIGNUP_KEYS)) store.removeItem(key);
}
