// Migrations 0015-0017 and 0020 (issue 20, "one voice per person per item"): a database built
// without them, holding the duplicates the old rules allowed, keeps every review as
// a live review or a version, moves what hung on the duplicates to the kept review, and
// passes db:check's recomputation of every aggregate.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import type { Database } from "./client.ts";
import { openDatabase } from "./node-client.ts";
import { findAggregateMismatches } from "./queries/aggregate-check.ts";
import { recordReviews } from "./queries/review-bulk-record.ts";

const MIGRATIONS = resolve(import.meta.dirname, "../../../../drizzle");
// This migrations. Later ones (roles, owners, signals...) add columns the fixture's
// writers fill, so the database is built with every migration but these, loaded with the
// duplicates the old rules allowed, and then these run as the migrator runs them.
const ONE_VOICE_TAGS = /^\d+_(review_versions|one_review_per_item|one_review_per_item_index|merged_reviews_orphans)$/;
const DAY = 86_400_000;

let folder: string;
let db: Database;
let close: () => void;
let f: CatalogueFixture;

/** A copy of drizzle/ whose journal leaves out this migrations, and their tags. */
function migrationsWithoutOneVoice(): { folder: string; skipped: string[] } {
  const copy = join(folder, "drizzle-before");
  cpSync(MIGRATIONS, copy, { recursive: true });
  const journalPath = join(copy, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const skipped = journal.entries.filter((e) => ONE_VOICE_TAGS.test(e.tag)).map((e) => e.tag);
  expect(skipped).toHaveLength(4);
  journal.entries = journal.entries.filter((e) => !ONE_VOICE_TAGS.test(e.tag));
  writeFileSync(journalPath, JSON.stringify(journal));
  return { folder: copy, skipped };
}

/** Runs migrations' SQL statement by statement, with foreign keys off as libSQL's migrator does. */
async function runMigrations(tags: string[]): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys = OFF`);
  for (const tag of tags) {
    for (const statement of readFileSync(join(MIGRATIONS, `${tag}.sql`), "utf8").split("--> statement-breakpoint")) {
      if (statement.trim()) await db.run(sql.raw(statement));
    }
  }
  await db.run(sql`PRAGMA foreign_keys = ON`);
}

const all = <T>(query: ReturnType<typeof sql>) => db.all<T>(query);
const one = async (query: ReturnType<typeof sql>) => Number((await db.all<{ n: number }>(query))[0]!.n);

interface Snapshot {
  id: number;
  content: string;
}
let snapshot: Snapshot[];
let ids: Record<string, number>;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "dishcovery-migration-"));
  const opened = await openDatabase(`file:${join(folder, "test.db")}`);
  db = opened.db;
  close = () => opened.client.close();
  const before = migrationsWithoutOneVoice();
  await migrate(db, { migrationsFolder: before.folder });
  const now = Date.UTC(2026, 10, 25, 12);
  f = await buildCatalogueFixture(db, now);
  const { ada, ben } = f.userIds;
  const roma = f.restaurantIds["Trattoria Roma"]!;
  const napoli = f.restaurantIds["Bella Napoli"]!;
  // What the old rules let one person post: the same restaurant again on later days, a dish
  // again on its own and inside a restaurant review, a restaurant review whose dish reviews
  // are not duplicates. Ada and Ben already have one review of each of these (the fixture).
  const [romaAgain, carbonaraInside, romaThird, margheritaAgain, napoliOld, diavolaInOld, napoliNew] =
    await recordReviews(db, [
      { restaurantId: roma, authorId: ada, content: "Roma, second visit", ratingTenths: 30, createdAt: now - 5 * DAY },
      {
        dishId: f.dishIds.Carbonara!,
        authorId: ada,
        content: "Carbonara inside the second visit",
        ratingTenths: 20,
        createdAt: now - 5 * DAY + 1000,
        groupWithIndex: 0,
      },
      { restaurantId: roma, authorId: ada, content: "Roma, third visit", ratingTenths: 50, createdAt: now - DAY },
      { dishId: f.dishIds.Margherita!, authorId: ben, content: "Margherita again", ratingTenths: 10, createdAt: now },
      { restaurantId: napoli, authorId: ben, content: "Napoli, long ago", ratingTenths: 25, createdAt: now - 400 * DAY },
      {
        dishId: f.dishIds.Diavola!,
        authorId: ben,
        content: "Diavola, long ago",
        ratingTenths: 35,
        createdAt: now - 400 * DAY + 1000,
        groupWithIndex: 4,
      },
      { restaurantId: napoli, authorId: ben, content: "Napoli, lately", ratingTenths: 45, createdAt: now - 2 * DAY },
    ]);
  ids = { romaAgain, carbonaraInside, romaThird, margheritaAgain, napoliOld, diavolaInOld, napoliNew } as Record<
    string,
    number
  >;
  // What hangs on a review that will become a version: a photo, a comment, likes, a save, a report.
  await db.run(sql`INSERT INTO files (name, content_type, width, height, bytes, owner_id, created_at)
    VALUES ('roma-photo.webp', 'image/webp', 800, 600, 1000, ${ada}, ${now})`);
  await db.run(sql`INSERT INTO post_images (post_id, file_name, position, variants)
    VALUES (${romaAgain}, 'roma-photo.webp', 0, '[{"name":"roma-photo.webp","width":800}]')`);
  await db.run(sql`INSERT INTO comments (post_id, user_id, content, created_at) VALUES (${romaAgain}, ${ben}, 'Nice one', ${now})`);
  await db.run(sql`INSERT INTO post_likes (post_id, user_id, created_at) VALUES (${romaAgain}, ${ben}, ${now}),
    (${romaThird}, ${ben}, ${now}), (${napoliOld}, ${ada}, ${now})`);
  await db.run(sql`INSERT INTO post_saves (post_id, user_id, created_at) VALUES (${napoliOld}, ${ada}, ${now})`);
  await db.run(sql`INSERT INTO review_reports (post_id, reporter_id, reason, created_at)
    VALUES (${margheritaAgain}, ${ada}, 'spam-or-fake', ${now})`);
  snapshot = await all<Snapshot>(sql`SELECT id, content FROM posts ORDER BY id`);
  await runMigrations(before.skipped);
});
afterAll(() => {
  close();
  rmSync(folder, { recursive: true, force: true });
});

describe("one review per person per item, migrated", () => {
  it("keeps every review, as a live review or a version of the latest one", async () => {
    const live = await all<Snapshot>(sql`SELECT id, content FROM posts`);
    const versions = await all<{ postId: number; content: string }>(
      sql`SELECT post_id AS postId, content FROM review_versions ORDER BY edited_at`,
    );
    expect(live.length + versions.length).toBe(snapshot.length);
    const kept = new Set([...live, ...versions].map((r) => r.content));
    expect(snapshot.filter((r) => !kept.has(r.content))).toEqual([]);
    expect(
      await one(sql`SELECT count(*) AS n FROM (SELECT 1 FROM posts WHERE restaurant_id IS NOT NULL
        GROUP BY author_id, restaurant_id HAVING count(*) > 1)`),
    ).toBe(0);
    expect(
      await one(sql`SELECT count(*) AS n FROM (SELECT 1 FROM posts WHERE dish_id IS NOT NULL
        GROUP BY author_id, dish_id HAVING count(*) > 1)`),
    ).toBe(0);
    // Ada's Roma reviews, oldest first, are versions of her latest.
    expect(versions.filter((v) => v.postId === ids.romaThird).map((v) => v.content)).toEqual([
      "Review 1 of Trattoria Roma.",
      "Roma, second visit",
    ]);
  });

  it("moves the photo, comment, likes, save and report to the kept review, and regroups dish reviews", async () => {
    const [version] = await all<{ photos: string }>(
      sql`SELECT photos FROM review_versions WHERE content = 'Roma, second visit'`,
    );
    expect(JSON.parse(version!.photos)).toEqual([
      { fileName: "roma-photo.webp", variants: [{ name: "roma-photo.webp", width: 800 }] },
    ]);
    expect(await one(sql`SELECT count(*) AS n FROM files WHERE name = 'roma-photo.webp'`)).toBe(1);
    expect(await one(sql`SELECT count(*) AS n FROM comments WHERE post_id = ${ids.romaThird}`)).toBe(1);
    // Ben liked two of Ada's Roma reviews: one like on the kept one.
    expect(await one(sql`SELECT count(*) AS n FROM post_likes WHERE post_id = ${ids.romaThird}`)).toBe(1);
    expect(await one(sql`SELECT count(*) AS n FROM post_likes WHERE post_id = ${ids.napoliNew}`)).toBe(1);
    expect(await one(sql`SELECT count(*) AS n FROM post_saves WHERE post_id = ${ids.napoliNew}`)).toBe(1);
    expect(await one(sql`SELECT count(*) AS n FROM review_reports WHERE post_id = ${ids.margheritaAgain}`)).toBe(1);
    // The Diavola review posted with the superseded Napoli review now sits in the kept one.
    const [diavola] = await all<{ groupId: number }>(
      sql`SELECT review_group_id AS groupId FROM posts WHERE id = ${ids.diavolaInOld}`,
    );
    expect(diavola!.groupId).toBe(ids.napoliNew);
    expect(await all(sql`PRAGMA foreign_key_check`)).toEqual([]);
  });

  it("recomputes every aggregate as db:check does, and the index refuses a new duplicate", async () => {
    expect(await findAggregateMismatches(db)).toEqual([]);
    const refused = await db
      .run(sql`INSERT INTO posts (author_id, restaurant_id, content, rating_tenths, created_at)
        VALUES (${f.userIds.ada}, ${f.restaurantIds["Trattoria Roma"]}, 'again', 40, 1)`)
      .then(() => null, (error: { cause?: Error }) => String(error.cause?.message));
    expect(refused).toMatch(/UNIQUE constraint failed: posts\.author_id, posts\.restaurant_id/);
  });
});
