// Issue 24: a card counts what the item's page counts. "4.6 (6)" on a restaurant's Top Dishes
// beside the dish's page saying "7 reviews" read as a stale or broken site: the card showed
// the ratings that rank, the page every review (incentivised and text-only ones included).
import { describe, expect, it } from "vitest";
import { sampleDish, sampleRestaurant } from "../catalogue/fixtures.test-data.ts";
import { Rating } from "../catalogue/view-parts.tsx";
import { staticHtml } from "../catalogue/static-html.ts";
import { DishCardView, RestaurantCardView } from "./card-views.tsx";

describe("a card's count", () => {
  it("is the item's review count, the number its page shows", () => {
    const dish = { ...sampleDish, id: 9101, rating: 4.6, ratingCount: 6, reviewCount: 7 };
    const card = staticHtml(DishCardView, { dish });
    expect(card).toContain('<span class="count" aria-hidden="true">(7)</span>');
    expect(card).toContain("Rated 4.6 out of 5 from 7 reviews");
    expect(staticHtml(Rating, { rating: dish.rating, reviewCount: dish.reviewCount })).toContain("7 reviews");

    const restaurant = { ...sampleRestaurant, id: 9102, rating: 4.1, ratingCount: 11, reviewCount: 12 };
    expect(staticHtml(RestaurantCardView, { restaurant })).toContain("(12)");
  });
});
