// Station pages' data (issue 31) against the real app and database: a page only for a station
// with a place within a walk, its lists best first and every item within a walk, a slug no
// station has is no page, and the page's head and body say where it is.
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { distanceMeters } from "../../domain/geo-distance.ts";
import { STATION_WALK_METERS } from "../../domain/station-pages.ts";
import { LONDON_PLACES, LONDON_STATIONS, stationBySlugOrNull } from "../../shared/geo/london-places.ts";
import { restaurants } from "../../server/api/db/schema.ts";
import { useCatalogueTestApp } from "../../server/api/testing/fixture.ts";
import { inProcessApiClient } from "../../server/pages/in-process-api-client.ts";
import { loadStationPage, loadStationPages, stationFacts } from "./station-page-data.ts";
import { stationPageView } from "./station-page-view.ts";
import { StationPageBody } from "./StationPageBody.tsx";

// As near-search.test.ts pins them, plus one just past a walk from Angel.
const PINS: Record<string, [number, number]> = {
  "Bella Napoli": [51.5335, -0.105], // by Angel
  "Green Leaf Kitchen": [51.538, -0.103], // Upper Street, about 700 m from Angel
  "Tonkotsu Lane": [51.5322, -0.1215], // about 1.1 km west of Angel: past a walk
  "Smash Burger Co": [51.526, -0.085], // by Old Street
};

const { t, f } = useCatalogueTestApp({}, async (t, f) => {
  for (const [name, [lat, lng]] of Object.entries(PINS)) {
    await t.db
      .update(restaurants)
      .set({ lat, lng, postcodeDistrict: "N1", pinSource: "exact" })
      .where(eq(restaurants.id, f.restaurantIds[name]!));
  }
});

const api = () => inProcessApiClient(t.app);
const angel = stationBySlugOrNull("angel")!;

describe("a station page's data", () => {
  it("lists the restaurants and dishes within a walk, each with its distance, and nothing past it", async () => {
    const page = (await loadStationPage(api(), LONDON_PLACES, "angel"))!;
    expect(page.station).toMatchObject({ slug: "angel", name: "Angel", lines: ["Northern"] });
    const names = page.topRestaurants.map((r) => r.name).sort();
    expect(names).toEqual(["Bella Napoli", "Green Leaf Kitchen"]);
    const tonkotsu = PINS["Tonkotsu Lane"]!;
    expect(distanceMeters(angel, { lat: tonkotsu[0], lng: tonkotsu[1] })).toBeGreaterThan(
      STATION_WALK_METERS,
    );
    for (const item of [...page.topRestaurants, ...page.topDishes]) {
      expect(item.distanceMeters).toBeLessThanOrEqual(STATION_WALK_METERS);
    }
    const within = new Set([f.restaurantIds["Bella Napoli"], f.restaurantIds["Green Leaf Kitchen"]]);
    expect(page.topDishes.length).toBeGreaterThan(0);
    expect(page.topDishes.every((dish) => within.has(dish.restaurantId))).toBe(true);
  });

  it("puts the best first: the London-wide ranking's order among the places within a walk", async () => {
    const page = (await loadStationPage(api(), LONDON_PLACES, "angel"))!;
    const everywhere = (await (await t.app.request("/api/restaurants/top?topNum=50")).json()).data as {
      id: number;
    }[];
    const ranked = everywhere.map((r) => r.id).filter((id) => page.topRestaurants.some((r) => r.id === id));
    expect(page.topRestaurants.map((r) => r.id)).toEqual(ranked);
    const dishes = (await (await t.app.request("/api/dishes/top?topNum=100")).json()).data as {
      id: number;
    }[];
    const rankedDishes = dishes.map((d) => d.id).filter((id) => page.topDishes.some((d) => d.id === id));
    // The rated ones in the ranking's order; dishes not rated yet (not in London's top) after them.
    expect(rankedDishes.length).toBeGreaterThan(0);
    expect(page.topDishes.map((d) => d.id).slice(0, rankedDishes.length)).toEqual(rankedDishes);
  });

  it("is no page for a slug no station has, nor for a station with no place within a walk", async () => {
    expect(await loadStationPage(api(), LONDON_PLACES, "kings-cross-st-pancras-nowhere")).toBeNull();
    expect(await loadStationPage(api(), LONDON_PLACES, "../angel")).toBeNull();
    expect(stationFacts(LONDON_PLACES, "heathrow-airport-terminal-5")).not.toBeNull();
    expect(await loadStationPage(api(), LONDON_PLACES, "heathrow-airport-terminal-5")).toBeNull();
  });

  it("the build writes a page for exactly the stations with a place within a walk", async () => {
    const pages = await loadStationPages(api(), LONDON_PLACES);
    const slugs = pages.map((page) => page.station.slug);
    const pinned = Object.values(PINS).map(([lat, lng]) => ({ lat, lng }));
    const expected = LONDON_STATIONS.filter((station) =>
      pinned.some((pin) => distanceMeters(station, pin) <= STATION_WALK_METERS),
    ).map((station) => station.slug);
    expect(slugs).toEqual(expected);
    expect(slugs).toContain("angel");
    expect(slugs).toContain("old-street");
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it("tells stations that share a name apart by their line", () => {
    expect(stationFacts(LONDON_PLACES, "bethnal-green-central")?.name).toBe("Bethnal Green (Central)");
    expect(stationFacts(LONDON_PLACES, "bethnal-green-weaver")?.name).toBe("Bethnal Green (Weaver)");
    expect(stationFacts(LONDON_PLACES, "old-street")?.name).toBe("Old Street");
  });
});

describe("a station page's head and body", () => {
  it("names the station in the title, heading and canonical path, and describes it as a place", async () => {
    const page = (await loadStationPage(api(), LONDON_PLACES, "old-street"))!;
    const view = await stationPageView(page, new URL("https://dishcovery.example"), (component, props) =>
      renderToStaticMarkup(createElement(component, props)),
    );
    expect(view.title).toBe("Best dishes near Old Street | Dishcovery");
    expect(view.description).toContain("13-minute walk");
    expect(view.description.length).toBeLessThanOrEqual(155);
    expect(view.canonicalPath).toBe("/station/old-street");
    expect(view.jsonLd).toContainEqual(
      expect.objectContaining({ "@type": "Place", "@id": "https://dishcovery.example/station/old-street" }),
    );
    expect(view.bodyHtml).toContain('<h1 id="cat-title">Best dishes near Old Street</h1>');
    expect(view.bodyHtml).toContain("Smash Burger Co");
    expect(view.bodyHtml).toMatch(/\d+ m · \d+ min walk/);
  });

  it("says so when no dish within a walk is rated yet", () => {
    const html = renderToStaticMarkup(
      createElement(StationPageBody, {
        station: stationFacts(LONDON_PLACES, "angel")!,
        topDishes: [],
        topRestaurants: [],
      }),
    );
    expect(html).toContain("No dishes rated within a walk of Angel yet.");
  });
});
