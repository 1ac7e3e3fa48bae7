// The feed and post search read by index in the order they answer, so a page stops after
// page size + 1 rows at any depth: EXPLAIN QUERY PLAN may show no full scan of posts and no
// sort. The feed is one range of feed_entries' primary key from the cursor; with no sort
// between it and the LIMIT, SQLite steps that range exactly LIMIT (page size + 1) times.
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogueFixture, type CatalogueFixture } from "../../testing/fixture.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { buildMatch } from "./fts-match.ts";
import {
  FEED_FOLLOW_BACKFILL,
  feedPageQuery,
  searchPostsQuery,
  suggestedPostsQuery,
} from "./social-posts.ts";

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());

async function plan(query: SQL): Promise<string[]> {
  const rows = await t.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${query}`);
  return rows.map((row) => row.detail);
}

const cursor = { createdAt: Date.UTC(2026, 10, 1), id: 40 };

describe("feed and post search plans", () => {
  it("reads a feed page as one range of feed_entries' primary key from the cursor, each post by its key", async () => {
    for (const from of [undefined, cursor]) {
      const details = await plan(feedPageQuery(f.userIds.ada, from, 6));
      expect(details[0]).toBe(
        `SEARCH e USING PRIMARY KEY (owner_id=?${from ? " AND (created_at,post_id)<(?,?)" : ""})`,
      );
      expect(details[1]).toBe("SEARCH p USING INTEGER PRIMARY KEY (rowid=?)");
      // The rest are the block checks: a primary-key probe of blocks each way.
      for (const detail of details.slice(2))
        expect(detail).toMatch(
          /^(CORRELATED SCALAR SUBQUERY \d+|SEARCH b USING (COVERING INDEX|PRIMARY KEY) .*)$/,
        );
      expect(details.join(" | ")).not.toMatch(/TEMP B-TREE|\bSCAN\b/);
    }
  });

  it("walks posts newest first from the cursor for suggestions, probing follows by key", async () => {
    const details = await plan(
      suggestedPostsQuery({ viewer: f.userIds.ada, minRatingTenths: 45, since: 0, cursor, limit: 6 }),
    );
    expect(details[0]).toMatch(
      /^SEARCH p USING INDEX posts_top_created_idx \((created_at>\? AND )?created_at<\?\)$/,
    );
    expect(details.join(" | ")).not.toMatch(/TEMP B-TREE|SCAN p\b/);
  });

  it("the triggers that keep feed_entries true bring FEED_FOLLOW_BACKFILL posts with a follow", async () => {
    const rows = await t.db.all<{ name: string; sql: string }>(
      sql`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%feed_entries%' ORDER BY name`,
    );
    expect(rows.map((r) => r.name)).toEqual([
      "feed_follow_delete",
      "feed_follow_insert",
      "feed_post_delete",
      "feed_post_insert",
      "feed_post_update",
    ]);
    expect(rows.find((r) => r.name === "feed_follow_insert")!.sql).toContain(
      `LIMIT ${FEED_FOLLOW_BACKFILL};`,
    );
  });

  it("search runs from the FTS hits in id order, or walks posts by id without a keyword, never sorting", async () => {
    const withKeyword = await plan(
      searchPostsQuery({
        viewer: 0,
        match: buildMatch({ keyword: "ramen" }),
        minTenths: 45,
        beforeId: 30,
        limit: 6,
      }),
    );
    expect(withKeyword[0]).toMatch(/^SCAN s VIRTUAL TABLE INDEX/);
    expect(withKeyword).toContain("SEARCH p USING INTEGER PRIMARY KEY (rowid=?)");
    const without = await plan(searchPostsQuery({ viewer: 0, match: null, beforeId: 30, limit: 6 }));
    // Top-level posts are the review_group_id IS NULL range of posts_group_idx, in rowid order.
    expect(without[0]).toMatch(
      /^SEARCH p USING (INTEGER PRIMARY KEY|INDEX posts_group_idx \(review_group_id=\? AND) ?\(?rowid<\?\)$/,
    );
    for (const details of [withKeyword, without]) expect(details.join(" | ")).not.toMatch(/TEMP B-TREE/);
  });
});
