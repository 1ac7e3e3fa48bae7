import { describe, expect, it } from "vitest";
import type { QueueItem } from "../../shared/schemas/moderation.ts";
import {
  accountAge,
  appendPage,
  decisionMessage,
  groupItems,
  groupOf,
  itemTitle,
  nextFocusAfter,
} from "./queue-view.ts";

function item(id: number, over: Partial<QueueItem> = {}): QueueItem {
  return {
    id,
    kind: "review",
    targetId: id * 10,
    source: "reports",
    openedAt: "2026-11-01T10:00:00.000Z",
    reportCount: 1,
    reasons: [],
    reports: [],
    signals: null,
    appeal: null,
    target: null,
    author: {
      id: 900,
      username: "author",
      accountCreatedAt: "2026-01-01T00:00:00.000Z",
      reviewCount: 3,
      earlierDecisions: [],
    },
    ...over,
  };
}

const report = (reporterId: number | null) => ({
  reporterId,
  reporterUsername: reporterId === null ? null : `r${reporterId}`,
  reason: "spam-or-fake",
  note: "",
  createdAt: "2026-11-01T10:00:00.000Z",
});

describe("the queue's groups", () => {
  it("groups by what was reported, claim evidence apart from added places", () => {
    expect(groupOf({ kind: "restaurant", source: "community-added" })).toBe("catalogue");
    expect(groupOf({ kind: "dish", source: "reports" })).toBe("catalogue");
    expect(groupOf({ kind: "restaurant", source: "claim-evidence" })).toBe("claim");
    expect(groupOf({ kind: "user", source: "reports" })).toBe("user");
  });

  it("shows groups in a fixed order, each keeping the API's oldest-first order", () => {
    const items = [item(1, { kind: "user" }), item(2), item(3, { kind: "comment" }), item(4)];
    expect(groupItems(items).map((g) => [g.heading, g.items.map((i) => i.id)])).toEqual([
      ["Reviews", [2, 4]],
      ["Comments", [3]],
      ["People", [1]],
    ]);
  });

  it("moves the focus to the next item on screen, else the one before, else nowhere", () => {
    const items = [item(1, { kind: "user" }), item(2), item(3, { kind: "comment" }), item(4)];
    // On screen: 2, 4 (reviews), 3 (comments), 1 (people).
    expect(nextFocusAfter(items, 4)).toBe(3);
    expect(nextFocusAfter(items, 1)).toBe(3);
    expect(nextFocusAfter([item(7)], 7)).toBeNull();
    expect(nextFocusAfter(items, 99)).toBeNull();
  });

  it("leaves out items a further page repeats", () => {
    expect(appendPage([item(1), item(2)], [item(2), item(3)]).map((i) => i.id)).toEqual([1, 2, 3]);
  });
});

describe("what a decision says", () => {
  it("counts each reporter once, and never the author as a reporter", () => {
    const reported = item(1, { reports: [report(5), report(6), report(5), report(900), report(null)] });
    expect(decisionMessage("remove", reported)).toBe("Removed. The author and 2 reporters were told.");
  });

  it("words one reporter, no reporter and no author", () => {
    expect(decisionMessage("keep", item(1, { reports: [report(5)], author: null }))).toBe(
      "Kept. 1 reporter was told.",
    );
    expect(decisionMessage("warn", item(1))).toBe("Warned. The author was told.");
    expect(decisionMessage("approve", item(1, { author: null }))).toBe("Approved.");
    expect(decisionMessage("suspend", item(1, { reports: [report(5)] }))).toBe(
      "Suspended. The author and 1 reporter were told.",
    );
  });
});

describe("an account's age", () => {
  const now = Date.parse("2026-11-10T12:00:00.000Z");
  it("says days, then months, then years", () => {
    expect(accountAge("2026-11-10T08:00:00.000Z", now)).toBe("less than a day old");
    expect(accountAge("2026-11-09T12:00:00.000Z", now)).toBe("1 day old");
    expect(accountAge("2026-11-07T12:00:00.000Z", now)).toBe("3 days old");
    expect(accountAge("2026-06-10T12:00:00.000Z", now)).toBe("5 months old");
    expect(accountAge("2023-11-10T12:00:00.000Z", now)).toBe("3 years old");
    expect(accountAge("not a date", now)).toBe("of unknown age");
  });
});

describe("an item's heading", () => {
  const subject = { kind: "dish" as const, id: 3, name: "Dumplings", url: "/dish/3" };
  const review = { type: "review" as const, content: "x", rating: 4, photos: [], removedAt: null, subject };
  it("says what it is and whose, and marks an appeal", () => {
    expect(itemTitle(item(1, { target: review }))).toBe("Review by @author of Dumplings");
    const appeal = {
      id: 1,
      decisionId: 2,
      note: "n",
      byRole: "author" as const,
      createdAt: "2026-11-01T10:00:00.000Z",
      decision: { action: "remove", reason: "spam-or-fake", note: "" },
    };
    expect(itemTitle(item(1, { target: review, appeal }))).toBe("Appeal: Review by @author of Dumplings");
    expect(itemTitle(item(1, { kind: "comment", target: null }))).toBe("Comment 10, since deleted");
    expect(
      itemTitle(
        item(1, {
          kind: "dish",
          target: { type: "dish", name: "Pie", url: "/dish/1", fields: {}, removedAt: null },
        }),
      ),
    ).toBe("Dish “Pie”");
  });
});
