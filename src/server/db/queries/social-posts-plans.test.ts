// The feed and post search read by index in the order they answer, so a page stops after
// page size + 1 rows at any depth: EXPLAIN QUERY PLAN may show no full scan of posts and no
// sort of posts (a temporary B-tree sorts only an author's page of at most page size + 1 rows
// while the per-author ranges are merged).
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogueFixture, type CatalogueFixture } from "../../testing/fixture.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { buildMatch } from "./fts-match.ts";
import {
  postsOfAuthorsQuery,
  postsOfFollowedScanQuery,
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
  it("reads each followed author's posts as one index range from the cursor, merged without sorting posts", async () => {
    const details = await plan(postsOfAuthorsQuery([f.userIds.ada, f.userIds.ben, 99], cursor, 6));
    expect(details.filter((d) => /posts/.test(d))).toEqual(
      Array(3).fill("SEARCH p USING INDEX posts_top_author_created_idx (author_id=? AND created_at<?)"),
    );
    expect(details).toContain("MERGE (UNION ALL)");
    expect(details.filter((d) => /^SCAN p\b/.test(d))).toEqual([]);
  });

  it("walks posts newest first from the cursor for someone following many, probing follows by key", async () => {
    for (const query of [
      postsOfFollowedScanQuery(f.userIds.ada, cursor, 6),
      suggestedPostsQuery({ viewer: f.userIds.ada, minRatingTenths: 45, since: 0, cursor, limit: 6 }),
    ]) {
      const details = await plan(query);
      expect(details[0]).toMatch(
        /^SEARCH p USING INDEX posts_top_created_idx \((created_at>\? AND )?created_at<\?\)$/,
      );
      expect(details.join(" | ")).not.toMatch(/TEMP B-TREE|SCAN p\b/);
    }
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
