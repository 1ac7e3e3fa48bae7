// The catalogue fixture's fictional restaurants pinned where their areas are (the fixture
// itself inserts them without positions, as restaurants listed before issue 31 were), for the
// tests of reads by position: near-search.test.ts, map.test.ts.
import { eq } from "drizzle-orm";
import { restaurants } from "../db/schema.ts";
import type { CatalogueFixture } from "./fixture.ts";
import type { TestApp } from "./test-app.ts";

export const FIXTURE_PINS: Record<string, [lat: number, lng: number]> = {
  "Kyoto Ramen House": [51.5136, -0.1331], // Soho
  "Grill Republic": [51.513, -0.135], // Soho
  "Trattoria Roma": [51.512, -0.124], // Covent Garden
  "Tonkotsu Lane": [51.5392, -0.1426], // Camden
  "Bella Napoli": [51.5335, -0.105], // Islington, by Angel
  "Green Leaf Kitchen": [51.538, -0.103], // Islington, Upper Street
  "Smash Burger Co": [51.526, -0.085], // Shoreditch, by Old Street
  "Brick Lane Roasters": [51.522, -0.072], // Shoreditch
};

/** Pins every restaurant of FIXTURE_PINS exactly, as an owner or a moderator would. */
export async function pinFixtureRestaurants(t: Pick<TestApp, "db">, f: CatalogueFixture): Promise<void> {
  for (const [name, [lat, lng]] of Object.entries(FIXTURE_PINS)) {
    await t.db
      .update(restaurants)
      .set({ lat, lng, postcodeDistrict: "W1D", pinSource: "exact" })
      .where(eq(restaurants.id, f.restaurantIds[name]!));
  }
}
