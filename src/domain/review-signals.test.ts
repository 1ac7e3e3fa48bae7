import { describe, expect, it } from "vitest";
import {
  assessReview,
  burstThreshold,
  BURST_MIN_REVIEWS,
  extremeFromFreshAccount,
  isNewAccount,
  jaccard,
  nearDuplicate,
  networkPrefix,
  pauseInForce,
  PAUSE_HELD_REVIEWS,
  shingles,
  startsPause,
  type ItemActivity,
  type ReviewFacts,
} from "./review-signals.ts";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25, 12);
let nextId = 1;

/** A review written `minutesAgo` before NOW; an established account on its own network by default. */
function review(overrides: Partial<ReviewFacts> & { minutesAgo?: number } = {}): ReviewFacts {
  const { minutesAgo = 0, ...rest } = overrides;
  const id = nextId++;
  return {
    postId: id,
    authorId: 1000 + id,
    accountCreatedAt: NOW - 400 * DAY,
    createdAt: NOW - minutesAgo * 60_000,
    networkHash: `net-${id}`,
    ratingTenths: 40,
    authorHasOtherReviews: true,
    held: false,
    cleared: false,
    ...rest,
  };
}

const candidate = (overrides: Partial<ReviewFacts> = {}) => ({ ...review(overrides), postId: undefined });
const activity = (recent: ReviewFacts[], baselineCount = 0, textPeers: ItemActivity["textPeers"] = []) => ({
  baselineCount,
  recent,
  textPeers,
});
const newcomer = (o: Partial<ReviewFacts> & { minutesAgo?: number } = {}) =>
  review({ accountCreatedAt: NOW - DAY, authorHasOtherReviews: false, ...o });

describe("networkPrefix", () => {
  it("keeps the /24 of an IPv4 address and the /48 of an IPv6 one", () => {
    expect(networkPrefix("203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkPrefix("::ffff:203.0.113.9")).toBe("203.0.113.0/24");
    expect(networkPrefix("2001:db8:abcd:12::1")).toBe("2001:db8:abcd::/48");
    expect(networkPrefix("2001:0db8:abcd:0012:0000:0000:0000:0001")).toBe("2001:db8:abcd::/48");
    expect(networkPrefix("[2001:db8::1]")).toBe("2001:db8:0::/48");
  });

  it("answers nothing for loopback, private and link-local addresses: a proxy, not a client", () => {
    for (const text of [
      "127.0.0.1",
      "::ffff:127.0.0.1",
      "10.1.2.3",
      "172.16.0.9",
      "172.31.255.1",
      "192.168.1.20",
      "169.254.3.3",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1%eth0",
      "fd12:3456::1",
    ]) {
      expect(networkPrefix(text), text).toBeUndefined();
    }
    expect(networkPrefix("172.32.0.1")).toBe("172.32.0.0/24");
  });

  it("answers nothing for what is not an address", () => {
    for (const text of [
      undefined,
      "",
      "unknown",
      "visitor-3",
      "300.1.1.1",
      "1.2.3",
      "1::2::3",
      "12345::",
      "1:2:3:4:5:6:7:8:9",
    ]) {
      expect(networkPrefix(text)).toBeUndefined();
    }
  });
});

describe("near-duplicate text", () => {
  const base =
    "The lamb shoulder was slow cooked and tender with a crisp garlic crust and bright salsa verde";

  it("finds a copy with a word or two changed, and punctuation or case changes", () => {
    const copy =
      "the LAMB shoulder was slow-cooked and tender, with a crisp garlic crust and a bright salsa verde!";
    expect(jaccard(shingles(base), shingles(copy))).toBeGreaterThan(0.6);
    expect(nearDuplicate(shingles(base), shingles(copy))).toBe(true);
  });

  it("does not call different reviews of the same dish copies", () => {
    const other =
      "Tender lamb but the salsa verde was too sharp for me and the garlic crust burnt at the edges";
    expect(nearDuplicate(shingles(base), shingles(other))).toBe(false);
  });

  it("does not compare texts too short to tell", () => {
    expect(nearDuplicate(shingles("Lovely food, great!"), shingles("Lovely food, great!"))).toBe(false);
  });
});

describe("single-review signals", () => {
  it("counts an account as new for its first seven days", () => {
    expect(isNewAccount({ accountCreatedAt: NOW - 6 * DAY, createdAt: NOW })).toBe(true);
    expect(isNewAccount({ accountCreatedAt: NOW - 7 * DAY, createdAt: NOW })).toBe(false);
  });

  it("calls 0.5-1.0 and 5.0 extreme only from an account with no other reviews", () => {
    expect(extremeFromFreshAccount({ ratingTenths: 50, authorHasOtherReviews: false })).toBe(true);
    expect(extremeFromFreshAccount({ ratingTenths: 5, authorHasOtherReviews: false })).toBe(true);
    expect(extremeFromFreshAccount({ ratingTenths: 10, authorHasOtherReviews: false })).toBe(true);
    expect(extremeFromFreshAccount({ ratingTenths: 11, authorHasOtherReviews: false })).toBe(false);
    expect(extremeFromFreshAccount({ ratingTenths: 49, authorHasOtherReviews: false })).toBe(false);
    expect(extremeFromFreshAccount({ ratingTenths: 50, authorHasOtherReviews: true })).toBe(false);
  });
});

describe("burstThreshold", () => {
  it("is five an hour for an item that usually gets under one a day", () => {
    expect(burstThreshold(0)).toBe(BURST_MIN_REVIEWS);
    expect(burstThreshold(27)).toBe(BURST_MIN_REVIEWS);
  });

  it("rises with the item's own 28-day pace", () => {
    // 48 a day is 2 an hour: a burst is 20 in an hour.
    expect(burstThreshold(48 * 28)).toBe(20);
  });
});

describe("assessReview", () => {
  it("does not hold one review from a new account with an extreme rating", () => {
    const result = assessReview(
      candidate({ accountCreatedAt: NOW - DAY, ratingTenths: 50, authorHasOtherReviews: false }),
      "Best pizza ever",
      activity([]),
    );
    expect(result.hold).toBe(false);
    expect(result.holdEarlier).toEqual([]);
    expect(result.signals.newAccount).toBe(true);
    expect(result.signals.extremeFromFreshAccount).toBe(true);
  });

  it("holds five reviews in an hour from new accounts behind one network, the earlier four too", () => {
    const earlier = [1, 2, 3, 4].map((i) =>
      newcomer({ minutesAgo: i * 5, networkHash: "one", ratingTenths: 50 }),
    );
    const result = assessReview(
      candidate({
        accountCreatedAt: NOW - DAY,
        networkHash: "one",
        ratingTenths: 50,
        authorHasOtherReviews: false,
      }),
      "Superb",
      activity(earlier),
    );
    expect(result.hold).toBe(true);
    expect(result.holdEarlier.sort()).toEqual(earlier.map((r) => r.postId!).sort());
    expect(result.signals.velocity).toMatchObject({ lastHour: 5, burst: true });
    expect(result.signals.networkAccounts).toBe(5);
    expect(result.signals.patterns).toEqual(["burst-new-accounts", "burst-one-network"]);
  });

  it("holds the same pattern of 1.0 ratings against an item (equal rigour)", () => {
    const earlier = [1, 2, 3, 4].map((i) =>
      newcomer({ minutesAgo: i * 5, networkHash: "one", ratingTenths: 10 }),
    );
    const result = assessReview(
      candidate({
        accountCreatedAt: NOW - DAY,
        networkHash: "one",
        ratingTenths: 10,
        authorHasOtherReviews: false,
      }),
      "Awful",
      activity(earlier),
    );
    expect(result.hold).toBe(true);
    expect(result.holdEarlier).toHaveLength(4);
  });

  it("holds a burst from new accounts on different networks", () => {
    const earlier = [1, 2, 3, 4].map((i) =>
      newcomer({ minutesAgo: i * 5, authorHasOtherReviews: true, ratingTenths: 42 }),
    );
    const result = assessReview(
      candidate({ accountCreatedAt: NOW - 2 * DAY, ratingTenths: 42 }),
      "Good",
      activity(earlier),
    );
    expect(result.hold).toBe(true);
    expect(result.signals.patterns).toEqual(["burst-new-accounts"]);
  });

  it("holds a burst of established accounts behind one network", () => {
    const earlier = [1, 2, 3, 4].map((i) => review({ minutesAgo: i * 5, networkHash: "office" }));
    const result = assessReview(candidate({ networkHash: "office" }), "Good", activity(earlier));
    expect(result.hold).toBe(true);
    expect(result.signals.patterns).toEqual(["burst-one-network"]);
  });

  it("does not hold a burst of first reviews at 5.0 from established accounts (a press write-up)", () => {
    const earlier = Array.from({ length: 9 }, (_, i) =>
      review({ minutesAgo: i * 5, ratingTenths: 50, authorHasOtherReviews: false }),
    );
    const result = assessReview(
      candidate({ ratingTenths: 50, authorHasOtherReviews: false }),
      "Wow",
      activity(earlier),
    );
    expect(result.signals.extremeFromFreshAccount).toBe(true);
    expect(result.hold).toBe(false);
    expect(result.holdEarlier).toEqual([]);
  });

  it("does not hold four suspect reviews in an hour: below the minimum", () => {
    const earlier = [1, 2, 3].map((i) => newcomer({ minutesAgo: i * 5, networkHash: "one" }));
    const result = assessReview(
      candidate({ accountCreatedAt: NOW - DAY, networkHash: "one" }),
      "x",
      activity(earlier),
    );
    expect(result.hold).toBe(false);
    expect(result.holdEarlier).toEqual([]);
  });

  it("does not hold a burst of established accounts on their own networks (a busy evening)", () => {
    const earlier = Array.from({ length: 12 }, (_, i) => review({ minutesAgo: i * 4 }));
    const result = assessReview(candidate(), "Great", activity(earlier));
    expect(result.signals.velocity.burst).toBe(true);
    expect(result.hold).toBe(false);
  });

  it("does not hold new accounts on an item whose own pace makes five an hour ordinary", () => {
    const earlier = [1, 2, 3, 4, 5, 6].map((i) => newcomer({ minutesAgo: i * 5 }));
    // 200 a day over 28 days: about 8 an hour, so a burst is 84 in an hour.
    const result = assessReview(
      candidate({ accountCreatedAt: NOW - DAY }),
      "Nice",
      activity(earlier, 200 * 28),
    );
    expect(result.signals.velocity.burst).toBe(false);
    expect(result.hold).toBe(false);
  });

  it("holds only the suspect members of a burst, and only when they are half of it", () => {
    const attackers = [1, 2, 3, 4, 5].map((i) => newcomer({ minutesAgo: i * 5, networkHash: "one" }));
    const regulars = [6, 7, 8].map((i) => review({ minutesAgo: i * 5 }));
    const result = assessReview(candidate(), "Lovely as always", activity([...attackers, ...regulars]));
    expect(result.hold).toBe(false);
    expect(result.holdEarlier.sort()).toEqual(attackers.map((r) => r.postId!).sort());

    const crowd = Array.from({ length: 10 }, (_, i) => review({ minutesAgo: i * 3 }));
    const diluted = assessReview(candidate(), "Lovely", activity([...attackers, ...crowd]));
    expect(diluted.hold).toBe(false);
    expect(diluted.holdEarlier).toEqual([]);
  });

  it("never holds again a review a moderator cleared, nor lists one already held", () => {
    const earlier = [
      newcomer({ minutesAgo: 5, networkHash: "one", cleared: true }),
      newcomer({ minutesAgo: 6, networkHash: "one", held: true }),
      newcomer({ minutesAgo: 7, networkHash: "one" }),
      newcomer({ minutesAgo: 8, networkHash: "one" }),
    ];
    const result = assessReview(
      candidate({ accountCreatedAt: NOW - DAY, networkHash: "one" }),
      "x",
      activity(earlier),
    );
    expect(result.hold).toBe(true);
    expect(result.holdEarlier.sort()).toEqual([earlier[2]!.postId!, earlier[3]!.postId!].sort());
  });

  it("holds near-copies of one text across three accounts, without a burst", () => {
    const text =
      "Honestly the finest ramen in London, rich tonkotsu broth and perfect chashu every single time";
    const peers = [
      { postId: 501, authorId: 1, content: text, held: false, cleared: false },
      { postId: 502, authorId: 2, content: `${text}!!`, held: false, cleared: false },
      {
        postId: 503,
        authorId: 3,
        content: "Broth was thin and the noodles overcooked, would not return",
        held: false,
        cleared: false,
      },
    ];
    const result = assessReview(candidate(), text, activity([], 0, peers));
    expect(result.hold).toBe(true);
    // 501 wrote the text first: the copies are held, never the original.
    expect(result.holdEarlier.sort()).toEqual([502]);
    expect(result.signals.nearDuplicateAccounts).toBe(2);
    expect(result.signals.patterns).toEqual(["near-duplicate-text"]);

    const onePeer = assessReview(candidate(), text, activity([], 0, peers.slice(0, 1)));
    expect(onePeer.hold).toBe(false);
  });

  it("does not count the author's own earlier text as a copy", () => {
    const text =
      "Honestly the finest ramen in London, rich tonkotsu broth and perfect chashu every single time";
    const me = candidate();
    const peers = [1, 2].map((i) => ({
      postId: 600 + i,
      authorId: me.authorId,
      content: text,
      held: false,
      cleared: false,
    }));
    expect(assessReview(me, text, activity([], 0, peers)).hold).toBe(false);
  });
});

describe("the pause", () => {
  const held = (authorId: number, accountCreatedAt: number, networkHash: string | null = null) => ({
    postId: 900 + authorId,
    authorId,
    accountCreatedAt,
    createdAt: NOW,
    networkHash,
  });

  it("starts at held reviews from five distinct new accounts", () => {
    const fresh = [1, 2, 3, 4, 5].map((id) => held(id, NOW - DAY));
    expect(startsPause(fresh.slice(0, PAUSE_HELD_REVIEWS - 1))).toBe(false);
    expect(startsPause(fresh)).toBe(true);
    // One account's reviews count once.
    expect(startsPause([...fresh.slice(0, 4), { ...fresh[0]!, postId: 1 }])).toBe(false);
  });

  it("counts established accounts only when they share a network, never copies from their own", () => {
    const old = NOW - 60 * DAY;
    expect(startsPause([1, 2, 3, 4, 5, 6].map((id) => held(id, old, `net-${id}`)))).toBe(false);
    expect(startsPause([1, 2, 3, 4, 5].map((id) => held(id, old, "one")))).toBe(true);
  });

  it("is in force only until its end", () => {
    expect(pauseInForce(NOW + 1, NOW)).toBe(true);
    expect(pauseInForce(NOW, NOW)).toBe(false);
    expect(pauseInForce(null, NOW)).toBe(false);
  });
});
