import { describe, expect, it } from "vitest";
import { clearSession, isSignedIn } from "./session-storage.ts";

function memoryStore(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

describe("header session state (spec points 3 and 4)", () => {
  it("is signed in only with both token and userId", () => {
    expect(isSignedIn(memoryStore({ token: "t", userId: "1" }))).toBe(true);
    expect(isSignedIn(memoryStore({ token: "t" }))).toBe(false);
    expect(isSignedIn(memoryStore({ userId: "1" }))).toBe(false);
    expect(isSignedIn(memoryStore({}))).toBe(false);
  });
  it("Log Out removes the session but keeps the remembered e-mail", () => {
    const store = memoryStore({ token: "t", userId: "1", username: "amy", profileId: "3", rememberedEmail: "a@b.co" });
    clearSession(store);
    expect(isSignedIn(store)).toBe(false);
    expect([...store.map.keys()]).toEqual(["rememberedEmail"]);
  });
});
