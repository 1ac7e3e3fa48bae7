import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { sampleDish, sampleRestaurant } from "../catalogue/fixtures.test-data.ts";
import { DishCardView, distanceText, RestaurantCardView } from "./card-views.tsx";

describe("a card's distance (issue 31)", () => {
  it("reads as metres or km and minutes on foot, rounded up (80 m a minute)", () => {
    expect(distanceText(650)).toBe("650 m · 9 min walk");
    expect(distanceText(1234)).toBe("1.2 km · 16 min walk");
    expect(distanceText(3)).toBe("10 m · 1 min walk");
  });

  it("is on a card only when the list was asked near a place", () => {
    const near = renderToStaticMarkup(createElement(DishCardView, { dish: { ...sampleDish, distanceMeters: 640 } as typeof sampleDish }));
    expect(near).toContain('<p class="card-meta card-distance">640 m · 8 min walk</p>');
    expect(renderToStaticMarkup(createElement(DishCardView, { dish: sampleDish }))).not.toContain("card-distance");
    const restaurant = { ...sampleRestaurant, distanceMeters: 2400 } as typeof sampleRestaurant;
    expect(renderToStaticMarkup(createElement(RestaurantCardView, { restaurant }))).toContain("2.4 km · 30 min walk");
  });
});
