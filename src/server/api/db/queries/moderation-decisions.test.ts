// The queue's author context counts a person's live reviews without reading each of their rows:
// at scale 100 a seeded author has 26,886 reviews (docs/perf/moderation.md).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogueFixture, type CatalogueFixture } from "../../testing/fixture.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { reviewCountOf, reviewCountQuery } from "./moderation-decisions.ts";

let t: TestApp;
let f: CatalogueFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());

const postsBy = async (userId: number) =>
  (await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM posts WHERE author_id = ${userId}`))[0]!.n;

describe("reviewCountOf", () => {
  it("counts a person's reviews less the removed ones", async () => {
    const all = await postsBy(f.userIds.ada);
    expect(all).toBeGreaterThan(1);
    expect(await reviewCountOf(t.db, f.userIds.ada)).toBe(all);
    await t.db.run(sql`UPDATE posts SET removed_at = ${t.clock.now()}
      WHERE id = (SELECT min(id) FROM posts WHERE author_id = ${f.userIds.ada})`);
    expect(await reviewCountOf(t.db, f.userIds.ada)).toBe(all - 1);
    expect(await reviewCountOf(t.db, f.userIds.ben)).toBe(await postsBy(f.userIds.ben));
  });

  it("reads the author's index entries, and the rows of their removed reviews only", async () => {
    const plan = (
      await t.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${reviewCountQuery(f.userIds.ada)}`)
    ).map((row) => row.detail);
    const reads = plan.filter((detail) => /posts/.test(detail));
    expect(reads).toEqual([
      expect.stringMatching(/USING COVERING INDEX posts_author_created_idx \(author_id=\?\)/),
      // Partial: it holds removed reviews only, so its row reads are the few removed ones.
      expect.stringMatching(/USING INDEX posts_author_removed_idx \(author_id=\?\)/),
    ]);
  });
});
