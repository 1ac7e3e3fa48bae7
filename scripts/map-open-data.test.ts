// The bundled map's files are the open data in data/, as scripts/map-open-data.ts writes them,
// and the Thames is real geography inside London's box, not a line drawn by hand.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { distanceMeters, GREATER_LONDON_BOUNDS, isInsideBounds } from "../src/domain/geo-distance.ts";
import { PUBLIC_MAP_DIR, publicMapFiles, THAMES_FILE } from "./map-open-data.ts";

describe("public/map", () => {
  it("holds exactly what scripts/map-open-data.ts writes from data/", () => {
    for (const [name, text] of Object.entries(publicMapFiles())) {
      expect(readFileSync(join(PUBLIC_MAP_DIR, name), "utf8"), `public/map/${name}`).toBe(text);
    }
  });

  it("draws the Thames through central London, from west of Greater London to east of it", () => {
    const thames = JSON.parse(readFileSync(THAMES_FILE, "utf8")) as {
      features: { geometry: { type: string; coordinates: [number, number][] } }[];
    };
    const line = thames.features[0]!.geometry;
    expect(line.type).toBe("LineString");
    const points = line.coordinates.map(([lng, lat]) => ({ lat, lng }));
    expect(points[0]!.lng).toBeLessThan(GREATER_LONDON_BOUNDS.west);
    expect(points.at(-1)!.lng).toBeGreaterThan(GREATER_LONDON_BOUNDS.east);
    expect(points.filter((p) => isInsideBounds(p, GREATER_LONDON_BOUNDS)).length).toBeGreaterThan(20);
    // Natural Earth's 1:10m line passes within a kilometre of London Bridge (51.5079, -0.0877).
    const londonBridge = { lat: 51.5079, lng: -0.0877 };
    expect(Math.min(...points.map((p) => distanceMeters(p, londonBridge)))).toBeLessThan(1000);
  });
});
