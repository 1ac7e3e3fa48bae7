// node scripts/map-open-data.ts [--natural-earth <ne_10m_rivers_lake_centerlines.json>]
// The Map view's offline basemap (issue 31), from open data only (data/README.md names the
// sources, dates and licences):
//   --natural-earth  data/thames.geojson: the Thames from Natural Earth's 1:10m rivers, cut to
//                    Greater London's box (public domain)
//   always           public/map/*.geo.json (served as JSON), what the bundled style (src/islands/map/bundled-style.ts)
//                    draws: the Thames, every station, postcode district and area labels
// scripts/map-open-data.test.ts checks the committed public/map files are what this writes.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { GREATER_LONDON_BOUNDS, isInsideBounds, type LatLng } from "../src/domain/geo-distance.ts";
import { AREAS } from "../src/seed/london-places.ts";
import stationRows from "../data/london-stations.json" with { type: "json" };
import districtRows from "../data/london-postcode-districts.json" with { type: "json" };

const ROOT = join(import.meta.dirname, "..");
export const THAMES_FILE = join(ROOT, "data", "thames.geojson");
export const PUBLIC_MAP_DIR = join(ROOT, "public", "map");

/** Five decimals is about a metre: finer than any of the sources. */
const round = (value: number) => Math.round(value * 1e5) / 1e5;

type Position = [number, number];
interface Feature<G, P> {
  type: "Feature";
  geometry: G;
  properties: P;
}
type LineString = { type: "LineString"; coordinates: Position[] };
type Point = { type: "Point"; coordinates: Position };
interface Collection<F> {
  type: "FeatureCollection";
  features: F[];
}

/** A little past Greater London's edge, so the river runs off the map rather than stopping at it. */
const THAMES_BOX = {
  south: GREATER_LONDON_BOUNDS.south - 0.05,
  north: GREATER_LONDON_BOUNDS.north + 0.05,
  west: GREATER_LONDON_BOUNDS.west - 0.05,
  east: GREATER_LONDON_BOUNDS.east + 0.05,
};

/** The Thames from Natural Earth's rivers: the run of its line inside the box, and one point past each end. */
export function thamesFromNaturalEarth(
  source: Collection<Feature<LineString | null, { name?: string | null }>>,
) {
  const river = source.features.find((feature) => feature.properties.name === "Thames" && feature.geometry);
  if (!river?.geometry) throw new Error("Natural Earth's rivers have no Thames");
  const points = river.geometry.coordinates;
  const inside = points.flatMap(([lng, lat], index) =>
    isInsideBounds({ lat, lng }, THAMES_BOX) ? [index] : [],
  );
  if (inside.length === 0) throw new Error("Natural Earth's Thames does not reach London");
  const first = Math.max(0, inside[0]! - 1);
  const last = Math.min(points.length - 1, inside[inside.length - 1]! + 1);
  const coordinates = points.slice(first, last + 1).map(([lng, lat]) => [round(lng), round(lat)] as Position);
  const thames: Collection<Feature<LineString, { name: string }>> = {
    type: "FeatureCollection",
    features: [
      {
        type: "Feature",
        geometry: { type: "LineString", coordinates },
        properties: { name: "River Thames" },
      },
    ],
  };
  return thames;
}

const point = (at: LatLng): Point => ({ type: "Point", coordinates: [round(at.lng), round(at.lat)] });

/** Every station, named, with its lines (TfL data, data/london-stations.json). */
export function stationFeatures() {
  return {
    type: "FeatureCollection",
    features: stationRows.map((station) => ({
      type: "Feature",
      geometry: point(station),
      properties: { name: station.name, lines: station.lines.join(" ") },
    })),
  };
}

/**
 * Labels for postcode districts (their centroids, Code-Point Open) and the site's areas, each at
 * the mean of its districts' centroids: derived from the same open data, never placed by hand.
 */
export function placeLabelFeatures() {
  const centroid = new Map(districtRows.map((row) => [row.district, row]));
  const areas = AREAS.flatMap((area) => {
    const known = area.districts.flatMap((district) => centroid.get(district) ?? []);
    if (known.length === 0) return [];
    const mean = {
      lat: known.reduce((sum, row) => sum + row.lat, 0) / known.length,
      lng: known.reduce((sum, row) => sum + row.lng, 0) / known.length,
    };
    return [{ type: "Feature", geometry: point(mean), properties: { name: area.name, kind: "area" } }];
  });
  const districts = districtRows.map((row) => ({
    type: "Feature",
    geometry: point(row),
    properties: { name: row.district, kind: "district" },
  }));
  return { type: "FeatureCollection", features: [...areas, ...districts] };
}

/** The files public/map/ holds, by name, as this writes them. */
export function publicMapFiles(): Record<string, string> {
  const json = (value: unknown) => `${JSON.stringify(value)}\n`;
  return {
    "thames.geo.json": readFileSync(THAMES_FILE, "utf8"),
    "stations.geo.json": json(stationFeatures()),
    "place-labels.geo.json": json(placeLabelFeatures()),
  };
}

if (process.argv[1] === import.meta.filename) {
  const { values } = parseArgs({ options: { "natural-earth": { type: "string" } } });
  const source = values["natural-earth"];
  if (source) {
    const thames = thamesFromNaturalEarth(JSON.parse(readFileSync(source, "utf8")));
    writeFileSync(THAMES_FILE, `${JSON.stringify(thames)}\n`);
    console.log(`wrote ${THAMES_FILE}: ${thames.features[0]!.geometry.coordinates.length} points`);
  }
  for (const [name, text] of Object.entries(publicMapFiles()))
    writeFileSync(join(PUBLIC_MAP_DIR, name), text);
  console.log(`wrote ${Object.keys(publicMapFiles()).join(", ")} in ${PUBLIC_MAP_DIR}`);
}
