import { describe, expect, it } from "vitest";
import { SESSION_KEYS as HEADER_SESSION_KEYS } from "../components/layout/session-storage.ts";
import {
  clearSession,
  KEPT_ON_LOGOUT,
  clearSignupDraft,
  isSignedIn,
  markCodeSent,
  readSession,
  keepSignupReturn,
  keepSignupTicket,
  readSignupReturn,
  readSignupDraft,
  readSignupTicket,
  SESSION_KEYS,
  writeSession,
  writeSignupDraft,
  type KeyValueStore,
} from "./session.ts";

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { entries: Map<string, string> } {
  const entries = new Map(Object.entries(initial));
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, String(value)),
    removeItem: (key) => void entries.delete(key),
  };
}

const login = { token: "t.o.k", userId: 42, username: "jane", email: "jane@example.com", profileId: 7 };

describe("session", () => {
  it("covers every key of spec point 3's session between what Log Out clears and what it keeps", () => {
    expect([...SESSION_KEYS, ...KEPT_ON_LOGOUT].sort()).toEqual(
      [
        "email",
        "profileId",
        "rememberedEmail",
        "tags",
        "token",
        "userId",
        "userLikedComments",
        "username",
      ].sort(),
    );
  });

  it("clears the same keys as the header's Log Out", () => {
    expect([...SESSION_KEYS].sort()).toEqual([...HEADER_SESSION_KEYS].sort());
  });

  it("stores a login and reads it back", () => {
    const store = memoryStore();
    writeSession(store, login, "Jane@Example.com");
    expect(store.entries.get("rememberedEmail")).toBe("Jane@Example.com");
    expect(readSession(store)).toEqual(login);
    expect(isSignedIn(store)).toBe(true);
  });

  it("drops a stale profileId when the new login has none", () => {
    const store = memoryStore({ profileId: "9" });
    writeSession(store, { ...login, profileId: null }, "jane");
    expect(store.entries.has("profileId")).toBe(false);
    expect(readSession(store)?.profileId).toBeNull();
  });

  it("is signed in only when both token and userId are present", () => {
    expect(isSignedIn(memoryStore({ token: "x" }))).toBe(false);
    expect(isSignedIn(memoryStore({ userId: "3" }))).toBe(false);
    expect(isSignedIn(memoryStore({ token: "", userId: "3" }))).toBe(false);
    expect(isSignedIn(memoryStore({ token: "x", userId: "abc" }))).toBe(false);
    expect(isSignedIn(memoryStore({ token: "x", userId: "3" }))).toBe(true);
  });

  it("clears every session key and keeps the remembered e-mail, the tag cache and other keys", () => {
    const store = memoryStore({ userLikedComments: "{}", tags: "[]", theme: "dark" });
    writeSession(store, login, "jane");
    clearSession(store);
    expect([...store.entries.keys()].sort()).toEqual(["rememberedEmail", "tags", "theme"]);
    expect(isSignedIn(store)).toBe(false);
  });
});

describe("sign-up draft", () => {
  it("keeps step 1's username and e-mail under the contract's keys", () => {
    const store = memoryStore();
    writeSignupDraft(store, { username: "jane", email: "jane@example.com", codeSentAt: 1000 });
    expect(store.entries.get("signupUsername")).toBe("jane");
    expect(store.entries.get("signupEmail")).toBe("jane@example.com");
    expect(readSignupDraft(store)).toEqual({ username: "jane", email: "jane@example.com", codeSentAt: 1000 });
  });

  it("is absent without an e-mail, and tolerates a missing or garbled send time", () => {
    expect(readSignupDraft(memoryStore({ signupUsername: "jane" }))).toBeNull();
    expect(
      readSignupDraft(memoryStore({ signupEmail: "a@b.c", signupCodeSentAt: "soon" }))?.codeSentAt,
    ).toBeNull();
  });

  it("records a resend and is cleared without touching the session", () => {
    const store = memoryStore();
    writeSession(store, login, "jane");
    writeSignupDraft(store, { username: "jane", email: "jane@example.com", codeSentAt: 1000 });
    markCodeSent(store, 5000);
    expect(readSignupDraft(store)?.codeSentAt).toBe(5000);
    clearSignupDraft(store);
    expect(readSignupDraft(store)).toBeNull();
    expect(isSignedIn(store)).toBe(true);
  });

  it("keeps the sign-up ticket for step 2, drops it with a new draft, and clears it after sign-up", () => {
    const store = memoryStore();
    writeSignupDraft(store, { username: "jane", email: "jane@example.com", codeSentAt: 1000 });
    expect(readSignupTicket(store)).toBeNull();
    keepSignupTicket(store, "ticket-1");
    expect(readSignupTicket(store)).toBe("ticket-1");
    writeSignupDraft(store, { username: "jane", email: "jane@example.org", codeSentAt: 2000 });
    expect(readSignupTicket(store)).toBeNull();
    keepSignupTicket(store, "ticket-2");
    clearSignupDraft(store);
    expect(readSignupTicket(store)).toBeNull();
  });
});

describe("the sign-up's return address (issue 22)", () => {
  it("is kept beside the draft and cleared with it", () => {
    const store = memoryStore({});
    keepSignupReturn(store, "/claim-my-restaurant");
    expect(readSignupReturn(store)).toBe("/claim-my-restaurant");
    clearSignupDraft(store);
    expect(readSignupReturn(store)).toBeNull();
    keepSignupReturn(store, "/claim-my-restaurant");
    keepSignupReturn(store, null);
    expect(readSignupReturn(store)).toBeNull();
  });
});
