import { describe, expect, it } from "vitest";
import { sampleDish, sampleOffer, sampleRestaurant } from "../catalogue/fixtures.test-data.ts";
import { staticHtml } from "../catalogue/static-html.ts";
import { DishCardView, OfferCardView, RestaurantCardView } from "./card-views.tsx";

describe("cards", () => {
  it("load their photo lazily unless marked as the first card above the fold", () => {
    const lazy = staticHtml(DishCardView, { dish: sampleDish });
    expect(lazy).toMatch(/<img[^>]+loading="lazy"[^>]+decoding="async"/);
    expect(lazy).not.toMatch(/fetchPriority/i);
    const eager = staticHtml(OfferCardView, { offer: sampleOffer, eager: true });
    expect(eager).toMatch(/<img[^>]+loading="eager"[^>]+fetchPriority="high"[^>]+decoding="sync"/);
  });

  it("title the card with the heading level the section needs, h3 by default", () => {
    expect(staticHtml(DishCardView, { dish: sampleDish })).toContain(
      '<h3 class="card-title"><a href="/dish/12">Cacio e Pepe</a></h3>',
    );
    expect(staticHtml(RestaurantCardView, { restaurant: sampleRestaurant, headingLevel: 4 })).toMatch(
      /<h4 class="card-title"><a href="\/restaurant\/3">[^<]+<\/a><\/h4>/,
    );
  });

  it("say what a restaurant's price range is to a screen reader", () => {
    const out = staticHtml(RestaurantCardView, { restaurant: { ...sampleRestaurant, priceRange: "££" } });
    expect(out).toContain(' · <span class="visually-hidden">Price range </span>££</p>');
    const unknown = staticHtml(RestaurantCardView, {
      restaurant: { ...sampleRestaurant, priceRange: "Unknown" },
    });
    expect(unknown).not.toContain("Price range");
  });

  it("reuse markup only for the same options: an eager card does not stand in for a lazy one", () => {
    const dish = { ...sampleDish, id: 777 };
    expect(staticHtml(DishCardView, { dish, eager: true })).toContain('loading="eager"');
    expect(staticHtml(DishCardView, { dish, eager: true })).toContain('loading="eager"');
    expect(staticHtml(DishCardView, { dish })).toContain('loading="lazy"');
    expect(staticHtml(DishCardView, { dish, headingLevel: 2 })).toContain("<h2");
  });

  it("flag an item anyone added until a moderator approves it (issue 21)", () => {
    const flag = '<p class="card-flag">Added by the community</p>';
    expect(staticHtml(DishCardView, { dish: { ...sampleDish, communityAdded: true } })).toContain(flag);
    expect(
      staticHtml(RestaurantCardView, { restaurant: { ...sampleRestaurant, communityAdded: true } }),
    ).toContain(flag);
    expect(staticHtml(DishCardView, { dish: sampleDish })).not.toContain(flag);
  });
});
