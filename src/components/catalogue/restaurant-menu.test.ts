import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DishItem } from "../../shared/schemas/catalogue-items.ts";
import { CataloguePageBody } from "./CataloguePageBody.tsx";
import { MENU_FOLD, RestaurantMenu } from "./RestaurantMenu.tsx";
import { sampleDish, sampleOffer, sampleRestaurant } from "./fixtures.test-data.ts";

const dish = (n: number, more: Partial<DishItem> = {}): DishItem => ({
  ...sampleDish,
  id: 100 + n,
  dishName: `House Dish ${n}`,
  ...more,
});
const unrated = { rating: 0, ratingCount: 0, reviewCount: 0 };
const menuHtml = (dishes: DishItem[]) =>
  renderToStaticMarkup(createElement(RestaurantMenu, { restaurantName: "Trattoria Roma", dishes }));

describe("RestaurantMenu (issue 30)", () => {
  it("lists every dish with its price, and its rating only when it has one", () => {
    const out = menuHtml([dish(1), dish(2, { ...unrated, price: null })]);
    expect(out).toContain('<a class="cat-menu__name" href="/dish/101">House Dish 1</a>');
    expect(out).toContain('<a class="cat-menu__name" href="/dish/102">House Dish 2</a>');
    expect(out).toContain("£14.50");
    expect(out).toContain("Price not listed");
    expect(out.match(/cat-menu__rating/g)).toHaveLength(1);
    expect(out).toContain("2 dishes");
  });

  it("shows diets and allergens only where the owner declared them, never a guess", () => {
    const declared = dish(1, {
      diets: ["vegetarian"],
      allergens: { contains: ["gluten", "milk"], updatedAt: "2026-11-01T10:00:00.000Z" },
    });
    const none = dish(2, { diets: [], allergens: { contains: [], updatedAt: "2026-11-01T10:00:00.000Z" } });
    const out = menuHtml([declared, none, dish(3)]);
    expect(out).toContain("Vegetarian");
    expect(out).toMatch(/Contains Cereals containing gluten, Milk|Contains Gluten, Milk/);
    expect(out).toContain("None of the 14 allergens");
    expect(out.match(/cat-menu__facts/g)).toHaveLength(2);
    expect(out).toContain("Always tell staff about allergies before ordering.");
    expect(menuHtml([dish(3)])).not.toContain("cat-menu__facts");
  });

  it("folds a long menu after its first rows behind 'Show all N dishes'", () => {
    const dishes = Array.from({ length: 48 }, (_, i) => dish(i + 1, i > 10 ? unrated : {}));
    const out = menuHtml(dishes);
    expect(out).toContain("Show all 48 dishes");
    const [open, folded] = out.split('<details class="cat-menu__more">');
    expect(open!.match(/cat-menu__row/g)).toHaveLength(MENU_FOLD);
    expect(folded!.match(/cat-menu__row/g)).toHaveLength(48 - MENU_FOLD);
    expect(menuHtml(dishes.slice(0, MENU_FOLD))).not.toContain("<details");
  });

  it("says so when a restaurant lists no dishes", () => {
    expect(menuHtml([])).toContain("No dishes from Trattoria Roma yet.");
  });
});

describe("the restaurant page's order (issue 30)", () => {
  it("puts the menu, then the reviews, right under the name; the app card last", () => {
    const dishes = [dish(1), dish(2), dish(3)];
    const out = renderToStaticMarkup(
      createElement(CataloguePageBody, {
        kind: "restaurant",
        data: { restaurant: sampleRestaurant, offers: [sampleOffer], topDishes: dishes.slice(0, 2), menu: dishes },
      }),
    );
    const at = (text: string) => {
      const i = out.indexOf(text);
      expect(i, text).toBeGreaterThanOrEqual(0);
      return i;
    };
    const order = [
      at('id="cat-title"'),
      at('id="cat-menu-title"'),
      at('data-item-reviews="restaurant"'),
      at("Book Online"),
      at('id="cat-hours"'),
      at('id="todays-offers"'),
      at('id="top-dishes"'),
      at("The Dishcovery app is coming soon"),
    ];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});
