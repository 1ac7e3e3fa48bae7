import { describe, expect, it } from "vitest";
import { sampleArea, sampleDish, sampleOffer, sampleRestaurant } from "./fixtures.test-data.ts";
import { clip, dishMeta, offerMeta, restaurantMeta, areaMeta } from "./page-meta.ts";
import { areaJsonLd, dishJsonLd, offerJsonLd, openingHoursSpecification, restaurantJsonLd } from "./structured-data.ts";

const ORIGIN = "https://dishcovery.example";

describe("JSON-LD", () => {
  it("describes a restaurant with address, opening hours and its rating", () => {
    const ld = restaurantJsonLd(sampleRestaurant, ORIGIN);
    expect(ld["@type"]).toBe("Restaurant");
    expect(ld.url).toBe(`${ORIGIN}/restaurant/3`);
    expect(ld.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "14 Upper Street",
      postalCode: "N1 0PQ",
      addressLocality: "Islington",
      addressRegion: "North London",
      addressCountry: "GB",
    });
    expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.4, ratingCount: 87, bestRating: 5, worstRating: 0 });
    expect(ld.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "11:00", closes: "21:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Tuesday", opens: "11:00", closes: "21:00" },
    ]);
    expect(ld.image).toEqual([
      `${ORIGIN}/api/files/r-3-a.webp`,
      `${ORIGIN}/api/files/r-3-b.webp`,
      `${ORIGIN}/api/files/r-3-c.webp`,
      `${ORIGIN}/api/files/logo-3.webp`,
    ]);
  });

  it("leaves the rating out for an unrated item", () => {
    expect(restaurantJsonLd({ ...sampleRestaurant, rating: 0, ratingCount: 0 }, ORIGIN)).not.toHaveProperty("aggregateRating");
    expect(dishJsonLd({ ...sampleDish, rating: 0, ratingCount: 0 }, ORIGIN)).not.toHaveProperty("aggregateRating");
  });

  it("converts 12-hour clock times and skips lines it cannot read", () => {
    expect(openingHoursSpecification(["Friday: 12:00 AM - 12:30 PM", "Sunday: Closed", "Someday: 1 PM - 2 PM"])).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Friday", opens: "00:00", closes: "12:30" },
    ]);
  });

  it("describes a dish as a MenuItem with its price, and an offer and an area", () => {
    const dish = dishJsonLd(sampleDish, ORIGIN);
    expect(dish["@type"]).toBe("MenuItem");
    expect(dish.offers).toEqual({ "@type": "Offer", price: "14.50", priceCurrency: "GBP" });
    expect(dishJsonLd({ ...sampleDish, price: null }, ORIGIN)).not.toHaveProperty("offers");
    const offer = offerJsonLd(sampleOffer, ORIGIN);
    expect(offer).toMatchObject({ "@type": "Offer", price: "30.00", priceCurrency: "GBP", url: `${ORIGIN}/offers/40` });
    const [place, breadcrumbs] = areaJsonLd(sampleArea, ORIGIN);
    expect(place).toMatchObject({ "@type": "Place", name: "Islington" });
    expect(breadcrumbs).toMatchObject({ "@type": "BreadcrumbList" });
  });
});

describe("page titles and descriptions", () => {
  it("are specific to the item", () => {
    expect(dishMeta(sampleDish).title).toBe("Cacio e Pepe at Trattoria Upper Street, Islington | Dishcovery");
    expect(dishMeta(sampleDish).description).toBe(
      "Cacio e Pepe at Trattoria Upper Street in Islington, London, £14.50. Rated 4.6 (Excellent) from 1,240 reviews. Pecorino, black pepper and pasta water.",
    );
    expect(restaurantMeta(sampleRestaurant).title).toBe("Trattoria Upper Street, Islington | Dishcovery");
    expect(offerMeta(sampleOffer).title).toBe("Pasta night for two at Trattoria Upper Street (25% OFF) | Dishcovery");
    expect(areaMeta(sampleArea).title).toBe("Best dishes and restaurants in Islington, North London | Dishcovery");
  });

  it("clip long descriptions at a word boundary", () => {
    const long = "word ".repeat(100);
    const clipped = clip(long);
    expect(clipped.length).toBeLessThanOrEqual(155);
    expect(clipped.endsWith("word…")).toBe(true);
  });
});
