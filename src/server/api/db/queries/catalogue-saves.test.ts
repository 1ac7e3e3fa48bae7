// Adding a restaurant and a dish through the API on both drivers the app runs on: libSQL
// (Node) and a real local D1 database (wrangler's, as `npm run preview:edge` uses). Each save
// is one batch with its tags and search rows (issue 25): the new item is found by search at
// once, and a search-index statement that fails leaves nothing behind.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { migrate } from "drizzle-orm/d1/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPlatformProxy } from "wrangler";
import { createApp } from "../../app.ts";
import type { Database } from "../client.ts";
import { databaseFromD1, type D1DatabaseLike } from "../d1-client.ts";
import { areas, dishes, dishTags, regions, restaurants, restaurantTags, tags } from "../schema.ts";
import { createUser, postJson, type TestUser } from "../../testing/accounts.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

const ROOT = resolve(import.meta.dirname, "../../../../..");

interface Driver {
  db: Database;
  app: ReturnType<typeof createApp>;
  close(): Promise<void>;
}

async function libsqlDriver(t: TestApp): Promise<Driver> {
  return { db: t.db, app: t.app, close: async () => {} };
}

/** The same app over wrangler's local D1, migrated as preview:edge migrates it. */
async function d1Driver(t: TestApp): Promise<Driver> {
  const folder = mkdtempSync(join(tmpdir(), "dishcovery-d1-test-"));
  const proxy = await getPlatformProxy<{ DB: D1DatabaseLike }>({
    configPath: join(ROOT, "wrangler.toml"),
    persist: { path: folder },
    remoteBindings: false,
    envFiles: [],
  });
  await migrate(drizzle(proxy.env.DB as never), { migrationsFolder: join(ROOT, "drizzle") });
  const db = databaseFromD1(proxy.env.DB);
  return {
    db,
    app: createApp({ ...t.deps, db }),
    close: async () => {
      await proxy.dispose();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes
type Answer = { code: number; message: string; data: any };

describe.each([
  ["libSQL", libsqlDriver],
  ["D1", d1Driver],
])("adding a restaurant and a dish on %s", (_name, open) => {
  let t: TestApp;
  let d: Driver;
  let user: TestUser;
  let place: { region: number; area: number; tag: number };

  beforeAll(async () => {
    t = await createTestApp();
    d = await open(t);
    const [region] = await d.db.insert(regions).values({ regionName: "Central" }).returning();
    const [area] = await d.db
      .insert(areas)
      .values({ areaName: "Soho", regionId: region!.id })
      .returning({ id: areas.id });
    const [tag] = await d.db
      .insert(tags)
      .values({ tagName: "Dumplings", kind: "dish" })
      .returning({ id: tags.id });
    place = { region: region!.id, area: area!.id, tag: tag!.id };
    user = await createUser({ ...t, db: d.db });
  });
  afterAll(async () => {
    await d?.close();
    await t?.close();
  });

  const send = async (path: string, body: unknown): Promise<{ status: number; body: Answer }> => {
    const res = await postJson({ ...t, app: d.app }, path, body, user.authorization);
    return { status: res.status, body: (await res.json()) as Answer };
  };
  const get = async (path: string): Promise<Answer> => (await (await d.app.request(path)).json()) as Answer;
  const restaurant = (name: string) => ({
    name,
    address: "12 Gerrard Street",
    postCode: "W1D 5PT",
    region: place.region,
    area: place.area,
    tags: ["Dumplings"],
  });

  it("adds a restaurant, then a dish to it, both open and found by search at once", async () => {
    const added = await send("/api/restaurants/save", restaurant("Lantern Dumpling House"));
    expect(added.status, added.body.message).toBe(200);
    const restaurantId = added.body.data.id as number;
    const dish = await send("/api/dishes/save", {
      dishName: "Pork Xiaolongbao",
      price: "8.50",
      tags: [place.tag],
      restaurantId,
    });
    expect(dish.status, dish.body.message).toBe(200);
    const dishId = dish.body.data.id as number;
    expect(dish.body.data).toEqual({ id: dishId, dishName: "Pork Xiaolongbao", restaurantId });

    expect((await get(`/api/restaurants/${restaurantId}`)).data).toMatchObject({
      id: restaurantId,
      name: "Lantern Dumpling House",
    });
    expect((await get(`/api/dishes/${dishId}`)).data).toMatchObject({
      id: dishId,
      dishName: "Pork Xiaolongbao",
      location: { area: "Soho" },
    });
    const ids = (answer: Answer) => answer.data.map((item: { id: number }) => item.id);
    expect(ids(await get("/api/dishes/searchByKeywordLocationTop?keyword=xiaolongbao"))).toEqual([dishId]);
    expect(ids(await get("/api/restaurants/searchTop?keyword=lantern"))).toEqual([restaurantId]);
    // A restaurant's search row lists its dishes' names.
    expect(ids(await get("/api/restaurants/searchTop?keyword=xiaolongbao"))).toEqual([restaurantId]);
  });

  it("leaves no restaurant, dish or tag row behind when a search-index statement fails", async () => {
    const [existing] = await d.db.select({ id: restaurants.id }).from(restaurants).limit(1);
    const counts = async () => ({
      restaurants: (await d.db.select({ n: count() }).from(restaurants))[0]!.n,
      restaurantTags: (await d.db.select({ n: count() }).from(restaurantTags))[0]!.n,
      dishes: (await d.db.select({ n: count() }).from(dishes))[0]!.n,
      dishTags: (await d.db.select({ n: count() }).from(dishTags))[0]!.n,
    });
    const before = await counts();
    // Both saves write the restaurant index; a plain table that refuses every row stands in
    // for it (a trigger cannot sit on the FTS5 table itself).
    await d.db.run(sql`DROP TABLE restaurant_search`);
    await d.db.run(sql`CREATE TABLE restaurant_search (name, tags, description, dish_names, place)`);
    await d.db.run(sql`CREATE TRIGGER restaurant_search_broken BEFORE INSERT ON restaurant_search
      BEGIN SELECT RAISE(ABORT, 'search index broken'); END`);

    const added = await send("/api/restaurants/save", restaurant("Half Built Canteen"));
    expect(added.status).toBe(500);
    const dish = await send("/api/dishes/save", {
      dishName: "Half Built Bao",
      tags: [place.tag],
      restaurantId: existing!.id,
    });
    expect(dish.status).toBe(500);
    expect(await counts()).toEqual(before);
    expect(await d.db.select().from(restaurants).where(eq(restaurants.name, "Half Built Canteen"))).toEqual(
      [],
    );
    expect(t.errors).toHaveLength(2);
  });
});
