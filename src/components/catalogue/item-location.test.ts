import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CataloguePageBody } from "./CataloguePageBody.tsx";
import { directionsUrl, ItemLocation } from "./ItemLocation.tsx";
import { sampleDish, sampleRestaurant } from "./fixtures.test-data.ts";
import type { ItemPlace } from "./page-data.ts";

const angel: ItemPlace = {
  postcodeDistrict: "N1",
  position: { lat: 51.5335, lng: -0.1059, pinSource: "exact" },
  nearestStations: [
    { slug: "angel", name: "Angel", lines: ["Northern"], distanceMeters: 240, walkingMinutes: 3 },
    {
      slug: "kings-cross-st-pancras",
      name: "King's Cross St. Pancras",
      lines: ["Circle", "Hammersmith & City", "Metropolitan", "Northern", "Piccadilly", "Victoria"],
      distanceMeters: 1180,
      walkingMinutes: 15,
    },
  ],
};

const html = (place: ItemPlace | undefined) =>
  renderToStaticMarkup(createElement(ItemLocation, { place, name: "Trattoria" }));

describe("ItemLocation", () => {
  it("lists the nearest stations with their lines and walk, in the nearest first order", () => {
    const out = html(angel);
    expect(out).toContain("Angel</a>");
    expect(out).toContain("240 m · 3 min walk");
    expect(out).toContain("1.2 km · 15 min walk");
    expect(out).toContain("Circle, Hammersmith &amp; City, Metropolitan");
    expect(out).toContain("Postcode district <strong>N1</strong>");
    expect(out).not.toContain("district&#x27;s centre");
  });

  it("says when the pin is only the district's centre", () => {
    const out = html({ ...angel, position: { ...angel.position!, pinSource: "district" } });
    expect(out).toContain("Pin at the district&#x27;s centre");
  });

  it("links Directions to the coordinates for the phone's map app, with no script", () => {
    expect(directionsUrl({ lat: 51.5335, lng: -0.1059 })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=51.5335,-0.1059",
    );
    const out = html(angel);
    expect(out).toContain('href="https://www.google.com/maps/dir/?api=1&amp;destination=51.5335,-0.1059"');
    expect(out).toContain("Directions");
    expect(out).not.toContain("<script");
  });

  it("shows nothing for a restaurant with no known place, and says so when no station is near", () => {
    expect(html(undefined)).toBe("");
    expect(html({ postcodeDistrict: null, position: null, nearestStations: [] })).toBe("");
    expect(html({ ...angel, nearestStations: [] })).toContain("No station within a 25-minute walk.");
  });

  it("is on both the restaurant and the dish page", () => {
    const restaurant = renderToStaticMarkup(
      createElement(CataloguePageBody, {
        kind: "restaurant",
        data: { restaurant: sampleRestaurant, place: angel, offers: [], topDishes: [], menu: [] },
      }),
    );
    const dish = renderToStaticMarkup(
      createElement(CataloguePageBody, {
        kind: "dish",
        data: { dish: sampleDish, place: angel, moreFromRestaurant: [] },
      }),
    );
    for (const page of [restaurant, dish])
      expect(page).toContain('<a class="item-location__name" href="/station/angel">Angel</a>');
  });

  it("links a station within a walk to its page, and one further away to nothing", () => {
    const out = html(angel);
    // Angel is 240 m away: within a walk (1 km), so this place is on its page.
    expect(out).toContain('<a class="item-location__name" href="/station/angel">Angel</a>');
    // King's Cross is 1.18 km away: past a walk, so its page may not exist.
    expect(out).toContain('<span class="item-location__name">King&#x27;s Cross St. Pancras</span>');
    expect(out).not.toContain('href="/station/kings-cross-st-pancras"');
  });
});
