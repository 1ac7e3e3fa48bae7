// The review modal's catalogue calls against the real app: name lists, and adding a missing
// restaurant or dish with spec point 5's messages, point 9's default hours, duplicates refused,
// and the new item open at its URL and searchable at once.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_OPENING_HOURS, REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import { dishes, restaurants } from "../db/schema.ts";
import { createUser, postJson, type TestUser } from "../testing/accounts.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";

let user: TestUser;
const { t, f } = useCatalogueTestApp({}, async (t) => {
  user = await createUser(t);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes
const read = async (res: Response) => (await res.json()) as { code: number; message: string; data: any };
const get = (path: string) => t.app.request(path, { headers: user.authorization });

describe("name lists (bearer)", () => {
  it("lists restaurant names alphabetically, filtered by prefix and bounded", async () => {
    expect((await t.app.request("/api/restaurants/names")).status).toBe(401);
    const all = await read(await get("/api/restaurants/names?limit=100"));
    const names = all.data.map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : 1)));
    const ton = await read(await get("/api/restaurants/names?q=ton"));
    expect(ton.data).toEqual([{ id: f.restaurantIds["Tonkotsu Lane"], name: "Tonkotsu Lane" }]);
    expect((await read(await get("/api/restaurants/names?limit=2"))).data).toHaveLength(2);
    expect((await read(await get("/api/restaurants/names?q=%25"))).data).toEqual([]);
    expect((await get("/api/restaurants/names?limit=1000")).status).toBe(400);
  });

  it("lists dish names, and a restaurant's dishes", async () => {
    const ramen = await read(await get("/api/dishes/names?q=shoyu"));
    expect(ramen.data).toEqual([
      {
        id: f.dishIds["Shoyu Ramen"],
        dishName: "Shoyu Ramen",
        restaurantId: f.restaurantIds["Tonkotsu Lane"],
        restaurantName: "Tonkotsu Lane",
      },
    ]);
    const inLane = await read(await get(`/api/dishes/namesInRestaurant/${f.restaurantIds["Tonkotsu Lane"]}`));
    expect(inLane.data.length).toBeGreaterThan(1);
    expect(
      inLane.data.every((d: { restaurantId: number }) => d.restaurantId === f.restaurantIds["Tonkotsu Lane"]),
    ).toBe(true);
    const unknown = await get("/api/dishes/namesInRestaurant/999999");
    expect(unknown.status).toBe(404);
    expect((await read(unknown)).message).toBe(REVIEW_MESSAGES.restaurantNotFound);
  });
});

const newRestaurant = (overrides: Record<string, unknown> = {}) => ({
  name: "Lantern Dumpling House",
  address: "12 Gerrard Street",
  email: "w1d 5pt",
  phone: "02074370000",
  region: f.regionIds.Central,
  area: f.areaIds.Soho,
  tags: ["Japanese", f.tagIds.Vegan],
  ...overrides,
});

describe("POST /api/restaurants/save", () => {
  it("adds a restaurant marked as the user's, with default hours, open and searchable at once", async () => {
    // Read first, so a cached 404 and a cached search would have to be dropped.
    const search = () => t.app.request("/api/restaurants/searchTop?keyword=lantern");
    expect((await read(await search())).data).toEqual([]);
    const res = await postJson(t, "/api/restaurants/save", newRestaurant(), user.authorization);
    const saved = await read(res);
    expect(res.status, saved.message).toBe(200);
    expect(saved.code).toBe(200);
    expect(saved.message).toBe("Restaurant saved successfully!");
    const [row] = await t.db.select().from(restaurants).where(eq(restaurants.id, saved.data.id));
    expect(row!.createdBy).toBe(user.userId);
    expect(row!.postCode).toBe("W1D 5PT");
    expect(row!.openingHours).toEqual([...DEFAULT_OPENING_HOURS]);
    const page = await read(await t.app.request(`/api/restaurants/${saved.data.id}`));
    expect(page.data.name).toBe("Lantern Dumpling House");
    expect(page.data.tags.sort()).toEqual(["Japanese", "Vegan"]);
    expect((await read(await search())).data.map((r: { id: number }) => r.id)).toEqual([saved.data.id]);
  });

  it("refuses the same name at the same post code, however it is spaced or cased", async () => {
    const res = await postJson(
      t,
      "/api/restaurants/save",
      newRestaurant({ name: "lantern dumpling house", email: undefined, postCode: "W1D5PT" }),
      user.authorization,
    );
    expect(res.status).toBe(409);
    expect((await read(res)).message).toBe(REVIEW_MESSAGES.duplicateRestaurant);
  });

  it("answers spec point 5's messages for every missing field, and stores nothing", async () => {
    const before = await t.db.$count(restaurants);
    const res = await postJson(
      t,
      "/api/restaurants/save",
      { region: f.regionIds.Central, area: f.areaIds.Soho },
      user.authorization,
    );
    expect(res.status).toBe(400);
    expect((await read(res)).data.fields).toEqual({
      name: "Restaurant Name is required.",
      address: "Address is required.",
      postCode: "PostCode is required.",
      tags: "At least one tag is required.",
    });
    for (const [body, message] of [
      [newRestaurant({ name: "Phone Test", phone: "call me" }), REVIEW_MESSAGES.phoneNumeric],
      [
        newRestaurant({ name: "Tag Test", tags: ["Nonexistent"] }),
        REVIEW_MESSAGES.unknownTags(["Nonexistent"]),
      ],
      [newRestaurant({ name: "Region Test", region: 999 }), REVIEW_MESSAGES.unknownRegion],
      [newRestaurant({ name: "Area Test", area: f.areaIds.Camden }), REVIEW_MESSAGES.areaNotInRegion],
    ] as const) {
      const refused = await postJson(t, "/api/restaurants/save", body, user.authorization);
      expect(refused.status).toBe(400);
      expect((await read(refused)).message).toBe(message);
    }
    expect(await t.db.$count(restaurants)).toBe(before);
  });
});

describe("POST /api/dishes/save", () => {
  it("adds a dish at its restaurant's place, open and searchable at once", async () => {
    const res = await postJson(
      t,
      "/api/dishes/save",
      {
        dishName: "Black Garlic Tantanmen",
        price: "13.50",
        tags: ["Ramen"],
        restaurantId: f.restaurantIds["Tonkotsu Lane"],
        created_at: "1999-01-01",
        updated_at: "1999-01-01",
      },
      user.authorization,
    );
    const saved = await read(res);
    expect(res.status, saved.message).toBe(200);
    expect(saved.message).toBe("Dish saved successfully!");
    const [row] = await t.db.select().from(dishes).where(eq(dishes.id, saved.data.id));
    expect(row!.priceMinor).toBe(1350);
    expect(row!.createdBy).toBe(user.userId);
    expect(row!.createdAt).toBe(t.clock.now());
    const page = await read(await t.app.request(`/api/dishes/${saved.data.id}`));
    expect(page.data.location.area).toBe("Camden");
    const found = await read(await t.app.request("/api/dishes/searchByKeywordLocationTop?keyword=tantanmen"));
    expect(found.data.map((d: { id: number }) => d.id)).toEqual([saved.data.id]);
    const again = await postJson(
      t,
      "/api/dishes/save",
      { dishName: "black garlic tantanmen", tags: ["Ramen"], restaurantId: f.restaurantIds["Tonkotsu Lane"] },
      user.authorization,
    );
    expect(again.status).toBe(409);
    expect((await read(again)).message).toBe(REVIEW_MESSAGES.duplicateDish);
  });

  it("answers spec point 5's messages and the not-found message, storing nothing", async () => {
    const before = await t.db.$count(dishes);
    const res = await postJson(t, "/api/dishes/save", { price: "abc" }, user.authorization);
    expect(res.status).toBe(400);
    expect((await read(res)).data.fields).toEqual({
      dishName: "Dish Name is required.",
      price: REVIEW_MESSAGES.priceNumeric,
      tags: "At least one tag is required.",
      restaurantId: "Restaurant selection is required.",
    });
    const unknown = await postJson(
      t,
      "/api/dishes/save",
      { dishName: "Ghost", tags: ["Ramen"], restaurantId: 999999 },
      user.authorization,
    );
    expect(unknown.status).toBe(404);
    expect((await read(unknown)).message).toBe("Restaurant not found. Please try again.");
    expect(await t.db.$count(dishes)).toBe(before);
  });
});
