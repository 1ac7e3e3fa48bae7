import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addReview, EMPTY_AGGREGATE, type RankingAggregate } from "../domain/ranking.ts";
import type { Database } from "../server/api/db/client.ts";
import { migrateDatabase, openDatabase } from "../server/api/db/node-client.ts";
import { dishes, posts, restaurants } from "../server/api/db/schema.ts";
import { diskFileStorage } from "../server/api/files/disk-file-storage.ts";
import type { FileStorage } from "../server/api/deps.ts";
import { AREAS, DEFAULT_AREA_NAME } from "./london-places.ts";
import { clearSeededData, isDatabaseSeeded, seedDatabase, SEEDED_PASSWORD_HASH, type SeedSummary } from "./seed.ts";
import { HOME_TAG_NAMES } from "./tags.ts";

const SCALE = 0.05;

interface SeededDb {
  db: Database;
  files: FileStorage;
  folder: string;
  summary: SeedSummary;
  close: () => void;
}

async function openTemp() {
  const folder = mkdtempSync(join(tmpdir(), "dishcovery-seed-test-"));
  const { db, client } = await openDatabase(`file:${join(folder, "seed.db")}`);
  await migrateDatabase(db);
  const files = diskFileStorage(join(folder, "files"));
  return {
    db,
    files,
    folder,
    close: () => {
      client.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function seededTemp(): Promise<SeededDb> {
  const temp = await openTemp();
  expect(await isDatabaseSeeded(temp.db)).toBe(false);
  const summary = await seedDatabase(temp.db, temp.files, { scale: SCALE });
  return { ...temp, summary };
}

const rows = <T>(db: Database, query: string) => db.all<T>(sql.raw(query));

let first: SeededDb;
let second: SeededDb;

beforeAll(async () => {
  first = await seededTemp();
  second = await seededTemp();
});
afterAll(() => {
  first?.close();
  second?.close();
});

describe("seedDatabase determinism", () => {
  it("builds identical restaurants, dishes, posts, comments and files in two fresh databases", async () => {
    for (const table of ["restaurants", "dishes", "posts", "offers", "users", "profiles", "comments", "follows", "restaurant_tags", "dish_tags", "post_images"]) {
      const a = await rows(first.db, `SELECT * FROM ${table} ORDER BY 1, 2`);
      const b = await rows(second.db, `SELECT * FROM ${table} ORDER BY 1, 2`);
      expect(a.length, table).toBeGreaterThan(0);
      expect(b, table).toEqual(a);
    }
    expect(await rows(second.db, "SELECT name, width, height, bytes FROM files ORDER BY name")).toEqual(
      await rows(first.db, "SELECT name, width, height, bytes FROM files ORDER BY name"),
    );
  });

  it("reports the database as seeded, and a cleared database reseeds to the same rows", { timeout: 120_000 }, async () => {
    expect(await isDatabaseSeeded(first.db)).toBe(true);
    const before = await rows(first.db, "SELECT * FROM restaurants ORDER BY id");
    const postsBefore = await rows(first.db, "SELECT * FROM posts ORDER BY id");
    await clearSeededData(first.db);
    expect(await isDatabaseSeeded(first.db)).toBe(false);
    expect(await rows(first.db, "SELECT count(*) AS n FROM users")).toEqual([{ n: 0 }]);
    first.summary = await seedDatabase(first.db, first.files, { scale: SCALE });
    expect(await rows(first.db, "SELECT * FROM restaurants ORDER BY id")).toEqual(before);
    expect(await rows(first.db, "SELECT * FROM posts ORDER BY id")).toEqual(postsBefore);
  });

  it("refuses a scale that is not a positive number, before writing anything", async () => {
    const temp = await openTemp();
    try {
      for (const scale of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
        await expect(seedDatabase(temp.db, temp.files, { scale })).rejects.toThrow(/scale must be a positive number/);
      }
      expect(await isDatabaseSeeded(temp.db)).toBe(false);
      expect(await rows(temp.db, "SELECT count(*) AS n FROM files")).toEqual([{ n: 0 }]);
    } finally {
      temp.close();
    }
  });
});

describe("the seeded London catalogue", () => {
  it("has the five regions and every area in its region, with image and food-scene text", async () => {
    const regions = await rows<{ region_name: string }>(second.db, "SELECT region_name FROM regions ORDER BY id");
    expect(regions.map((r) => r.region_name)).toEqual(["Central London", "North London", "East London", "South London", "West London"]);
    const areas = await rows<{ area_name: string; region_name: string; image: string; content: string }>(
      second.db,
      "SELECT a.area_name, g.region_name, a.image, a.content FROM areas a JOIN regions g ON g.id = a.region_id",
    );
    expect(areas.length).toBeGreaterThanOrEqual(30);
    expect(areas.length).toBe(AREAS.length);
    for (const area of areas) {
      expect(area.image, area.area_name).toMatch(/^area-[a-z-]+\.webp$/);
      expect(area.content.length, area.area_name).toBeGreaterThan(200);
    }
    expect(areas.find((a) => a.area_name === DEFAULT_AREA_NAME)?.region_name).toBe("North London");
    expect(areas.find((a) => a.area_name === "Brixton")?.region_name).toBe("South London");
    expect(areas.find((a) => a.area_name === "Soho")?.region_name).toBe("Central London");
  });

  it("gives every restaurant ten or more dishes and complete, plausible details", async () => {
    const list = await first.db.select().from(restaurants).orderBy(asc(restaurants.id));
    expect(list.length).toBe(first.summary.restaurants);
    expect(list.length).toBe(Math.round(420 * SCALE));
    expect(new Set(list.map((r) => r.name.toLowerCase())).size).toBe(list.length);
    const dishCounts = await rows<{ restaurant_id: number; n: number }>(
      first.db,
      "SELECT restaurant_id, count(*) AS n FROM dishes GROUP BY restaurant_id",
    );
    expect(dishCounts.length).toBe(list.length);
    for (const { n } of dishCounts) expect(n).toBeGreaterThanOrEqual(10);
    const areaDistricts = new Map(AREAS.map((a) => [a.name, a.districts]));
    const areaNames = await rows<{ id: number; area_name: string }>(first.db, "SELECT id, area_name FROM areas");
    const areaById = new Map(areaNames.map((a) => [a.id, a.area_name]));
    for (const r of list) {
      expect(r.openingHours, r.name).toHaveLength(7);
      r.openingHours.forEach((line, i) => {
        const day = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][i];
        expect(line).toMatch(new RegExp(`^${day}: (Closed|\\d{1,2}:\\d{2} (AM|PM) - \\d{1,2}:\\d{2} (AM|PM))$`));
      });
      for (const link of r.bookingLinks) expect(link).toMatch(/^https:\/\/(book\.example|www\.example\.com)\//);
      expect(r.images.length).toBeGreaterThanOrEqual(3);
      expect(r.images.length).toBeLessThanOrEqual(5);
      expect(r.logo).toMatch(/^logo-[a-z]-\d\.webp$/);
      expect(r.address).toMatch(/^\d+ .+, London$/);
      const districts = areaDistricts.get(areaById.get(r.areaId)!)!;
      expect(districts.some((d) => r.postCode.startsWith(`${d} `)), `${r.postCode} in ${areaById.get(r.areaId)}`).toBe(true);
      expect(r.phone).toMatch(/^020 7946 0\d{3}$/);
      expect(r.description.length).toBeGreaterThan(40);
    }
    const priced = await rows<{ lo: number; hi: number; unknown: number }>(
      first.db,
      "SELECT min(price_minor) AS lo, max(price_minor) AS hi, sum(price_minor IS NULL) AS unknown FROM dishes",
    );
    expect(priced[0]!.lo).toBeGreaterThanOrEqual(100);
    expect(priced[0]!.hi).toBeLessThanOrEqual(5000);
  });

  it("has about 190 tags with emoji, and rated items for every tag the home page shows", async () => {
    const tags = await rows<{ tag_name: string; emoji: string }>(first.db, "SELECT tag_name, emoji FROM tags");
    expect(tags.length).toBeGreaterThanOrEqual(180);
    expect(tags.length).toBeLessThanOrEqual(193);
    for (const t of tags) expect(t.emoji.length, t.tag_name).toBeGreaterThan(0);
    for (const name of HOME_TAG_NAMES) {
      const [count] = await rows<{ dishes: number; restaurants: number }>(
        first.db,
        `SELECT
          (SELECT count(*) FROM dish_tags dt JOIN dishes d ON d.id = dt.dish_id JOIN tags t ON t.id = dt.tag_id WHERE t.tag_name = '${name}' AND d.rating_count > 0) AS dishes,
          (SELECT count(*) FROM restaurant_tags rt JOIN restaurants r ON r.id = rt.restaurant_id JOIN tags t ON t.id = rt.tag_id WHERE t.tag_name = '${name}' AND r.rating_count > 0) AS restaurants`,
      );
      expect(count!.dishes + count!.restaurants, name).toBeGreaterThan(0);
    }
  });

  it("keeps every aggregate exactly what its posts imply, in posting order", async () => {
    const all = await first.db.select().from(posts).orderBy(asc(posts.createdAt), asc(posts.id));
    expect(all.length).toBe(first.summary.posts);
    const expected = { restaurant: new Map<number, RankingAggregate>(), dish: new Map<number, RankingAggregate>() };
    for (const p of all) {
      const [map, id] = p.restaurantId !== null ? [expected.restaurant, p.restaurantId] : [expected.dish, p.dishId!];
      map.set(id, addReview(map.get(id) ?? EMPTY_AGGREGATE, p.ratingTenths, p.createdAt));
    }
    for (const [kind, table] of [
      ["restaurant", restaurants],
      ["dish", dishes],
    ] as const) {
      const items = await first.db
        .select({ id: table.id, ratingCount: table.ratingCount, ratingSumTenths: table.ratingSumTenths, bayesScore: table.bayesScore, trendingKey: table.trendingKey })
        .from(table);
      for (const item of items) {
        const want = expected[kind].get(item.id) ?? EMPTY_AGGREGATE;
        expect(item.ratingCount, `${kind} ${item.id}`).toBe(want.ratingCount);
        expect(item.ratingSumTenths, `${kind} ${item.id}`).toBe(want.ratingSumTenths);
        expect(item.bayesScore).toBeCloseTo(want.bayesScore, 12);
        expect(item.trendingKey).toBeCloseTo(want.trendingKey, 9);
      }
    }
    const stale = await rows(
      first.db,
      `SELECT 1 FROM restaurant_tags rt JOIN restaurants r ON r.id = rt.restaurant_id WHERE rt.bayes_score <> r.bayes_score OR rt.trending_key <> r.trending_key
       UNION ALL SELECT 1 FROM dish_tags dt JOIN dishes d ON d.id = dt.dish_id WHERE dt.bayes_score <> d.bayes_score OR dt.trending_key <> d.trending_key`,
    );
    expect(stale).toEqual([]);
  });

  it("makes trending differ from top, with a recent burst behind it", async () => {
    const top = await rows<{ id: number }>(first.db, "SELECT id FROM restaurants ORDER BY bayes_score DESC, id LIMIT 5");
    const trending = await rows<{ id: number }>(first.db, "SELECT id FROM restaurants ORDER BY trending_key DESC, id LIMIT 5");
    expect(trending.map((r) => r.id)).not.toEqual(top.map((r) => r.id));
    const topDishes = await rows<{ id: number }>(first.db, "SELECT id FROM dishes ORDER BY bayes_score DESC, id LIMIT 5");
    const trendingDishes = await rows<{ id: number }>(first.db, "SELECT id FROM dishes ORDER BY trending_key DESC, id LIMIT 5");
    expect(trendingDishes.map((r) => r.id)).not.toEqual(topDishes.map((r) => r.id));
    const now = Date.UTC(2026, 10, 25);
    const [span] = await rows<{ oldest: number; newest: number; recent: number }>(
      first.db,
      `SELECT min(created_at) AS oldest, max(created_at) AS newest, sum(created_at > ${now - 14 * 86_400_000}) AS recent FROM posts`,
    );
    expect(span!.newest).toBeLessThan(now);
    expect(span!.oldest).toBeGreaterThan(now - 731 * 86_400_000);
    expect(now - span!.oldest).toBeGreaterThan(300 * 86_400_000);
    expect(span!.recent).toBeGreaterThan(first.summary.posts * 0.1);
  });

  it("groups dish reviews with the restaurant review of the same visit", async () => {
    const grouped = await rows<{ ok: number; n: number }>(
      first.db,
      `SELECT sum(g.restaurant_id = d.restaurant_id AND g.author_id = p.author_id AND g.dish_id IS NULL) AS ok, count(*) AS n
       FROM posts p JOIN posts g ON g.id = p.review_group_id JOIN dishes d ON d.id = p.dish_id`,
    );
    expect(grouped[0]!.n).toBeGreaterThan(0);
    expect(grouped[0]!.ok).toBe(grouped[0]!.n);
  });

  it("gives each person one review of a restaurant and one of a dish (issue 20)", async () => {
    const repeated = await rows<{ n: number }>(
      first.db,
      `SELECT count(*) AS n FROM (
         SELECT 1 FROM posts WHERE restaurant_id IS NOT NULL GROUP BY author_id, restaurant_id HAVING count(*) > 1
         UNION ALL
         SELECT 1 FROM posts WHERE dish_id IS NOT NULL GROUP BY author_id, dish_id HAVING count(*) > 1)`,
    );
    expect(repeated).toEqual([{ n: 0 }]);
    expect(first.summary.posts).toBeGreaterThan(0.9 * 10_500 * SCALE);
  });

  it("writes offers whose terms carry the business constants", async () => {
    const offers = await rows<{ title: string; original_price_minor: number; discounted_price_minor: number; terms_and_conditions: string }>(
      first.db,
      "SELECT title, original_price_minor, discounted_price_minor, terms_and_conditions FROM offers",
    );
    expect(offers.length).toBeGreaterThanOrEqual(3);
    for (const o of offers) {
      expect(o.title).toBe(`Spend £${o.discounted_price_minor / 100} & Receive £${o.original_price_minor / 100} In Food & Drink`);
      expect(o.original_price_minor).toBeGreaterThan(o.discounted_price_minor);
      expect(o.terms_and_conditions).toContain("at least 18 years old");
      expect(o.terms_and_conditions).toContain("cancel your purchase within 14 days");
      expect(o.terms_and_conditions).toContain("paid within 14 days");
      expect(o.terms_and_conditions).toContain("more than 30 days after purchase");
      expect(o.terms_and_conditions).toContain("200% of the purchase price");
    }
  });

  it("creates people who cannot log in, with profiles, comments, replies, likes and follows", async () => {
    const users = await rows<{ password_hash: string; username: string; email: string }>(first.db, "SELECT password_hash, username, email FROM users");
    expect(users.length).toBe(first.summary.users);
    for (const u of users) {
      expect(u.password_hash).toBe(SEEDED_PASSWORD_HASH);
      expect(u.email).toMatch(/@example\.com$/);
    }
    expect(new Set(users.map((u) => u.username.toLowerCase())).size).toBe(users.length);
    const [profiles] = await rows<{ n: number; private: number }>(first.db, "SELECT count(*) AS n, sum(is_private) AS private FROM profiles");
    expect(profiles!.n).toBe(users.length);
    expect(profiles!.private).toBeGreaterThan(0);
    const [replies] = await rows<{ n: number; bad: number }>(
      first.db,
      `SELECT count(*) AS n, sum(c.mentioned_user_id <> p.user_id OR c.post_id <> p.post_id OR c.created_at < p.created_at) AS bad
       FROM comments c JOIN comments p ON p.id = c.parent_id`,
    );
    expect(replies!.n).toBeGreaterThan(0);
    expect(replies!.bad).toBe(0);
    expect(first.summary.commentLikes).toBeGreaterThan(0);
    expect(first.summary.follows).toBeGreaterThan(users.length);
  });

  it("stores every referenced image, with its recorded size, in the file storage", async () => {
    const names = new Set<string>();
    const add = (value: string | null) => value && names.add(value);
    for (const r of await first.db.select({ logo: restaurants.logo, images: restaurants.images }).from(restaurants)) {
      add(r.logo);
      r.images.forEach(add);
    }
    for (const d of await first.db.select({ images: dishes.images }).from(dishes)) d.images.forEach(add);
    for (const row of await rows<{ name: string | null }>(
      first.db,
      `SELECT image AS name FROM areas UNION SELECT image FROM offers UNION SELECT profile_image FROM profiles UNION SELECT file_name FROM post_images`,
    )) {
      add(row.name);
    }
    const stored = new Map(
      (await rows<{ name: string; width: number; height: number; bytes: number; content_type: string }>(first.db, "SELECT * FROM files")).map((f) => [f.name, f]),
    );
    for (const name of names) {
      const row = stored.get(name);
      expect(row, name).toBeDefined();
      const file = await first.files.get(name);
      expect(file, name).not.toBeNull();
      const body = file!.body as Uint8Array;
      expect(row!.bytes).toBe(body.byteLength);
      expect(row!.content_type).toBe("image/webp");
      const meta = await sharp(body).metadata();
      expect(meta.format).toBe("webp");
      expect([meta.width, meta.height], name).toEqual([row!.width, row!.height]);
    }
    expect(stored.get("area-islington.webp")).toMatchObject({ width: 1200, height: 600 });
    expect([...stored.values()].filter((f) => f.name.startsWith("logo-")).every((f) => f.width === 256 && f.height === 256)).toBe(true);
    expect([...stored.values()].filter((f) => f.name.startsWith("dish-")).every((f) => f.width === 800 && f.height === 600)).toBe(true);
  });
});

describe("owner declarations (issue 30)", () => {
  it("declares whole menus for about a third of the restaurants and nothing for the rest", async () => {
    const perRestaurant = await rows<{ declared: number; total: number; vegan: number }>(
      first.db,
      `SELECT count(allergens_mask) AS declared, count(*) AS total,
         sum(diets_mask IS NOT NULL AND (diets_mask & 1) <> 0) AS vegan
       FROM dishes GROUP BY restaurant_id`,
    );
    const declaring = perRestaurant.filter((r) => r.declared > 0);
    expect(declaring.every((r) => r.declared === r.total)).toBe(true);
    const share = declaring.length / perRestaurant.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.5);
    expect(declaring.some((r) => r.vegan > 0)).toBe(true);
    const [stamped] = await rows<{ n: number }>(
      first.db,
      "SELECT count(*) AS n FROM dishes WHERE (allergens_mask IS NULL) <> (allergens_updated_at IS NULL) OR (allergens_mask IS NULL) <> (diets_mask IS NULL)",
    );
    expect(stamped!.n).toBe(0);
  });
});

describe("positions (issue 31)", () => {
  it("puts every restaurant inside its postcode's real district, indexed, the same on every run", async () => {
    const { distanceMeters } = await import("../domain/geo-distance.ts");
    const { districtCentroid } = await import("../shared/geo/london-places.ts");
    type Row = { id: number; post_code: string; lat: number; lng: number; postcode_district: string; pin_source: string };
    const query = "SELECT id, post_code, lat, lng, postcode_district, pin_source FROM restaurants ORDER BY id";
    const placed = await rows<Row>(first.db, query);
    expect(placed.length).toBeGreaterThan(0);
    for (const r of placed) {
      expect(r.postcode_district, r.post_code).toBe(r.post_code.split(" ")[0]);
      expect(r.pin_source).toBe("exact");
      // A few metres from a real postcode in the district: never further from its centre than
      // the district's own postcodes are (src/shared/geo/london-places.test.ts).
      expect(distanceMeters(districtCentroid(r.postcode_district)!, r), r.post_code).toBeLessThan(4_100);
    }
    const indexed = await rows<{ n: number }>(first.db, "SELECT count(*) AS n FROM restaurant_positions");
    expect(indexed[0]!.n).toBe(placed.length);
    expect(await rows<Row>(second.db, query)).toEqual(placed);
  });
});
