// Hot reads come from memory until a write calls deps.cache.clear().
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DishItem } from "../../../shared/schemas/catalogue-items.ts";
import { insertDishes } from "../db/queries/catalogue-writes.ts";
import { recordReviews } from "../db/queries/review-bulk-record.ts";
import { dishes, tags } from "../db/schema.ts";
import { getJson, useCatalogueTestApp } from "../testing/fixture.ts";

const { t, f } = useCatalogueTestApp();

const renameDish = (id: number, dishName: string) =>
  t.db.update(dishes).set({ dishName }).where(eq(dishes.id, id));

describe("response cache", () => {
  it("serves an item from memory until invalidated", async () => {
    const id = f.dishIds["Pork Gyoza"]!;
    const first = await getJson<DishItem>(t.app, `/api/dishes/${id}`);
    // Kept in the server's memory; browsers ask again each time (issue 24: own changes show).
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    await renameDish(id, "Chicken Gyoza");
    const second = await getJson<DishItem>(t.app, `/api/dishes/${id}`);
    expect(second.body.data.dishName).toBe("Pork Gyoza");
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));

    t.deps.cache.clear();
    const third = await getJson<DishItem>(t.app, `/api/dishes/${id}`);
    expect(third.body.data.dishName).toBe("Chicken Gyoza");
    expect(third.headers.get("etag")).not.toBe(first.headers.get("etag"));
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await t.app.request("/api/tags/getLimitedTags");
    const etag = first.headers.get("etag")!;
    const again = await t.app.request("/api/tags/getLimitedTags", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("shows a new review in 'top' only after invalidation", async () => {
    const before = await getJson<DishItem[]>(t.app, "/api/dishes/top?topNum=1");
    expect(before.body.data[0]!.dishName).toBe("Tonkotsu Ramen");
    // One review per person per item (issue 20): every fixture reviewer rates it once.
    await recordReviews(
      t.db,
      f.reviewerIds.map((authorId, i) => ({
        dishId: f.dishIds["Shoyu Ramen"]!,
        authorId,
        content: `Superb ${i}`,
        ratingTenths: 50,
        createdAt: t.clock.now() - i * 1000,
      })),
    );
    expect((await getJson<DishItem[]>(t.app, "/api/dishes/top?topNum=1")).body.data[0]!.dishName).toBe(
      "Tonkotsu Ramen",
    );
    t.deps.cache.clear();
    expect((await getJson<DishItem[]>(t.app, "/api/dishes/top?topNum=1")).body.data[0]!.dishName).toBe(
      "Shoyu Ramen",
    );
  });

  it("does not cache a 404, so an item created later opens at once", async () => {
    const [last] = await t.db.select({ id: dishes.id }).from(dishes).orderBy(desc(dishes.id)).limit(1);
    const nextId = last!.id + 1;
    expect((await getJson(t.app, `/api/dishes/${nextId}`)).status).toBe(404);
    const [created] = await insertDishes(t.db, [
      {
        restaurantId: f.restaurantIds["Grill Republic"]!,
        dishName: "Corn Ribs",
        priceMinor: 600,
        tagIds: [],
      },
    ]);
    expect(created).toBe(nextId);
    expect((await getJson<DishItem>(t.app, `/api/dishes/${nextId}`)).body.data.dishName).toBe("Corn Ribs");
  });

  it("keeps lists such as tags until invalidated", async () => {
    const names = async () =>
      (await getJson<{ tagName: string }[]>(t.app, "/api/tags/getLimitedTags")).body.data.map(
        (x) => x.tagName,
      );
    expect(await names()).not.toContain("Zucchini");
    await t.db.insert(tags).values({ tagName: "Zucchini", emoji: "🥒" });
    expect(await names()).not.toContain("Zucchini");
    t.deps.cache.clear();
    expect(await names()).toContain("Zucchini");
  });
});
