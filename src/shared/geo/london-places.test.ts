// The open data in data/ (data/README.md), checked as facts: every place where London is, no
// two stations nobody could tell apart, and the seed's districts all known.
import { describe, expect, it } from "vitest";
import seedPoints from "../../../data/seed-district-points.json" with { type: "json" };
import { distanceMeters, GREATER_LONDON_BOUNDS, isInsideBounds } from "../../domain/geo-distance.ts";
import { parsePostcodeDistrict } from "../../domain/postcode-district.ts";
import { LINE_ORDER } from "../../domain/station-lines.ts";
import { AREAS } from "../../seed/london-places.ts";
import { districtCentroid, LONDON_DISTRICTS, LONDON_STATIONS } from "./london-places.ts";

describe("stations", () => {
  it("are all inside Greater London's bounding box", () => {
    const outside = LONDON_STATIONS.filter((s) => !isInsideBounds(s, GREATER_LONDON_BOUNDS));
    expect(outside.map((s) => s.name)).toEqual([]);
    expect(LONDON_STATIONS.length).toBeGreaterThan(400);
  });

  it("each serve at least one line we know", () => {
    for (const station of LONDON_STATIONS) {
      expect(station.lines.length, station.name).toBeGreaterThan(0);
      for (const line of station.lines) expect(LINE_ORDER, station.name).toContain(line);
    }
  });

  it("never share a name without different lines to tell them apart, and their slugs are unique", () => {
    const byName = new Map<string, string[]>();
    for (const s of LONDON_STATIONS) byName.set(s.name, [...(byName.get(s.name) ?? []), s.lines.join(",")]);
    for (const [name, lineSets] of byName) expect(new Set(lineSets).size, name).toBe(lineSets.length);
    expect(new Set(LONDON_STATIONS.map((s) => s.slug)).size).toBe(LONDON_STATIONS.length);
    expect(new Set(LONDON_STATIONS.map((s) => s.id)).size).toBe(LONDON_STATIONS.length);
  });
});

describe("postcode districts", () => {
  it("are well-formed, unique and inside Greater London's bounding box", () => {
    for (const row of LONDON_DISTRICTS) {
      expect(parsePostcodeDistrict(row.district)).toBe(row.district);
      expect(isInsideBounds(row, GREATER_LONDON_BOUNDS), row.district).toBe(true);
    }
    expect(new Set(LONDON_DISTRICTS.map((row) => row.district)).size).toBe(LONDON_DISTRICTS.length);
  });

  it("include every district the seed's areas name, each with real postcode points near its centre", () => {
    const points: Record<string, number[][]> = seedPoints;
    for (const district of new Set(AREAS.flatMap((area) => area.districts))) {
      const centre = districtCentroid(district);
      expect(centre, district).not.toBeNull();
      expect(points[district]?.length, district).toBeGreaterThan(0);
      for (const [lat = NaN, lng = NaN] of points[district] ?? []) {
        // The largest districts the seed uses are a few kilometres across.
        expect(distanceMeters(centre!, { lat, lng }), district).toBeLessThan(4_000);
      }
    }
  });
});

describe("the search's place, on the real names", () => {
  it("finds the issue's stations and districts", async () => {
    const { buildPlaceNames, parseSearchPlace } = await import("../../domain/place-query.ts");
    const names = buildPlaceNames({
      stations: LONDON_STATIONS,
      districts: LONDON_DISTRICTS.map((row) => row.district),
      areas: AREAS.map((area) => area.name),
    });
    const at = (query: string) => {
      const { keyword, place } = parseSearchPlace(query, names);
      return [
        keyword,
        place?.kind === "station"
          ? place.station.slug
          : place?.kind === "district"
            ? place.district
            : place?.kind === "area"
              ? place.name
              : null,
      ];
    };
    expect(at("ramen near King's Cross")).toEqual(["ramen", "kings-cross-and-st-pancras-international"]);
    expect(at("ramen near Old Street")).toEqual(["ramen", "old-street"]);
    expect(at("pizza N1")).toEqual(["pizza", "N1"]);
    expect(at("brunch Angel")).toEqual(["brunch", "angel"]);
    expect(at("dumplings in Soho")).toEqual(["dumplings", "Soho"]);
    expect(at("curry near Bethnal Green")[1]).toMatch(/^bethnal-green-(central|weaver)$/);
  });
});
