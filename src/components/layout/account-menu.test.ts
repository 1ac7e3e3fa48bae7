import { describe, expect, it } from "vitest";
import { accountFactsOf, ownsRestaurants, roleEntries } from "./account-menu.ts";

describe("the account menu's role entries", () => {
  it("offers Moderation to moderators and admins only", () => {
    expect(roleEntries(accountFactsOf({ role: "moderator" }))).toEqual([{ label: "Moderation", href: "/moderation" }]);
    expect(roleEntries(accountFactsOf({ role: "admin" }))).toEqual([{ label: "Moderation", href: "/moderation" }]);
    expect(roleEntries(accountFactsOf({ role: "user" }))).toEqual([]);
  });

  it("offers the Owner dashboard only to a verified owner, which no answer says yet", () => {
    expect(roleEntries(accountFactsOf({ role: "user", verifiedOwner: true }))).toEqual([
      { label: "Owner dashboard", href: "/owner" },
    ]);
    expect(roleEntries(accountFactsOf({ role: "user", verifiedOwner: "yes" }))).toEqual([]);
  });

  it("counts anything unexpected as a plain user", () => {
    for (const data of [null, undefined, "moderator", { role: "Moderator" }, { role: ["admin"] }, {}]) {
      expect(roleEntries(accountFactsOf(data))).toEqual([]);
    }
  });
});

describe("ownsRestaurants (issue 30)", () => {
  it("is true only for a non-empty list of owned restaurants", () => {
    expect(ownsRestaurants([{ id: 1 }])).toBe(true);
    expect(ownsRestaurants([])).toBe(false);
    expect(ownsRestaurants(null)).toBe(false);
    expect(ownsRestaurants({ restaurants: [1] })).toBe(false);
  });
});
