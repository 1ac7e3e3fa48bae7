import { describe, expect, it } from "vitest";
import { forgetThisDevice } from "./forget-device.ts";

function memoryStore(entries: Record<string, string>) {
  const data = new Map(Object.entries(entries));
  return { data, clear: () => data.clear() };
}

describe("forgetThisDevice (issue 24: a deleted account leaves nothing on the device)", () => {
  it("empties local and session storage, whatever keys they hold", () => {
    const local = memoryStore({
      token: "t",
      userId: "7",
      rememberedEmail: "gone@example.com",
      recentPeopleSearches: '["ann"]',
      someKeyAddedLater: "x",
    });
    const session = memoryStore({ carriedStatus: "{}" });
    forgetThisDevice(() => [local, session]);
    expect(local.data.size).toBe(0);
    expect(session.data.size).toBe(0);
  });

  it("carries on past a store the browser refuses", () => {
    const local = memoryStore({ rememberedEmail: "gone@example.com" });
    const refusing = {
      clear: () => {
        throw new Error("SecurityError");
      },
    };
    expect(() => forgetThisDevice(() => [refusing, null, local])).not.toThrow();
    expect(local.data.size).toBe(0);
  });
});
