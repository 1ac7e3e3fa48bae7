import { describe, expect, it } from "vitest";
import type { DishItem, RestaurantItem } from "../../shared/schemas/catalogue-items.ts";
import { CataloguePageBody } from "./CataloguePageBody.tsx";
import { sampleDish, sampleRestaurant } from "./fixtures.test-data.ts";
import { staticHtml } from "./static-html.ts";

const dishes: DishItem[] = [1, 2, 3].map((n) => ({ ...sampleDish, id: 100 + n, dishName: `House Dish ${n}` }));
const dishPage = (dish: DishItem, moreFromRestaurant: DishItem[]) =>
  staticHtml(CataloguePageBody, { kind: "dish", data: { dish, moreFromRestaurant } });
const restaurantPage = (restaurant: RestaurantItem, topDishes: DishItem[]) =>
  staticHtml(CataloguePageBody, { kind: "restaurant", data: { restaurant, offers: [], topDishes, menu: topDishes } });

describe("staticHtml", () => {
  it("gives a page that reuses cards from earlier pages the same HTML as a fresh render", () => {
    const first = dishPage(dishes[0]!, [dishes[1]!, dishes[2]!]);
    const reused = dishPage(dishes[1]!, [dishes[0]!, dishes[2]!]);
    // Copies are other objects, so nothing of theirs was rendered before.
    const fresh = dishPage(structuredClone(dishes[1]!), structuredClone([dishes[0]!, dishes[2]!]));
    expect(reused).toBe(fresh);
    expect(first).toContain('<a href="/dish/103">House Dish 3</a>');
    expect(reused).toContain('<a href="/dish/101">House Dish 1</a>');
    expect(reused).not.toContain("preload");
  });

  it("keeps a card's variants apart: a ranked card is not reused where the card has no rank", () => {
    const restaurant = restaurantPage(sampleRestaurant, dishes);
    expect(restaurant).toContain('<span class="visually-hidden">Number 1</span>');
    const dish = dishPage(sampleDish, dishes);
    expect(dish).not.toContain('class="rank"');
    expect(dish).toContain('<a href="/dish/101">House Dish 1</a>');
  });
});
