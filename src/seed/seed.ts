// The deterministic London seed: same scale and clock in, same database out, every time.
// Everything random comes from seeded streams (random.ts); the only clock is `now`.
// Bulk paths: catalogue rows go in without per-row search indexing and the FTS tables are
// rebuilt once; reviews go through recordReviews (the same code the review API uses) in
// chronological batches, so every aggregate is exactly what the posts imply.
import type { BatchItem } from "drizzle-orm/batch";
import { usernameSkeleton } from "../domain/username-skeleton.ts";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../server/api/db/client.ts";
import {
  insertDishes,
  insertOffers,
  insertRestaurants,
  type NewDish,
  type NewRestaurant,
  type NewOffer,
} from "../server/api/db/queries/catalogue-writes.ts";
import { recordReviews, type NewReview } from "../server/api/db/queries/reviews.ts";
import { rebuildSearchIndex } from "../server/api/db/queries/search-index.ts";
import {
  areas,
  commentLikes,
  comments,
  files,
  follows,
  profiles,
  regions,
  tags,
  users,
} from "../server/api/db/schema.ts";
import type { FileStorage } from "../server/api/files/file-storage.ts";
import { imagePool, slug } from "./artwork/image-pool.ts";
import { startRendering } from "./artwork/render.ts";
import { AREAS, REGION_NAMES, type AreaSeed } from "./london-places.ts";
import { CUISINES, type CuisineSeed } from "./menu.ts";
import { monogramLetter, restaurantName } from "./names.ts";
import {
  offerAvailability,
  offerBooking,
  offerDeal,
  offerDescription,
  offerTerms,
  offerTitle,
} from "./offers.ts";
import {
  COMMENTS,
  FIRST_NAMES,
  LAST_NAMES,
  REPLIES,
  bio,
  dishReviewText,
  handle,
  restaurantReviewText,
} from "./people.ts";
import { createRandom, type Random } from "./random.ts";
import { openingHours } from "./hours.ts";
import { TAGS } from "./tags.ts";

const TAG_KIND = new Map(TAGS.map((t) => [t.name, t.kind]));

export const SEED_NOW = Date.UTC(2026, 10, 25);
const DAY = 86_400_000;
const SEED = "dishcovery-london-v1";

/**
 * Seeded users cannot log in: "!" is not a hash any password verifies against, so the
 * login route treats it as a mismatch. They exist to write reviews, comments and follows.
 */
export const SEEDED_PASSWORD_HASH = "!";

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

/** Per restaurant, what the review generator needs, kept compact for large scales. */
interface PlacedRestaurant {
  id: number;
  name: string;
  area: AreaSeed;
  cuisine: CuisineSeed;
  quality: number;
  popularity: number;
  buzzing: boolean;
  images: string[];
  dishIds: number[];
  dishNames: string[];
  dishImages: string[];
  dishQuality: number[];
  dishWeight: number[];
  bookingLink: string | undefined;
}

interface Visit {
  at: number;
  restaurant: number;
  author: number;
  /** Indexes into the restaurant's dishes. */
  dishes: number[];
  /** A dish review posted on its own, without a restaurant review. */
  dishOnly: boolean;
}

const RESTAURANTS_PER_SCALE = 420;
const POSTS_PER_SCALE = 10_500;
const OFFERS_PER_SCALE = 45;
const BATCH_RESTAURANTS = 1000;
const REVIEW_BATCH_POSTS = 4000;

/** Cumulative weights for fast weighted picks over tens of thousands of items. */
function cumulative(weights: number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i++) out[i] = total += weights[i]!;
  return out;
}

function pickIndex(cum: Float64Array, random: Random): number {
  const target = random.next() * cum[cum.length - 1]!;
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cum[mid]! > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function clampRating(value: number): number {
  return Math.min(50, Math.max(0, Math.round(value)));
}

/** Reviewers mostly give whole and half stars; some use the slider's tenths. */
function ratingFor(quality: number, random: Random): number {
  const raw = quality + random.normal() * 0.45;
  return random.chance(0.6) ? clampRating(Math.round(raw * 2) * 5) : clampRating(raw * 10);
}

function postCode(area: AreaSeed, random: Random): string {
  const letters = "ABDEFGHJLNPQRSTUWXYZ";
  return `${random.pick(area.districts)} ${random.int(1, 9)}${random.pick([...letters])}${random.pick([...letters])}`;
}

function priceMinor(min: number, max: number, random: Random): number {
  const raw = min + random.next() * (max - min);
  // Menus price in 50p steps above £5 and 10p steps below.
  const step = raw >= 500 ? 50 : 10;
  return Math.max(step, Math.round(raw / step) * step);
}

function chunked<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
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
      sql.raw(`DELETE FROM sqlite_sequence WHERE name IN ('users','profiles') AND NOT EXISTS (SELECT 1 FROM users)`),
    ),
  ];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
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

  // Images render on a worker thread while the database fills; their rows go in first
  // (post_images refers to them) and get their byte sizes once rendering is done.
  const pool = imagePool(scale);
  const imageStarted = performance.now();
  const finishImages = startRendering(scale, pool.specs);
  for (const part of chunked(pool.specs, 300)) {
    await db
      .insert(files)
      .values(
        part.map((s) => ({
          name: s.name,
          contentType: "image/webp",
          width: s.width,
          height: s.height,
          bytes: 0,
          createdAt: now - 800 * DAY,
        })),
      )
      .onConflictDoUpdate({
        target: files.name,
        set: { width: sql`excluded.width`, height: sql`excluded.height` },
      });
  }

  // Regions, areas, tags.
  const regionRows = await db
    .insert(regions)
    .values(REGION_NAMES.map((regionName) => ({ regionName })))
    .returning({ id: regions.id, regionName: regions.regionName });
  const regionId = new Map(regionRows.map((r) => [r.regionName, r.id]));
  const areaRows = await db
    .insert(areas)
    .values(
      AREAS.map((a) => ({
        areaName: a.name,
        regionId: regionId.get(a.region)!,
        image: pool.area[a.name]!,
        content: a.content,
      })),
    )
    .returning({ id: areas.id, areaName: areas.areaName });
  const areaId = new Map(areaRows.map((a) => [a.areaName, a.id]));
  const tagRows = await db
    .insert(tags)
    .values(TAGS.map((t) => ({ tagName: t.name, emoji: t.emoji, kind: t.kind })))
    .returning({ id: tags.id, tagName: tags.tagName });
  const tagId = new Map(tagRows.map((t) => [t.tagName, t.id]));
  const tagIdOf = (name: string) => {
    const id = tagId.get(name);
    if (id === undefined) throw new RangeError(`Seed refers to unknown tag "${name}"`);
    return id;
  };
  log(`regions ${regionRows.length}, areas ${areaRows.length}, tags ${tagRows.length}`);

  // Users and profiles.
  const userRandom = root.fork("users");
  const userCount = Math.max(30, Math.round(300 * Math.pow(scale, 0.6)));
  const usernames = new Set<string>();
  const userRows: (typeof users.$inferInsert)[] = [];
  const profileRows: { name: string; bio: string; profileImage: string | null; isPrivate: boolean }[] = [];
  for (let i = 0; i < userCount; i++) {
    const first = userRandom.pick(FIRST_NAMES);
    const last = userRandom.pick(LAST_NAMES);
    let username = handle(userRandom, first, last);
    // Unique by look-alike skeleton, as the users table requires (usernameSkeleton).
    while (usernames.has(usernameSkeleton(username))) username = `${username}${userRandom.int(1, 9)}`;
    usernames.add(usernameSkeleton(username));
    userRows.push({
      username,
      email: `${username.replace(/[^a-z0-9._-]/gi, "")}@example.com`,
      firstName: first,
      lastName: last,
      passwordHash: SEEDED_PASSWORD_HASH,
      emailVerified: true,
      createdAt: now - userRandom.int(40, 1100) * DAY - userRandom.int(0, DAY),
    });
    profileRows.push({
      name: `${first} ${last}`,
      bio: bio(userRandom, userRandom.pick(AREAS).name),
      profileImage: userRandom.chance(0.85) ? userRandom.pick(pool.avatar) : null,
      isPrivate: userRandom.chance(0.12),
    });
  }
  const userIds: number[] = [];
  for (const part of chunked(userRows, 400)) {
    const rows = await db.insert(users).values(part).returning({ id: users.id });
    userIds.push(...rows.map((r) => r.id));
  }
  for (const part of chunked(
    profileRows.map((p, i) => ({ ...p, userId: userIds[i]! })),
    400,
  )) {
    await db.insert(profiles).values(part);
  }
  // A few very active reviewers and a long tail, as on every review site.
  const userActivity = userIds.map((_, i) => 1 / Math.pow(i + 1, 0.75));
  userRandom.shuffle(userActivity);
  const userCum = cumulative(userActivity);
  log(`users ${userIds.length}`);

  // Restaurants and dishes, a thousand at a time so memory stays flat at scale 100.
  const placeRandom = root.fork("restaurants");
  const restaurantCount = Math.max(8, Math.round(RESTAURANTS_PER_SCALE * scale));
  const areaCum = cumulative(AREAS.map((a) => a.weight));
  const names = new Set<string>();
  const placed: PlacedRestaurant[] = [];
  let dishCount = 0;
  for (let start = 0; start < restaurantCount; start += BATCH_RESTAURANTS) {
    const end = Math.min(restaurantCount, start + BATCH_RESTAURANTS);
    const batch: { row: NewRestaurant; info: Omit<PlacedRestaurant, "id" | "dishIds">; dishes: NewDish[] }[] =
      [];
    for (let i = start; i < end; i++) {
      // The first restaurants cycle through every cuisine and area so even a tiny seed
      // shows the whole vocabulary.
      const area = i < AREAS.length ? AREAS[i]! : AREAS[pickIndex(areaCum, placeRandom)]!;
      const cuisine =
        i < CUISINES.length
          ? CUISINES[i]!
          : placeRandom.weighted(CUISINES, (c) => c.weight * (area.localCuisines.includes(c.key) ? 3 : 1));
      const name = restaurantName(cuisine, area.name, placeRandom, names);
      const letter = monogramLetter(name);
      const quality = Math.min(4.85, Math.max(2.3, 3.85 + placeRandom.normal() * 0.42));
      const popularity = Math.exp(placeRandom.normal() * 0.9) * (0.6 + (quality - 2.3) / 2.5);
      const menuSize = Math.min(cuisine.dishes.length, placeRandom.int(10, 16));
      const menu = placeRandom.sample(cuisine.dishes, menuSize);
      const dishImages = menu.map((d) => placeRandom.pick(pool.dish[d.art]));
      const scenes = placeRandom.sample(pool.restaurant, placeRandom.int(2, 3));
      const galleryDishes = placeRandom.sample(dishImages, placeRandom.int(1, 2));
      const images = [...new Set([...scenes, ...galleryDishes])];
      const restaurantSlug = slug(name);
      const bookingLinks: string[] = [];
      if (cuisine.hours !== "cafe" || placeRandom.chance(0.2)) {
        if (placeRandom.chance(0.85)) bookingLinks.push(`https://book.example/${restaurantSlug}`);
        if (placeRandom.chance(0.3)) bookingLinks.push(`https://www.example.com/reserve/${restaurantSlug}`);
      }
      const dishTagCounts = new Map<string, number>();
      for (const d of menu) for (const t of d.tags) dishTagCounts.set(t, (dishTagCounts.get(t) ?? 0) + 1);
      const signatureTags = [...dishTagCounts.entries()]
        .filter(([t, n]) => n >= 2 && TAG_KIND.get(t) === "dish")
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 3)
        .map(([t]) => t);
      const styleTags = placeRandom.sample(cuisine.styles, placeRandom.int(1, 3));
      const restaurantTags = [...new Set([cuisine.tag, ...signatureTags, ...styleTags])];
      const createdAt = now - placeRandom.int(760, 2400) * DAY;
      const kind = cuisine.tag === "Café" ? "café" : `${cuisine.tag} restaurant`;
      const article = /^[AEIOU]/i.test(kind) ? "an" : "a";
      const description = `${name} is ${article} ${kind} in ${area.name} with ${placeRandom.pick(cuisine.blurb)}.`;
      const row: NewRestaurant = {
        name,
        logo: placeRandom.pick(pool.logo[letter] ?? pool.logo.D!),
        images,
        regionId: regionId.get(area.region)!,
        areaId: areaId.get(area.name)!,
        bookingLinks,
        description,
        address: `${placeRandom.int(1, 240)} ${placeRandom.pick(area.streets)}, London`,
        postCode: postCode(area, placeRandom),
        phone: `020 7946 0${String(placeRandom.int(0, 999)).padStart(3, "0")}`,
        openingHours: openingHours(cuisine.hours, placeRandom),
        createdAt,
        tagIds: restaurantTags.map(tagIdOf),
      };
      const dishes: NewDish[] = menu.map((d, j) => ({
        restaurantId: 0,
        dishName: d.name,
        priceMinor: placeRandom.chance(0.04) ? null : priceMinor(d.priceMin, d.priceMax, placeRandom),
        currency: "GBP",
        images: placeRandom.chance(0.2)
          ? [dishImages[j]!, placeRandom.pick(pool.dish[d.art])]
          : [dishImages[j]!],
        description: d.description,
        about: placeRandom.pick([
          `One of the most ordered dishes at ${name}, made the same way since the kitchen opened.`,
          `A ${area.name} favourite: regulars at ${name} order it on almost every visit.`,
          `Cooked to order at ${name}; ask the team about pairing it with something from the drinks list.`,
          `Part of ${name}'s ${cuisine.tag === "Café" ? "all-day" : cuisine.tag} menu, portioned for one but good for sharing.`,
        ]),
        createdAt: createdAt + placeRandom.int(0, 300) * DAY,
        tagIds: [...new Set([...d.tags, cuisine.tag === "Café" ? "Café" : cuisine.tag])].map(tagIdOf),
      }));
      batch.push({
        row,
        info: {
          name,
          area,
          cuisine,
          quality,
          popularity,
          buzzing: false,
          images,
          dishNames: menu.map((d) => d.name),
          dishImages,
          dishQuality: menu.map(() => Math.min(4.95, Math.max(1.8, quality + placeRandom.normal() * 0.3))),
          // The first three dishes on the list are the ones everybody orders.
          dishWeight: menu.map((_, j) => (j < 3 ? 4 : 1) * placeRandom.float(0.5, 1.5)),
          bookingLink: bookingLinks[0],
        },
        dishes,
      });
    }
    // One transaction per thousand restaurants saves a commit per statement (about 15% of
    // the insert time measured at scale 3). The transaction exposes the same query builder.
    // The only interactive transaction left (the dishes need the restaurants' new ids): the
    // seed runs on libSQL only; a D1 database gets the seeded rows as SQL (scripts/preview-edge.ts).
    const { ids, dishIds } = await db.transaction(async (tx) => {
      const within = tx as unknown as Database;
      const ids = await insertRestaurants(
        within,
        batch.map((b) => b.row),
        { index: false },
      );
      const allDishes: NewDish[] = [];
      batch.forEach((b, i) => {
        for (const d of b.dishes) allDishes.push({ ...d, restaurantId: ids[i]! });
      });
      return { ids, dishIds: await insertDishes(within, allDishes, { index: false }) };
    });
    dishCount += dishIds.length;
    let cursor = 0;
    batch.forEach((b, i) => {
      placed.push({ ...b.info, id: ids[i]!, dishIds: dishIds.slice(cursor, cursor + b.dishes.length) });
      cursor += b.dishes.length;
    });
    log(`restaurants ${placed.length}/${restaurantCount}, dishes ${dishCount}`);
  }

  // Offers: roughly one restaurant in ten, the busier ones more often.
  const offerRandom = root.fork("offers");
  const offerCount = Math.max(3, Math.round(OFFERS_PER_SCALE * scale));
  const offerPlaces = offerRandom.sample(placed, Math.min(placed.length, Math.ceil(offerCount * 0.8)));
  const offerRows: NewOffer[] = [];
  for (let i = 0; i < offerCount; i++) {
    const r = offerPlaces[i % offerPlaces.length]!;
    const { spend, receive } = offerDeal(offerRandom);
    offerRows.push({
      restaurantId: r.id,
      title: offerTitle(spend, receive),
      image: offerRandom.pick(r.images),
      description: offerDescription(offerRandom, r.name, r.area.name, r.cuisine.tag)
        .replace("{spend}", String(spend))
        .replace("{receive}", String(receive)),
      originalPriceMinor: receive * 100,
      discountedPriceMinor: spend * 100,
      currency: "GBP",
      termsAndConditions: offerTerms(offerRandom.pick([90, 120, 180])),
      available: offerAvailability(offerRandom),
      booking: offerBooking(offerRandom, r.bookingLink),
      createdAt: now - offerRandom.int(1, 60) * DAY,
    });
  }
  const offerIds = await insertOffers(db, offerRows);
  log(`offers ${offerIds.length}`);

  // Reviews. Visits spread over two years, a little denser recently; a few mid-ranked
  // places are "buzzing" with a burst in the last fortnight, so trending is not just top.
  const visitRandom = root.fork("visits");
  const visits: Visit[] = [];
  const restaurantCum = cumulative(placed.map((r) => r.popularity));
  const targetPosts = Math.max(40, Math.round(POSTS_PER_SCALE * scale));
  const byQuality = placed.map((r, i) => ({ i, q: r.quality })).sort((a, b) => b.q - a.q);
  const middle = byQuality.slice(Math.floor(byQuality.length * 0.25), Math.floor(byQuality.length * 0.8));
  const buzzing = visitRandom.sample(middle, Math.max(2, Math.round(placed.length * 0.06)));
  for (const { i } of buzzing) placed[i]!.buzzing = true;

  const chooseDishes = (r: PlacedRestaurant, n: number): number[] => {
    const chosen = new Set<number>();
    const cum = cumulative(r.dishWeight);
    for (let k = 0; k < n * 3 && chosen.size < n; k++) chosen.add(pickIndex(cum, visitRandom));
    return [...chosen];
  };
  const dishesPerVisit = () => visitRandom.weighted([0, 1, 2, 3, 4, 5], (k) => [33, 30, 20, 10, 4, 3][k]!);
  let plannedPosts = 0;
  // Burst visits first (about 12% of posts), then the long tail.
  const burstPosts = Math.round(targetPosts * 0.12);
  while (plannedPosts < burstPosts) {
    const r = placed[visitRandom.pick(buzzing).i]!;
    const index = placed.indexOf(r);
    const dishes = chooseDishes(r, Math.max(1, dishesPerVisit()));
    const at =
      now - Math.floor(Math.pow(visitRandom.next(), 1.6) * 14 * DAY) - visitRandom.int(60_000, 3_600_000);
    visits.push({ at, restaurant: index, author: pickIndex(userCum, visitRandom), dishes, dishOnly: false });
    plannedPosts += 1 + dishes.length;
  }
  while (plannedPosts < targetPosts) {
    const index = pickIndex(restaurantCum, visitRandom);
    const r = placed[index]!;
    const at =
      now - Math.floor(Math.pow(visitRandom.next(), 1.25) * 730 * DAY) - visitRandom.int(60_000, 3_600_000);
    if (visitRandom.chance(0.1)) {
      visits.push({
        at,
        restaurant: index,
        author: pickIndex(userCum, visitRandom),
        dishes: chooseDishes(r, 1),
        dishOnly: true,
      });
      plannedPosts += 1;
    } else {
      const dishes = chooseDishes(r, dishesPerVisit());
      visits.push({
        at,
        restaurant: index,
        author: pickIndex(userCum, visitRandom),
        dishes,
        dishOnly: false,
      });
      plannedPosts += 1 + dishes.length;
    }
  }
  // Chronological posting order: post ids then follow time, as they would in production.
  visits.sort((a, b) => a.at - b.at);

  const textRandom = root.fork("review-texts");
  const postIds: number[] = [];
  const postAuthors: number[] = [];
  const postTimes: number[] = [];
  let batch: NewReview[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const ids = await recordReviews(db, batch);
    postIds.push(...ids);
    for (const review of batch) {
      postAuthors.push(review.authorId);
      postTimes.push(review.createdAt);
    }
    batch = [];
    log(`posts ${postIds.length}/${plannedPosts}`);
  };
  for (const visit of visits) {
    const r = placed[visit.restaurant]!;
    const authorId = userIds[visit.author]!;
    // A burst means people loved it: buzzing places get reviews from their best days.
    const lift = visit.at > now - 14 * DAY && r.buzzing ? 0.45 : 0;
    let groupIndex: number | undefined;
    if (!visit.dishOnly) {
      const ratingTenths = ratingFor(r.quality + lift, textRandom);
      groupIndex = batch.length;
      batch.push({
        restaurantId: r.id,
        authorId,
        ratingTenths,
        createdAt: visit.at,
        content: restaurantReviewText(textRandom, ratingTenths, {
          name: r.name,
          area: r.area.name,
          cuisine: r.cuisine.tag,
        }),
        imageFileNames: textRandom.chance(0.3)
          ? textRandom.sample([...r.images, ...r.dishImages], textRandom.int(1, 3))
          : [],
      });
    }
    visit.dishes.forEach((d, k) => {
      const ratingTenths = ratingFor(r.dishQuality[d]! + lift, textRandom);
      batch.push({
        dishId: r.dishIds[d]!,
        authorId,
        ratingTenths,
        // Dish reviews of one visit are posted a few seconds after the restaurant's.
        createdAt: visit.at + (k + 1) * 1000,
        content: dishReviewText(textRandom, ratingTenths, r.dishNames[d]!),
        imageFileNames: textRandom.chance(0.25) ? [r.dishImages[d]!] : [],
        ...(groupIndex === undefined ? {} : { groupWithIndex: groupIndex }),
      });
    });
    if (batch.length >= REVIEW_BATCH_POSTS) await flush();
  }
  await flush();

  // Comments and replies on a share of posts, likes on comments, and follows.
  const socialRandom = root.fork("social");
  const commentRows: { postIndex: number; userIndex: number; content: string; createdAt: number }[] = [];
  for (let p = 0; p < postIds.length; p++) {
    if (!socialRandom.chance(0.07)) continue;
    const n = socialRandom.int(1, 3);
    for (let k = 0; k < n; k++) {
      const createdAt = Math.min(now - 60_000, postTimes[p]! + socialRandom.int(5, 60 * 24 * 5) * 60_000);
      commentRows.push({
        postIndex: p,
        userIndex: pickIndex(userCum, socialRandom),
        content: socialRandom.pick(COMMENTS),
        createdAt,
      });
    }
  }
  const commentIds: number[] = [];
  for (const part of chunked(commentRows, 400)) {
    const rows = await db
      .insert(comments)
      .values(
        part.map((c) => ({
          postId: postIds[c.postIndex]!,
          userId: userIds[c.userIndex]!,
          content: c.content,
          createdAt: c.createdAt,
        })),
      )
      .returning({ id: comments.id });
    commentIds.push(...rows.map((r) => r.id));
  }
  const replyRows: (typeof comments.$inferInsert)[] = [];
  commentRows.forEach((c, i) => {
    if (!socialRandom.chance(0.35)) return;
    const postAuthor = postAuthors[c.postIndex]!;
    const commenter = userIds[c.userIndex]!;
    const replier =
      postAuthor !== commenter && socialRandom.chance(0.7)
        ? postAuthor
        : userIds[pickIndex(userCum, socialRandom)]!;
    replyRows.push({
      postId: postIds[c.postIndex]!,
      userId: replier,
      parentId: commentIds[i]!,
      mentionedUserId: commenter,
      content: socialRandom.pick(REPLIES),
      createdAt: Math.min(now - 30_000, c.createdAt + socialRandom.int(2, 60 * 24) * 60_000),
    });
  });
  for (const part of chunked(replyRows, 400)) {
    const rows = await db.insert(comments).values(part).returning({ id: comments.id });
    commentIds.push(...rows.map((r) => r.id));
  }
  const likeRows: (typeof commentLikes.$inferInsert)[] = [];
  for (const commentId of commentIds) {
    const likers = new Set<number>();
    const n = socialRandom.weighted(
      [0, 1, 2, 3, 5, 8],
      (k) => [35, 25, 15, 12, 8, 5][[0, 1, 2, 3, 5, 8].indexOf(k)]!,
    );
    for (let k = 0; k < n; k++) likers.add(userIds[pickIndex(userCum, socialRandom)]!);
    for (const userId of likers)
      likeRows.push({ commentId, userId, createdAt: now - socialRandom.int(1, 600) * 60_000 });
  }
  for (const part of chunked(likeRows, 400)) await db.insert(commentLikes).values(part);

  const followRows: (typeof follows.$inferInsert)[] = [];
  for (let u = 0; u < userIds.length; u++) {
    const targets = new Set<number>();
    const n = Math.min(userIds.length - 1, Math.round(3 + socialRandom.next() * 12 + userActivity[u]! * 40));
    for (let k = 0; k < n * 3 && targets.size < n; k++) {
      const t = pickIndex(userCum, socialRandom);
      if (t !== u) targets.add(t);
    }
    for (const t of targets) {
      followRows.push({
        followerId: userIds[u]!,
        followingId: userIds[t]!,
        createdAt: now - socialRandom.int(1, 700) * DAY,
      });
    }
  }
  for (const part of chunked(followRows, 400)) await db.insert(follows).values(part);
  log(`comments ${commentIds.length}, comment likes ${likeRows.length}, follows ${followRows.length}`);

  await rebuildSearchIndex(db);
  log("search index rebuilt");

  const { images: rendered, renderSeconds: imageSeconds } = await finishImages(storage);
  const readySeconds = (performance.now() - imageStarted) / 1000;
  const sizes: BatchItem<"sqlite">[] = rendered.map((image) =>
    db.update(files).set({ bytes: image.bytes }).where(eq(files.name, image.name)),
  );
  if (sizes.length > 0) await db.batch(sizes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  log(
    `images ${rendered.length}: rendered in ${imageSeconds.toFixed(1)} s on a worker thread, stored ${readySeconds.toFixed(1)} s after the seed started`,
  );

  return {
    regions: regionRows.length,
    areas: areaRows.length,
    tags: tagRows.length,
    users: userIds.length,
    restaurants: placed.length,
    dishes: dishCount,
    offers: offerIds.length,
    posts: postIds.length,
    comments: commentIds.length,
    commentLikes: likeRows.length,
    follows: followRows.length,
    files: rendered.length,
    seconds: (performance.now() - started) / 1000,
    imageSeconds,
  };
}
