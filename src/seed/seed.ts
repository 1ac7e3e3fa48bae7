// The deterministic London seed: same scale and clock in, same database out, every time.
// Everything random comes from seeded streams (random.ts), one per part (fill/), so a part
// changes nothing the others draw; the only clock is `now`. Bulk paths: catalogue rows go in
// without per-row search indexing and the FTS tables are rebuilt once; reviews go through
// recordReviews (the same code the review API uses) in chronological batches, so every
// aggregate is exactly what the posts imply.
import type { BatchItem } from "drizzle-orm/batch";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../server/api/db/client.ts";
import { withoutSearchTriggers } from "../server/api/db/queries/search-index.ts";
import { regions, users } from "../server/api/db/schema.ts";
import type { FileStorage } from "../server/api/deps.ts";
import { imagePool } from "./artwork/image-pool.ts";
import type { SeedContext } from "./fill/context.ts";
import { fillOffers } from "./fill/offers.ts";
import { startPictures } from "./fill/pictures.ts";
import { fillPlaces } from "./fill/places.ts";
import { fillRestaurants } from "./fill/restaurants.ts";
import { fillReviews } from "./fill/reviews.ts";
import { fillSocial } from "./fill/social.ts";
import { fillTags } from "./fill/tags.ts";
import { fillUsers, SEEDED_PASSWORD_HASH } from "./fill/users.ts";
import { planVisits } from "./fill/visits.ts";
import { createRandom } from "./random.ts";

export { SEEDED_PASSWORD_HASH };

export const SEED_NOW = Date.UTC(2026, 10, 25);
const SEED = "dishcovery-london-v1";

export interface SeedOptions {
  /** 1 is about 420 restaurants and 10,000 posts; 100 is 42,000 and over a million. */
  scale?: number;
  now?: number;
  log?: (line: string) => void;
}

export interface SeedSummary {
  regions: number;
  areas: number;
  tags: number;
  users: number;
  restaurants: number;
  dishes: number;
  offers: number;
  posts: number;
  comments: number;
  commentLikes: number;
  follows: number;
  files: number;
  seconds: number;
  /** Seconds the picture worker spent rendering (0 when every picture was cached). */
  imageSeconds: number;
}

/** True once the seed (or anything else) has put London's regions in. */
export async function isDatabaseSeeded(db: Database): Promise<boolean> {
  const rows = await db.select({ id: regions.id }).from(regions).limit(1);
  return rows.length > 0;
}

/**
 * Deletes everything the seed creates (catalogue, posts, seeded users) so it can run again.
 * Users who registered themselves are kept; their posts go with the catalogue they rated.
 */
export async function clearSeededData(db: Database): Promise<void> {
  // One batch: atomic on libSQL and D1 alike, which refuses interactive transactions.
  const statements: BatchItem<"sqlite">[] = [
    ...[
      "comment_likes",
      "comments",
      "post_images",
      "posts",
      "offers",
      "dish_tags",
      "dishes",
      "restaurant_tags",
      "restaurants",
      "areas",
      "regions",
      "tags",
      "dish_search",
      "restaurant_search",
    ].map((table) => db.run(sql.raw(`DELETE FROM ${table}`))),
    db.delete(users).where(eq(users.passwordHash, SEEDED_PASSWORD_HASH)),
    db.run(
      sql.raw(
        `DELETE FROM sqlite_sequence WHERE name IN ('comments','posts','offers','dishes','restaurants','areas','regions','tags')`,
      ),
    ),
    // With no user left, user ids start again from 1.
    db.run(
      sql.raw(
        `DELETE FROM sqlite_sequence WHERE name IN ('users','profiles') AND NOT EXISTS (SELECT 1 FROM users)`,
      ),
    ),
  ];
  // Without the search triggers, or each deleted row would rewrite index rows about to go.
  await withoutSearchTriggers(db, () =>
    db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]),
  );
}

// A million reviews update five indexes on posts at random places; with SQLite's default
// 2 MB page cache each of those is a read from the OS. 256 MB keeps them in memory.
const SEED_CACHE_KIB = 256 * 1024;

export async function seedDatabase(
  db: Database,
  storage: FileStorage,
  options: SeedOptions = {},
): Promise<SeedSummary> {
  const scale = options.scale ?? 1;
  const now = options.now ?? SEED_NOW;
  const log = options.log ?? (() => {});
  if (!(scale > 0) || !Number.isFinite(scale))
    throw new RangeError(`scale must be a positive number, got ${scale}`);
  const [previous] = await db.all<{ cache_size: number }>(sql`PRAGMA cache_size`);
  await db.run(sql.raw(`PRAGMA cache_size = -${SEED_CACHE_KIB}`));
  try {
    return await fillDatabase(db, storage, scale, now, log);
  } finally {
    await db.run(sql.raw(`PRAGMA cache_size = ${Number(previous?.cache_size ?? -2000)}`));
  }
}

async function fillDatabase(
  db: Database,
  storage: FileStorage,
  scale: number,
  now: number,
  log: (line: string) => void,
): Promise<SeedSummary> {
  const started = performance.now();
  const root = createRandom(SEED);
  const ctx: SeedContext = { db, now, log, pool: imagePool(scale) };

  const pictures = await startPictures(ctx, scale);
  const places = await fillPlaces(ctx);
  const tags = await fillTags(ctx);
  log(`regions ${places.regionId.size}, areas ${places.areaId.size}, tags ${tags.count}`);

  const people = await fillUsers(ctx, scale, root.fork("users"));
  log(`users ${people.ids.length}`);

  // The bulk load runs without the search triggers and builds the index once (decision 013).
  const { placed, dishCount } = await withoutSearchTriggers(db, () =>
    fillRestaurants(ctx, scale, places, tags.tagIdOf, root.fork("restaurants")),
  );
  log("search index built");
  const offerCount = await fillOffers(ctx, scale, placed, root.fork("offers"));
  log(`offers ${offerCount}`);

  const visits = planVisits(now, scale, placed, people, root.fork("visits"));
  const posts = await fillReviews(ctx, visits, placed, people.ids, root.fork("review-texts"));
  const social = await fillSocial(ctx, posts, people, root.fork("social"));

  const { files, imageSeconds } = await pictures.finish(storage);

  return {
    regions: places.regionId.size,
    areas: places.areaId.size,
    tags: tags.count,
    users: people.ids.length,
    restaurants: placed.length,
    dishes: dishCount,
    offers: offerCount,
    posts: posts.ids.length,
    ...social,
    files,
    seconds: (performance.now() - started) / 1000,
    imageSeconds,
  };
}
