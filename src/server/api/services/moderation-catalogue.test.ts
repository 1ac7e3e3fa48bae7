// Restaurants and dishes anyone adds (issue 21, docs/moderation.md "Added restaurants and
// dishes"), against the real app: published at their URL with the label and found by search,
// out of every ranked list (API and build page data) until a moderator approves them; then in
// them where their ratings place them. Merge, edit and the role checks through the same call.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { DishItem, RestaurantItem } from "../../../shared/schemas/catalogue-items.ts";
import { findAggregateMismatches } from "../db/queries/aggregate-check.ts";
import { recordReviews } from "../db/queries/review-bulk-record.ts";
import { dishes, moderationItems, posts, restaurants, users } from "../db/schema.ts";
import { createUser, NO_SCRYPT, postJson, type TestUser } from "../testing/accounts.ts";
import { getJson, useCatalogueTestApp } from "../testing/fixture.ts";
import { loadCataloguePages, loadTagPages } from "../../pages/catalogue-page-data.ts";

let user: TestUser;
let moderator: TestUser;
const { t, f } = useCatalogueTestApp({}, async (t) => {
  user = await createUser(t, NO_SCRYPT);
  moderator = await createUser(t, NO_SCRYPT);
  await t.db.update(users).set({ role: "moderator" }).where(eq(users.id, moderator.userId));
});

async function added(path: string, body: Record<string, unknown>): Promise<number> {
  const res = await postJson(t, path, body, user.authorization);
  const saved = (await res.json()) as { message: string; data: { id: number } };
  expect(res.status, saved.message).toBe(200);
  return saved.data.id;
}

const addRestaurant = (name: string, postCode: string) =>
  added("/api/restaurants/save", {
    name,
    address: "1 Lantern Yard",
    postCode,
    region: f.regionIds.Central,
    area: f.areaIds.Soho,
    tags: ["Ramen"],
  });

const addDish = (restaurantId: number, dishName: string) =>
  added("/api/dishes/save", { dishName, price: 11, tags: ["Ramen"], restaurantId });

/** `count` 5.0 ratings from fixture reviewers, now: enough to top every list it may enter. */
async function rate(subject: { restaurantId: number } | { dishId: number }, count: number, from = 0) {
  await recordReviews(
    t.db,
    f.reviewerIds.slice(from, from + count).map((authorId) => ({
      ...subject,
      authorId,
      content: "Superb, and I would go back.",
      ratingTenths: 50,
      createdAt: t.clock.now(),
    })),
  );
}

async function list<T>(path: string): Promise<T[]> {
  const res = await getJson<T[]>(t.app, path);
  expect(res.status, path).toBe(200);
  return res.body.data;
}
const idsOf = async (path: string) => (await list<{ id: number }>(path)).map((item) => item.id);

const rankedPaths = (kind: "dishes" | "restaurants", restaurantId: number) => [
  `/api/${kind}/top?topNum=50`,
  `/api/${kind}/trending?topNum=50`,
  `/api/${kind}/top/filter?tagName=Ramen&topNum=50`,
  `/api/${kind}/trendingbytag?tags=Ramen&topNum=50`,
  `/api/${kind}/top/location?location=Soho&topNum=50`,
  `/api/${kind}/top/location?location=Central&topNum=50`,
  ...(kind === "dishes" ? [`/api/dishes/top?restaurantId=${restaurantId}&topNum=50`] : []),
];

function act(body: Record<string, unknown>, who: TestUser = moderator) {
  return postJson(
    t,
    "/api/moderation/actions",
    { reason: "no-violation", note: "Checked.", ...body },
    who.authorization,
  );
}

describe("a restaurant and a dish anyone adds", () => {
  let restaurantId: number;
  let dishId: number;

  beforeAll(async () => {
    restaurantId = await addRestaurant("Lantern Noodle Bar", "W1D 9LN");
    dishId = await addDish(restaurantId, "Lantern Tantanmen");
    await rate({ restaurantId }, 12);
    await rate({ dishId }, 12);
  });

  it("are published at their URL, labelled, and found by keyword search", async () => {
    const restaurant = await getJson<RestaurantItem>(t.app, `/api/restaurants/${restaurantId}`);
    expect(restaurant.status).toBe(200);
    expect(restaurant.body.data).toMatchObject({ communityAdded: true, mergedInto: null, ratingCount: 12 });
    const dish = await getJson<DishItem>(t.app, `/api/dishes/${dishId}`);
    expect(dish.body.data).toMatchObject({ communityAdded: true, mergedInto: null });

    const found = await list<RestaurantItem>("/api/restaurants/searchTop?keyword=lantern");
    expect(found.find((r) => r.id === restaurantId)?.communityAdded).toBe(true);
    const dishes = await list<DishItem>("/api/dishes/searchByKeywordLocationTop?keyword=tantanmen");
    expect(dishes.find((d) => d.id === dishId)?.communityAdded).toBe(true);
    // Seeded items count as approved.
    const seeded = await getJson<RestaurantItem>(
      t.app,
      `/api/restaurants/${f.restaurantIds["Kyoto Ramen House"]}`,
    );
    expect(seeded.body.data.communityAdded).toBe(false);
  });

  it("open one moderation item each, from the community-added source", async () => {
    const items = await t.db
      .select({
        kind: moderationItems.kind,
        targetId: moderationItems.targetId,
        source: moderationItems.source,
      })
      .from(moderationItems)
      .where(eq(moderationItems.state, "open"));
    expect(items).toEqual(
      expect.arrayContaining([
        { kind: "restaurant", targetId: restaurantId, source: "community-added" },
        { kind: "dish", targetId: dishId, source: "community-added" },
      ]),
    );
  });

  it("stay out of every ranked list of the API and of the build's page data", async () => {
    for (const path of rankedPaths("restaurants", restaurantId))
      expect(await idsOf(path), path).not.toContain(restaurantId);
    for (const path of rankedPaths("dishes", restaurantId))
      expect(await idsOf(path), path).not.toContain(dishId);

    const tagPage = (await loadTagPages(t.db, [f.tagIds.Ramen])).get(f.tagIds.Ramen)!;
    expect(tagPage.topDishes.map((d) => d.id)).not.toContain(dishId);
    expect(tagPage.topRestaurants.map((r) => r.id)).not.toContain(restaurantId);
    expect(tagPage.trendingRestaurant?.id).not.toBe(restaurantId);
    expect(tagPage.trendingDish?.id).not.toBe(dishId);
    const pages = await loadCataloguePages(t.db, { dishes: [dishId], restaurants: [restaurantId] });
    expect(pages.restaurants.get(restaurantId)?.restaurant.communityAdded).toBe(true);
    expect(pages.restaurants.get(restaurantId)?.topDishes).toEqual([]);
    expect(pages.dishes.get(dishId)?.dish.communityAdded).toBe(true);
  });

  it("is refused to a plain user: 403, nothing changes", async () => {
    for (const action of ["approve", "remove"]) {
      const res = await act({ kind: "restaurant", id: restaurantId, action }, user);
      expect(res.status, action).toBe(403);
    }
    const res = await act({ kind: "dish", id: dishId, action: "edit", fields: { name: "Sneaky" } }, user);
    expect(res.status).toBe(403);
    const [row] = await t.db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
    expect(row!.listingState).toBe("pending");
  });

  it("enter the ranked lists once a moderator approves them, where their ratings place them", async () => {
    // Cached before the approval: the approval has to drop these answers.
    for (const path of rankedPaths("restaurants", restaurantId)) await idsOf(path);
    for (const path of rankedPaths("dishes", restaurantId)) await idsOf(path);

    for (const [kind, id] of [
      ["restaurant", restaurantId],
      ["dish", dishId],
    ] as const) {
      const res = await act({ kind, id, action: "approve" });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    // Twelve 5.0 ratings top every list the fixture has.
    for (const path of rankedPaths("restaurants", restaurantId))
      expect((await idsOf(path))[0], path).toBe(restaurantId);
    for (const path of rankedPaths("dishes", restaurantId)) expect((await idsOf(path))[0], path).toBe(dishId);
    const restaurant = await getJson<RestaurantItem>(t.app, `/api/restaurants/${restaurantId}`);
    expect(restaurant.body.data.communityAdded).toBe(false);

    const tagPage = (await loadTagPages(t.db, [f.tagIds.Ramen])).get(f.tagIds.Ramen)!;
    expect(tagPage.topDishes[0]?.id).toBe(dishId);
    expect(tagPage.topRestaurants[0]?.id).toBe(restaurantId);
    // Approving twice is refused, and changes nothing (asked by another moderator: the one who
    // approved may not decide the same item again, issue 29).
    const another = await createUser(t, NO_SCRYPT);
    await t.db.update(users).set({ role: "moderator" }).where(eq(users.id, another.userId));
    expect((await act({ kind: "dish", id: dishId, action: "approve" }, another)).status).toBe(409);
  });
});

describe("merging a duplicate", () => {
  it("moves its reviews, dishes and tags to the target, recomputes both, and leaves a pointer", async () => {
    const target = f.restaurantIds["Kyoto Ramen House"]!;
    const duplicate = await addRestaurant("Kyoto Ramen", "W1D 1AB");
    const dupDish = await addDish(duplicate, "Kyoto Gyoza");
    const newcomers = await Promise.all([1, 2, 3, 4].map(() => createUser(t, NO_SCRYPT)));
    await recordReviews(
      t.db,
      newcomers.map((reviewer) => ({
        restaurantId: duplicate,
        authorId: reviewer.userId,
        content: "Found it under another name.",
        ratingTenths: 40,
        createdAt: t.clock.now(),
      })),
    );
    // One of the target's own reviewers reviewed the duplicate too: that review stays behind.
    const [targetReviewer] = await t.db
      .select({ authorId: posts.authorId })
      .from(posts)
      .where(eq(posts.restaurantId, target))
      .limit(1);
    await recordReviews(t.db, [
      {
        restaurantId: duplicate,
        authorId: targetReviewer!.authorId,
        content: "Twice.",
        ratingTenths: 10,
        createdAt: t.clock.now(),
      },
    ]);
    const before = await getJson<RestaurantItem>(t.app, `/api/restaurants/${target}`);

    const res = await act({
      kind: "restaurant",
      id: duplicate,
      action: "merge",
      mergeInto: target,
      reason: "duplicate",
    });
    expect(res.status, await res.clone().text()).toBe(200);

    const after = await getJson<RestaurantItem>(t.app, `/api/restaurants/${target}`);
    expect(after.body.data.ratingCount).toBe(before.body.data.ratingCount + 4);
    expect(after.body.data.tags).toEqual(before.body.data.tags);
    expect(await findAggregateMismatches(t.db)).toEqual([]);
    const moved = await t.db
      .select({ restaurantId: dishes.restaurantId })
      .from(dishes)
      .where(eq(dishes.id, dupDish));
    expect(moved[0]!.restaurantId).toBe(target);
    const stayed = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.restaurantId, duplicate));
    expect(stayed).toHaveLength(1);

    const dup = await getJson<RestaurantItem>(t.app, `/api/restaurants/${duplicate}`);
    expect(dup.body.data.mergedInto).toEqual({ id: target, name: "Kyoto Ramen House" });
    expect(await idsOf("/api/restaurants/searchTop?keyword=kyoto")).not.toContain(duplicate);
  });

  it("refuses a merge into itself, into nothing, or of a dish into another restaurant's dish", async () => {
    const restaurantId = await addRestaurant("Merge Checks Cafe", "E1 6QL");
    const dishId = await addDish(restaurantId, "Check Soup");
    const cases: [Record<string, unknown>, number][] = [
      [{ kind: "restaurant", id: restaurantId, mergeInto: restaurantId }, 400],
      [{ kind: "restaurant", id: restaurantId, mergeInto: 999_999 }, 404],
      [{ kind: "dish", id: dishId, mergeInto: f.dishIds["Tonkotsu Ramen"] }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await act({ ...body, action: "merge", reason: "duplicate" });
      expect(res.status, JSON.stringify(body)).toBe(status);
    }
    const [row] = await t.db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
    expect(row!.listingState).toBe("pending");
  });
});

describe("editing an item's fields", () => {
  it("validates the fields: bad input is a clear 400 and changes nothing", async () => {
    const restaurantId = await addRestaurant("Edit Checks Diner", "N1 9GU");
    const dishId = await addDish(restaurantId, "Edit Check Pie");
    const restaurantEdit = (fields?: unknown) => ({
      kind: "restaurant",
      id: restaurantId,
      action: "edit",
      fields,
    });
    const dishEdit = (fields?: unknown) => ({ kind: "dish", id: dishId, action: "edit", fields });
    const bad: [Record<string, unknown>, RegExp][] = [
      [restaurantEdit(), /^edit needs fields/],
      [restaurantEdit({}), /^edit needs fields/],
      [restaurantEdit({ name: "" }), /^A name cannot be empty/],
      [restaurantEdit({ name: "x".repeat(101) }), /at most 100 characters/],
      [restaurantEdit({ price: 12 }), /^Only a dish has a price/],
      [dishEdit({ address: "2 Road" }), /^Only a restaurant has an address/],
      [dishEdit({ price: -1 }), /^Price must be a number of pounds/],
      [dishEdit({ colour: "red" }), /^Unknown field: colour/],
      [dishEdit({ tags: [] }), /^Please keep at least one tag/],
      [dishEdit({ tags: ["No Such Tag"] }), /^Unknown tags: No Such Tag/],
      [
        { kind: "dish", id: dishId, action: "approve", fields: { name: "Pie" } },
        /^fields applies only to edit/,
      ],
    ];
    for (const [body, message] of bad) {
      const res = await act(body);
      const answer = (await res.json()) as {
        message: string;
        data: { fields?: Record<string, string> } | null;
      };
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(answer.data?.fields?.fields, JSON.stringify([body, answer])).toMatch(message);
    }
    const [dish] = await t.db.select().from(dishes).where(eq(dishes.id, dishId));
    expect(dish).toMatchObject({ dishName: "Edit Check Pie", priceMinor: 1100, listingState: "pending" });
  });

  it("changes the fields, tags and search, and approves the item", async () => {
    const restaurantId = await addRestaurant("Borough Pie Shop", "SE1 7PB");
    const dishId = await addDish(restaurantId, "Edti Pie");
    const res = await act({
      kind: "dish",
      id: dishId,
      action: "edit",
      fields: {
        name: "Steak Pie",
        description: "Shortcrust, slow-cooked beef.",
        price: 14.5,
        tags: ["Vegan"],
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const dish = await getJson<DishItem>(t.app, `/api/dishes/${dishId}`);
    expect(dish.body.data).toMatchObject({
      dishName: "Steak Pie",
      description: "Shortcrust, slow-cooked beef.",
      price: 14.5,
      tags: ["Vegan"],
      communityAdded: false,
    });
    expect(await idsOf("/api/dishes/searchByKeywordLocationTop?keyword=steak")).toContain(dishId);
    expect(await idsOf("/api/dishes/searchByKeywordLocationTop?keyword=edti")).not.toContain(dishId);
  });

  it("renames a restaurant everywhere it shows, its dishes' answers included", async () => {
    const restaurantId = await addRestaurant("Brixton Noodel Bar", "SW9 8LF");
    const dishId = await addDish(restaurantId, "Brixton Laksa");
    // Cached before the edit: the edit has to drop it.
    expect((await getJson<DishItem>(t.app, `/api/dishes/${dishId}`)).body.data.restaurantName).toBe(
      "Brixton Noodel Bar",
    );
    const res = await act({
      kind: "restaurant",
      id: restaurantId,
      action: "edit",
      fields: { name: "Brixton Noodle Bar", address: "5 Electric Avenue" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const dish = await getJson<DishItem>(t.app, `/api/dishes/${dishId}`);
    expect(dish.body.data).toMatchObject({
      restaurantName: "Brixton Noodle Bar",
      restaurantAddress: "5 Electric Avenue",
    });
    const restaurant = await getJson<RestaurantItem>(t.app, `/api/restaurants/${restaurantId}`);
    expect(restaurant.body.data).toMatchObject({ name: "Brixton Noodle Bar", communityAdded: false });
  });
});
