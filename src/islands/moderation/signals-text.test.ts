import { describe, expect, it } from "vitest";
import { signalLines } from "./signals-text.ts";

describe("signals in plain words", () => {
  it("says what detection found on a held review", () => {
    expect(
      signalLines({
        velocity: { lastHour: 40, baselinePerDay: 0.2, burstThreshold: 5, burst: true },
        newAccount: true,
        newAccountShare: 0.975,
        networkAccounts: 40,
        extremeFromFreshAccount: true,
        nearDuplicateAccounts: 1,
        patterns: ["burst-new-accounts", "burst-one-network"],
        item: { kind: "dish", id: 3 },
        heldWith: 812,
      }),
    ).toEqual([
      "40 reviews of this item in the last hour; it usually gets 0.2 a day. That is a burst (5 or more in an hour).",
      "Written from an account under 7 days old.",
      "98% of this item's recent reviewers have accounts under 7 days old.",
      "40 accounts reviewed this item from the same network.",
      "An extreme rating from an account with no other reviews.",
      "1 other account posted nearly the same text.",
      "Held out of the rankings for a burst of reviews from new accounts and a burst of reviews from accounts on one network.",
      "Held together with review 812.",
    ]);
  });

  it("leaves out signals that found nothing", () => {
    expect(
      signalLines({
        velocity: { lastHour: 1, baselinePerDay: 2, burstThreshold: 20, burst: false },
        newAccount: false,
        newAccountShare: 0,
        networkAccounts: 1,
        extremeFromFreshAccount: false,
        nearDuplicateAccounts: 0,
        patterns: [],
      }),
    ).toEqual(["1 review of this item in the last hour; it usually gets 2 a day."]);
    expect(signalLines(null)).toEqual([]);
  });

  it("words a claim's evidence and an addition, and still shows what it does not know", () => {
    expect(
      signalLines({
        claim: { claimId: 4, username: "mo", note: "I run it", hasOwner: true, evidenceUrl: "/x" },
        addedBy: 12,
        someNewSignal: { a: 1 },
        ip_hint: "shared",
      }),
    ).toEqual([
      "@mo claims to own this restaurant and sent evidence. The restaurant already has a verified owner. Their note: “I run it”",
      "Added by a member; not in any ranking until approved.",
      'Some new signal: {"a":1}',
      "Ip hint: shared",
    ]);
  });
});
