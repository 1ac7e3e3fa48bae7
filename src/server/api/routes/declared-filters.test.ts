// Filters that tell the truth (issue 30): a diet or free-from filter lists only what owners
// declared, unless the visitor asks for undeclared dishes too (then marked by null allergens or
// diets), and a restaurant matches a diet when its owner declares a dish with it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { makeOwner } from "../testing/owners.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

interface Row {
  id: number;
  allergens: unknown;
  diets: unknown;
}

let t: TestApp;
let f: CatalogueFixture;
let owner: TestUser;
let restaurantId: number;

async function read(path: string): Promise<{ status: number; message: string; data: Row[] }> {
  const res = await t.app.request(path);
  const body = (await res.json()) as { message: string; data: Row[] };
  return { status: res.status, ...body };
}
async function ids(path: string): Promise<number[]> {
  const res = await read(path);
  expect(res.status, `${path}: ${res.message} ${String(t.errors[0] ?? "")}`).toBe(200);
  return res.data.map((d) => d.id);
}

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  owner = await createUser(t);
  restaurantId = f.restaurantIds["Kyoto Ramen House"]!;
  await makeOwner(t, restaurantId, owner.userId);
  const res = await sendJson(t, "PUT", `/api/restaurants/${restaurantId}/menu`, owner, {
    dishes: [
      { id: f.dishIds.Edamame, dishName: "Edamame", price: 4.5, description: "", allergens: ["soya"], diets: ["vegan"] },
    ],
  });
  expect(res.status, await res.clone().text()).toBe(200);
});
afterAll(() => t.close());

describe("undeclared dishes on request (issue 30)", () => {
  it("adds dishes nobody declared, marked by null allergens, only when asked", async () => {
    const ramen = f.dishIds["Tonkotsu Ramen"]!;
    expect(await ids("/api/dishes/top/filter?tagName=Japanese&topNum=50&freeFrom=peanuts")).not.toContain(ramen);
    const withUndeclared = await read("/api/dishes/top/filter?tagName=Japanese&topNum=50&freeFrom=peanuts&undeclared=true");
    expect(withUndeclared.data.find((d) => d.id === ramen)).toMatchObject({ allergens: null });
    expect(await ids("/api/dishes/searchByKeywordLocationTop?keyword=edamame&freeFrom=peanuts&undeclared=true")).toEqual([
      f.dishIds.Edamame,
    ]);
    // A declared dish that contains the allergen stays out either way: never guessed.
    expect(await ids("/api/dishes/searchByKeywordLocationTop?keyword=edamame&freeFrom=soya&undeclared=true")).toEqual([]);
    const searched = await ids("/api/dishes/searchByKeywordLocationTop?keyword=ramen&diet=vegan&undeclared=true");
    expect(searched).toContain(ramen);
    expect(await ids("/api/dishes/searchByKeywordLocationTop?keyword=ramen&diet=vegan")).not.toContain(ramen);
  });

  it("refuses a value that is not true or false, naming the field", async () => {
    const res = await read("/api/dishes/top/filter?tagName=Japanese&freeFrom=peanuts&undeclared=maybe");
    expect(res.status).toBe(400);
    expect(res.message).toMatch(/undeclared/);
    expect(res.message).toMatch(/true or false/);
  });
});

describe("restaurants by diet (issue 30)", () => {
  it("lists a restaurant when its owner declares a dish with the diet, and no other", async () => {
    expect(await ids("/api/restaurants/top/filter?tagName=Japanese&topNum=50&diet=vegan")).toEqual([restaurantId]);
    expect(await ids("/api/restaurants/top/filter?tagName=Japanese&topNum=50&diet=halal")).toEqual([]);
    expect(await ids("/api/restaurants/searchTop?keyword=kyoto&diet=vegan")).toEqual([restaurantId]);
    expect(await ids("/api/restaurants/searchTop?keyword=kyoto&diet=halal")).toEqual([]);
    expect(await ids("/api/restaurants/trending?topNum=50&diet=vegan")).toEqual([restaurantId]);
  });

  it("refuses a diet we do not offer, listing the ones we do", async () => {
    const res = await read("/api/restaurants/top/filter?tagName=Japanese&diet=keto");
    expect(res.status).toBe(400);
    expect(res.message).toMatch(/diet/);
    expect(res.message).toMatch(/vegan, vegetarian/);
  });
});
