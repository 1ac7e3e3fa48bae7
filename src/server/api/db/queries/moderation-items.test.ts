// The moderation queue's storage (issue 21): the seam other sources open items through, and a
// queue page that is one index walk in the queue's order with 10,000 open items, whatever the
// filter (no temporary B-tree for the ORDER BY, no scan of the table).
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { openModerationItem, queuePage, queuePageQuery } from "./moderation-items.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // 10,000 open items across kinds and two reasons, as many reports would leave them.
  await t.db.run(sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
    INSERT INTO moderation_items (kind, target_id, state, source, opened_at, report_count)
    SELECT CASE i % 3 WHEN 0 THEN 'review' WHEN 1 THEN 'comment' ELSE 'user' END, i, 'open', 'reports', 1000 + i, 1 FROM n`);
  await t.db
    .run(sql`INSERT INTO moderation_item_reasons (item_id, reason, kind, report_count, opened_at, is_open)
    SELECT id, CASE id % 2 WHEN 0 THEN 'spam-or-fake' ELSE 'offensive' END, kind, 1, opened_at, 1 FROM moderation_items`);
  await t.db.run(sql`ANALYZE`);
});
afterAll(() => t.close());

async function plan(query: SQL): Promise<string> {
  const rows = await t.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${query}`);
  return rows.map((row) => row.detail).join(" | ");
}

describe("the queue page", () => {
  it.each([
    ["no filter", {}, "moderation_items_open_tier_idx"],
    ["by kind", { kind: "review" as const }, "moderation_items_open_kind_tier_idx"],
    ["by reason", { reason: "spam-or-fake" }, "moderation_item_reasons_open_idx"],
    [
      "by kind and reason",
      { kind: "comment" as const, reason: "offensive" },
      "moderation_item_reasons_open_kind_idx",
    ],
  ])("%s walks %s in order", async (_name, filter, index) => {
    const detail = await plan(
      queuePageQuery({ ...filter, moderatorId: 1, after: { queueTier: 1, openedAt: 5000, id: 4000 }, limit: 21 }),
    );
    expect(detail).toContain(index);
    expect(detail).not.toMatch(/TEMP B-TREE/);
    expect(detail).not.toMatch(/SCAN moderation_items(?! USING)/);
  });

  it("pages oldest first by keyset, filtered", async () => {
    const first = await queuePage(t.db, { kind: "review", reason: "spam-or-fake", moderatorId: 1, limit: 3 });
    expect(first.map((row) => row.kind)).toEqual(["review", "review", "review"]);
    const next = await queuePage(t.db, {
      kind: "review",
      reason: "spam-or-fake",
      moderatorId: 1,
      after: { queueTier: 1, openedAt: first.at(-1)!.openedAt, id: first.at(-1)!.id },
      limit: 3,
    });
    expect(next[0]!.openedAt).toBeGreaterThan(first.at(-1)!.openedAt);
  });
});

describe("openModerationItem", () => {
  it("opens an item for another source, then merges its signals and reasons into the open one", async () => {
    const id = await openModerationItem(t.db, {
      kind: "review",
      targetId: 99_001,
      source: "signals",
      openedAt: 10,
      reasons: ["spam-or-fake"],
      signals: { burst: { reviews: 40 } },
    });
    const again = await openModerationItem(t.db, {
      kind: "review",
      targetId: 99_001,
      source: "signals",
      openedAt: 20,
      reasons: ["conflict-of-interest"],
      signals: { network: { accounts: 12 } },
    });
    expect(again).toBe(id);
    const [row] = await t.db.all<{ signals: string; source: string; opened_at: number }>(
      sql`SELECT signals, source, opened_at FROM moderation_items WHERE id = ${id}`,
    );
    expect(JSON.parse(row!.signals)).toEqual({ burst: { reviews: 40 }, network: { accounts: 12 } });
    expect(row).toMatchObject({ source: "signals", opened_at: 10 });
    const reasons = await t.db.all<{ reason: string }>(
      sql`SELECT reason FROM moderation_item_reasons WHERE item_id = ${id} ORDER BY reason`,
    );
    expect(reasons.map((r) => r.reason)).toEqual(["conflict-of-interest", "spam-or-fake"]);
  });
});
