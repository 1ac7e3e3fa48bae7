// The catalogue page loaders (src/components/catalogue/page-data.ts) against the real API
// over a real database: the calls the client fallback makes. The build's bulk reads
// (catalogue-page-data.ts) must answer exactly what those calls answer.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCataloguePages, loadTagPages } from "./catalogue-page-data.ts";
import { listCatalogueIds } from "../api/db/queries/catalogue-ids.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../api/testing/fixture.ts";
import { createTestApp, type TestApp } from "../api/testing/test-app.ts";
import {
  loadAreaPage,
  loadDishPage,
  loadOfferPage,
  loadRestaurantPage,
} from "../../components/catalogue/page-data.ts";
import { createApiClient, listOf, type ApiClient } from "../../shared/api-client.ts";
import { saveDish, saveRestaurant } from "../api/db/queries/catalogue-saves.ts";
import { recordReviews } from "../api/db/queries/review-bulk-record.ts";
import { dishes, restaurants } from "../api/db/schema.ts";
import { publishCatalogueChanges } from "../api/services/catalogue-changes.ts";

let t: TestApp;
let fixture: CatalogueFixture;
let get: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  fixture = await buildCatalogueFixture(t.db, t.clock.now());
  get = createApiClient({ fetch: (input, init) => t.app.request(input, init) });
});

afterAll(() => t.close());

describe("catalogue page data", () => {
  it("lists every id for getStaticPaths", async () => {
    const ids = await listCatalogueIds(t.db);
    expect(ids.dishes).toEqual(Object.values(fixture.dishIds).sort((a, b) => a - b));
    expect(ids.restaurants).toEqual(Object.values(fixture.restaurantIds).sort((a, b) => a - b));
    expect(ids.offers).toEqual(Object.values(fixture.offerIds).sort((a, b) => a - b));
    expect(ids.areas).toEqual(Object.values(fixture.areaIds).sort((a, b) => a - b));
  });

  it("gives a dish two other top dishes of its own restaurant, never itself", async () => {
    for (const id of Object.values(fixture.dishIds)) {
      const data = (await loadDishPage(get, id))!;
      expect(data.dish.id).toBe(id);
      expect(data.moreFromRestaurant.length).toBeLessThanOrEqual(2);
      for (const other of data.moreFromRestaurant) {
        expect(other.id).not.toBe(id);
        expect(other.restaurantId).toBe(data.dish.restaurantId);
      }
    }
    const ramen = (await loadDishPage(get, fixture.dishIds["Tonkotsu Ramen"]!))!;
    expect(ramen.moreFromRestaurant).toHaveLength(2);
  });

  it("reads every dish and restaurant page in bulk exactly as the API loaders do", async () => {
    const ids = await listCatalogueIds(t.db);
    const bulk = await loadCataloguePages(t.db, ids);
    expect([...bulk.dishes.keys()].sort((a, b) => a - b)).toEqual(ids.dishes);
    expect([...bulk.restaurants.keys()].sort((a, b) => a - b)).toEqual(ids.restaurants);
    for (const [id, page] of bulk.dishes) expect(page).toEqual(await loadDishPage(get, id));
    for (const [id, page] of bulk.restaurants) expect(page).toEqual(await loadRestaurantPage(get, id));
    // The comparison means something only if the fixture has lists to get wrong.
    expect([...bulk.restaurants.values()].some((page) => page.offers.length > 0)).toBe(true);
    expect([...bulk.dishes.values()].some((page) => page.moreFromRestaurant.length === 2)).toBe(true);
  });

  it("reads only the pages asked for, each as the API loaders read it", async () => {
    // A dish whose restaurant's page is not asked for still lists that restaurant's dishes.
    const ramen = fixture.dishIds["Tonkotsu Ramen"]!;
    const ramenRestaurant = (await loadDishPage(get, ramen))!.dish.restaurantId;
    const otherRestaurant = Object.values(fixture.restaurantIds).find((id) => id !== ramenRestaurant)!;
    const bulk = await loadCataloguePages(t.db, { dishes: [ramen], restaurants: [otherRestaurant] });
    expect([...bulk.dishes.keys()]).toEqual([ramen]);
    expect([...bulk.restaurants.keys()]).toEqual([otherRestaurant]);
    expect(bulk.dishes.get(ramen)).toEqual(await loadDishPage(get, ramen));
    expect(bulk.dishes.get(ramen)!.moreFromRestaurant).toHaveLength(2);
    expect(bulk.restaurants.get(otherRestaurant)).toEqual(await loadRestaurantPage(get, otherRestaurant));
  });

  it("reads every tag page in bulk exactly as the API's tag lists answer", async () => {
    const tags = await listOf(get.tags.getLimitedTags.$get({ query: { limit: 200 } }));
    const bulk = await loadTagPages(
      t.db,
      tags.map((tag) => tag.id),
    );
    let listed = 0;
    for (const { id, tagName } of tags) {
      const [trendingRestaurant] = await listOf(
        get.restaurants.trendingbytag.$get({ query: { tags: tagName, topNum: 1 } }),
      );
      const [trendingDish] = await listOf(get.dishes.trending.$get({ query: { tagName, topNum: 1 } }));
      const page = bulk.get(id)!;
      expect(page).toEqual({
        offers: await listOf(get.offers.filter.$get({ query: { tagName, topNum: 6 } })),
        topDishes: await listOf(get.dishes.top.filter.$get({ query: { tagName, topNum: 10 } })),
        trendingRestaurant,
        trendingRestaurantDishes: trendingRestaurant
          ? await listOf(
              get.dishes.top.$get({ query: { restaurantId: String(trendingRestaurant.id), topNum: 5 } }),
            )
          : [],
        topRestaurants: await listOf(get.restaurants.top.filter.$get({ query: { tagName, topNum: 5 } })),
        trendingDish,
      });
      listed +=
        page.offers.length +
        page.topDishes.length +
        page.topRestaurants.length +
        page.trendingRestaurantDishes.length;
    }
    expect(listed).toBeGreaterThan(0);
  });

  it("gives a restaurant its own offers (at most 3) and its top 2 dishes", async () => {
    for (const id of Object.values(fixture.restaurantIds)) {
      const data = (await loadRestaurantPage(get, id))!;
      expect(data.offers.length).toBeLessThanOrEqual(3);
      expect(data.offers.every((o) => o.restaurantId === id)).toBe(true);
      expect(data.topDishes.length).toBeLessThanOrEqual(2);
      expect(data.topDishes.every((d) => d.restaurantId === id)).toBe(true);
    }
  });

  it("gives an offer up to three other offers, never itself", async () => {
    for (const id of Object.values(fixture.offerIds)) {
      const data = (await loadOfferPage(get, id))!;
      expect(data.otherOffers.length).toBeLessThanOrEqual(3);
      expect(data.otherOffers.map((o) => o.id)).not.toContain(id);
      expect(new Set(data.otherOffers.map((o) => o.id)).size).toBe(data.otherOffers.length);
    }
  });

  it("gives an area its top dishes and restaurants located there", async () => {
    const data = (await loadAreaPage(get, fixture.areaIds.Soho))!;
    expect(data.area.areaName).toBe("Soho");
    expect(data.topRestaurants.length).toBeGreaterThan(0);
    expect(data.topRestaurants.every((r) => r.location.area === "Soho")).toBe(true);
    expect(data.topDishes.every((d) => d.location.area === "Soho")).toBe(true);
    expect(data.topDishes.length).toBeLessThanOrEqual(6);
  });

  it("answers null for ids that do not exist, so the page shows its no-data state", async () => {
    expect(await loadDishPage(get, 99_999_999)).toBeNull();
    expect(await loadRestaurantPage(get, 99_999_999)).toBeNull();
    expect(await loadOfferPage(get, 99_999_999)).toBeNull();
    expect(await loadAreaPage(get, 99_999_999)).toBeNull();
  });
});

// Issue 21: items anyone added, awaiting approval or merged, answer the same both ways, and
// the tag page's lists leave them out until they are approved, as the API's do.
describe("catalogue page data of items anyone added", () => {
  let restaurantId: number;
  let dishId: number;
  let merged: number;

  beforeAll(async () => {
    const added = { createdBy: fixture.userIds.ada, createdAt: t.clock.now() };
    restaurantId = await saveRestaurant(t.db, {
      ...added,
      name: "Bulk Check Ramen",
      address: "3 Check Street",
      postCode: "W1D 3CK",
      phone: null,
      openingHours: [],
      regionId: fixture.regionIds.Central,
      areaId: fixture.areaIds.Soho,
      tagIds: [fixture.tagIds.Ramen],
    });
    dishId = await saveDish(t.db, {
      ...added,
      restaurantId,
      dishName: "Bulk Check Bowl",
      priceMinor: 900,
      tagIds: [fixture.tagIds.Ramen],
    });
    merged = await saveDish(t.db, {
      ...added,
      restaurantId,
      dishName: "Bulk Check Bowl Again",
      priceMinor: 900,
      tagIds: [fixture.tagIds.Ramen],
    });
    await t.db
      .update(dishes)
      .set({ listingState: "merged", mergedIntoId: dishId })
      .where(eq(dishes.id, merged));
    const review = { content: "Top bowl.", ratingTenths: 50, createdAt: t.clock.now() };
    await recordReviews(t.db, [
      ...fixture.reviewerIds.slice(0, 10).map((authorId) => ({ ...review, authorId, restaurantId })),
      ...fixture.reviewerIds.slice(0, 10).map((authorId) => ({ ...review, authorId, dishId })),
    ]);
    await publishCatalogueChanges(t.deps, {
      dishIds: [dishId, merged],
      restaurantIds: [restaurantId],
      tagsChanged: true,
    });
  });

  async function expectSameBothWays() {
    const bulk = await loadCataloguePages(t.db, { dishes: [dishId, merged], restaurants: [restaurantId] });
    expect(bulk.dishes.get(dishId)).toEqual(await loadDishPage(get, dishId));
    expect(bulk.dishes.get(merged)).toEqual(await loadDishPage(get, merged));
    expect(bulk.restaurants.get(restaurantId)).toEqual(await loadRestaurantPage(get, restaurantId));
    const tag = (await loadTagPages(t.db, [fixture.tagIds.Ramen])).get(fixture.tagIds.Ramen)!;
    expect(tag.topDishes).toEqual(
      await listOf(get.dishes.top.filter.$get({ query: { tagName: "Ramen", topNum: 10 } })),
    );
    expect(tag.topRestaurants).toEqual(
      await listOf(get.restaurants.top.filter.$get({ query: { tagName: "Ramen", topNum: 5 } })),
    );
    return { bulk, tag };
  }

  it("shows them labelled, out of the lists, while they await approval", async () => {
    const { bulk, tag } = await expectSameBothWays();
    expect(bulk.restaurants.get(restaurantId)!.restaurant.communityAdded).toBe(true);
    expect(bulk.restaurants.get(restaurantId)!.topDishes).toEqual([]);
    expect(bulk.dishes.get(merged)!.dish.mergedInto).toEqual({ id: dishId, name: "Bulk Check Bowl" });
    expect(tag.topDishes.map((d) => d.id)).not.toContain(dishId);
    expect(tag.topRestaurants.map((r) => r.id)).not.toContain(restaurantId);
  });

  it("lists them where their ratings place them once approved; never the merged one", async () => {
    await t.db.update(restaurants).set({ listingState: "approved" }).where(eq(restaurants.id, restaurantId));
    await t.db.update(dishes).set({ listingState: "approved" }).where(eq(dishes.id, dishId));
    await publishCatalogueChanges(t.deps, { dishIds: [dishId], restaurantIds: [restaurantId] });
    const { bulk, tag } = await expectSameBothWays();
    expect(tag.topDishes[0]?.id).toBe(dishId);
    expect(tag.topRestaurants[0]?.id).toBe(restaurantId);
    expect(bulk.restaurants.get(restaurantId)!.topDishes.map((d) => d.id)).toEqual([dishId]);
  });
});
