import { describe, expect, it } from "vitest";
import type { Station } from "./london-gazetteer.ts";
import { nearestStations } from "./nearest-stations.ts";

// Positions as TfL gives them (data/london-stations.json).
const station = (slug: string, name: string, lat: number, lng: number, lines: string[]): Station => ({
  id: slug,
  slug,
  name,
  lat,
  lng,
  lines,
});
const stations = [
  station("angel", "Angel", 51.53179, -0.10592, ["northern"]),
  station("old-street", "Old Street", 51.52586, -0.08777, ["northern"]),
  station("farringdon", "Farringdon", 51.52033, -0.10495, [
    "circle",
    "hammersmith-city",
    "metropolitan",
    "elizabeth",
  ]),
  station("kings-cross", "King's Cross & St Pancras International", 51.53057, -0.12386, [
    "victoria",
    "northern",
  ]),
  station("brixton", "Brixton", 51.46262, -0.11489, ["victoria"]),
];

describe("nearestStations", () => {
  it("lists up to three, nearest first, with line names and walking minutes", () => {
    const exmouthMarket = { lat: 51.5258, lng: -0.1093 };
    const nearest = nearestStations(exmouthMarket, stations);
    expect(nearest.map((s) => s.slug)).toEqual(["farringdon", "angel", "kings-cross"]);
    expect(nearest[0]!.lines).toEqual(["Circle", "Hammersmith & City", "Metropolitan", "Elizabeth line"]);
    for (const s of nearest) expect(s.walkingMinutes).toBe(Math.max(1, Math.ceil(s.distanceMeters / 80)));
    expect(nearest[0]!.distanceMeters).toBeLessThan(nearest[1]!.distanceMeters);
  });

  it("leaves out stations further than 2 km, so a far place may list fewer or none", () => {
    expect(nearestStations({ lat: 51.4626, lng: -0.1149 }, stations).map((s) => s.slug)).toEqual(["brixton"]);
    expect(nearestStations({ lat: 51.4, lng: -0.3 }, stations)).toEqual([]);
  });

  it("takes a smaller limit", () => {
    expect(nearestStations({ lat: 51.5258, lng: -0.1093 }, stations, 1)).toHaveLength(1);
  });
});
