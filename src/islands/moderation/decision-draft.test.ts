import { describe, expect, it } from "vitest";
import type { QueueItem } from "../../shared/schemas/moderation.ts";
import {
  decisionRequest,
  emptyDraft,
  needsConfirmation,
  serverErrors,
  type DecisionDraft,
} from "./decision-draft.ts";

const review = { kind: "review", targetId: 41, target: null } as const;
const dish: Pick<QueueItem, "kind" | "targetId" | "target"> = {
  kind: "dish",
  targetId: 7,
  target: {
    type: "dish",
    name: "Dumplings",
    url: "/dish/7",
    fields: { description: "Pork and chive", priceMinor: 850, restaurantId: 3 },
    removedAt: null,
  },
};

const draft = (over: Partial<DecisionDraft>): DecisionDraft => ({ ...emptyDraft(review), ...over });

describe("a decision's request", () => {
  it("names every missing part at once and sends nothing", () => {
    expect(decisionRequest(review, draft({}))).toEqual({
      errors: {
        action: "Please choose an action.",
        reason: "Please choose a reason from the policy.",
        note: "Please write a note explaining the decision.",
      },
    });
    expect(decisionRequest(review, draft({ action: "remove", reason: "made-up", note: "  " }))).toEqual({
      errors: {
        reason: "Please choose a reason from the policy.",
        note: "Please write a note explaining the decision.",
      },
    });
  });

  it("sends a removal with its reason and note", () => {
    expect(
      decisionRequest(review, draft({ action: "remove", reason: "spam-or-fake", note: " Paid for. " })),
    ).toEqual({
      request: { kind: "review", id: 41, action: "remove", reason: "spam-or-fake", note: "Paid for." },
    });
  });

  it("suspends for a number of days, or for good without days", () => {
    const base = { action: "suspend" as const, reason: "harassment", note: "Again." };
    expect(decisionRequest(review, draft({ ...base, suspendFor: "30" }))).toMatchObject({
      request: { days: 30 },
    });
    const forGood = decisionRequest(review, draft({ ...base, suspendFor: "forever" }));
    expect(forGood).toMatchObject({ request: { action: "suspend" } });
    expect("request" in forGood && "days" in forGood.request).toBe(false);
  });

  it("merges only with an id", () => {
    const base = { ...emptyDraft(dish), action: "merge" as const, reason: "duplicate", note: "Same place." };
    expect(decisionRequest(dish, { ...base, mergeInto: "abc" })).toEqual({
      errors: { mergeInto: "Please give the id of the item this one duplicates." },
    });
    expect(decisionRequest(dish, { ...base, mergeInto: "12" })).toMatchObject({ request: { mergeInto: 12 } });
  });

  it("edits only the fields that changed, and refuses an edit that changes nothing", () => {
    const base = {
      ...emptyDraft(dish),
      action: "edit" as const,
      reason: "community-guidelines",
      note: "Tidy.",
    };
    expect(decisionRequest(dish, base)).toEqual({ errors: { edit: "Please change at least one field." } });
    expect(
      decisionRequest(dish, {
        ...base,
        edit: { ...base.edit, name: "Pork Dumplings", price: "9", tags: "Chinese, Dim sum" },
      }),
    ).toMatchObject({
      request: { fields: { name: "Pork Dumplings", price: 9, tags: ["Chinese", "Dim sum"] } },
    });
    expect(decisionRequest(dish, { ...base, edit: { ...base.edit, price: "" } })).toMatchObject({
      request: { fields: { price: null } },
    });
    expect(decisionRequest(dish, { ...base, edit: { ...base.edit, price: "lots" } })).toMatchObject({
      errors: { edit: "Price must be a number of pounds, or empty when unknown." },
    });
  });

  it("asks again before a removal or a suspension only", () => {
    expect(
      ["keep", "remove", "warn", "suspend", "approve", "merge", "edit"].filter((a) =>
        needsConfirmation(a as never),
      ),
    ).toEqual(["remove", "suspend"]);
  });

  it("puts the API's field messages on the form's fields", () => {
    expect(
      serverErrors({ note: "Too long.", days: "Bad days.", fields: "Unknown tags: x.", id: "ignored" }),
    ).toEqual({
      note: "Too long.",
      suspendFor: "Bad days.",
      edit: "Unknown tags: x.",
    });
  });
});

describe("a moderator's edit of a restaurant's contact address (issue 29)", () => {
  it("sends the address typed, and nothing when the field is left empty", () => {
    const restaurant = { kind: "restaurant", targetId: 9, target: null } as const;
    const base = { action: "edit" as const, reason: "no-violation", note: "Phoned them." };
    const typed = emptyDraft(restaurant);
    typed.edit = { ...typed.edit, contactEmail: " hello@kitchen.example " };
    expect(decisionRequest(restaurant, { ...typed, ...base })).toMatchObject({
      request: { fields: { contactEmail: "hello@kitchen.example" } },
    });
    expect(decisionRequest(restaurant, { ...emptyDraft(restaurant), ...base })).toEqual({
      errors: { edit: "Please change at least one field." },
    });
  });
});

describe("a claim decision", () => {
  it("names the claim whose evidence the item shows (issue 29)", () => {
    const item = {
      kind: "restaurant",
      targetId: 9,
      target: null,
      signals: { claim: { claimId: 12, username: "mo" } },
    } as const;
    const base = { reason: "no-violation", note: "The bill matches." };
    for (const action of ["approve-claim", "refuse-claim"] as const) {
      expect(decisionRequest(item, { ...emptyDraft(item), ...base, action })).toMatchObject({
        request: { action, claimId: 12 },
      });
    }
  });
});
