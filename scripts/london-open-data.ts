// node scripts/london-open-data.ts --stations <londonStations.json> --codepoint <Code-Point Open Data/CSV folder>
// Regenerates the committed open data in data/ (data/README.md names the sources, dates and
// licences). Nothing here runs at run time: the site only reads the files this writes.
//   data/london-stations.json            TfL stations inside Greater London's bounding box, with their lines
//   data/london-postcode-districts.json  each London postcode district's centroid
//   data/seed-district-points.json       real postcode unit positions in the seed's districts, where the
//                                        seed places its fictional restaurants
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { GREATER_LONDON_BOUNDS, isInsideBounds } from "../src/domain/geo-distance.ts";
import { LINE_ORDER } from "../src/domain/station-lines.ts";
import { AREAS } from "../src/seed/london-places.ts";

const { values } = parseArgs({ options: { stations: { type: "string" }, codepoint: { type: "string" } } });
if (!values.stations || !values.codepoint) {
  console.error(
    "usage: node scripts/london-open-data.ts --stations <londonStations.json> --codepoint <Data/CSV folder>",
  );
  process.exit(1);
}
const OUT = join(import.meta.dirname, "..", "data");
/** Five decimals is about a metre: finer than either source's positions. */
const round = (value: number) => Math.round(value * 1e5) / 1e5;

interface TflStation {
  id: string;
  name: string;
  location: { lat: number; lon: number };
  lineGroups: { lineIds: string[] }[];
}

function stations(path: string) {
  const source = JSON.parse(readFileSync(path, "utf8")) as TflStation[];
  const kept = [];
  for (const station of source) {
    const lines = [...new Set(station.lineGroups.flatMap((group) => group.lineIds))]
      .filter((line) => LINE_ORDER.includes(line))
      .sort((a, b) => LINE_ORDER.indexOf(a) - LINE_ORDER.indexOf(b));
    const { lat, lon } = station.location;
    // A station without a position or a line we know is left out, never guessed.
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || lines.length === 0) continue;
    if (!isInsideBounds({ lat, lng: lon }, GREATER_LONDON_BOUNDS)) continue;
    kept.push({ id: station.id, name: station.name, lat: round(lat), lng: round(lon), lines });
  }
  return kept.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

// OS "A guide to coordinate systems in Great Britain": National Grid easting/northing on the
// Airy 1830 ellipsoid (OSGB36) to WGS84 latitude/longitude through a Helmert transform. Good to
// about 5 m, far finer than a postcode district.
function gridToWgs84(easting: number, northing: number): { lat: number; lng: number } {
  const a = 6377563.396,
    b = 6356256.909,
    f0 = 0.9996012717;
  const lat0 = (49 * Math.PI) / 180,
    lon0 = (-2 * Math.PI) / 180,
    n0 = -100000,
    e0 = 400000;
  const e2 = 1 - (b * b) / (a * a),
    n = (a - b) / (a + b);
  let lat = lat0,
    m = 0;
  do {
    lat = (northing - n0 - m) / (a * f0) + lat;
    const dl = lat - lat0,
      sl = lat + lat0;
    m =
      b *
      f0 *
      ((1 + n + 1.25 * n ** 2 + 1.25 * n ** 3) * dl -
        (3 * n + 3 * n ** 2 + 2.625 * n ** 3) * Math.sin(dl) * Math.cos(sl) +
        (1.875 * n ** 2 + 1.875 * n ** 3) * Math.sin(2 * dl) * Math.cos(2 * sl) -
        (35 / 24) * n ** 3 * Math.sin(3 * dl) * Math.cos(3 * sl));
  } while (Math.abs(northing - n0 - m) >= 0.00001);
  const sin = Math.sin(lat),
    cos = Math.cos(lat),
    tan = Math.tan(lat);
  const nu = (a * f0) / Math.sqrt(1 - e2 * sin * sin);
  const rho = (a * f0 * (1 - e2)) / (1 - e2 * sin * sin) ** 1.5;
  const eta2 = nu / rho - 1;
  const vii = tan / (2 * rho * nu);
  const viii = (tan / (24 * rho * nu ** 3)) * (5 + 3 * tan ** 2 + eta2 - 9 * tan ** 2 * eta2);
  const ix = (tan / (720 * rho * nu ** 5)) * (61 + 90 * tan ** 2 + 45 * tan ** 4);
  const x = 1 / (cos * nu),
    xi = (1 / (cos * 6 * nu ** 3)) * (nu / rho + 2 * tan ** 2);
  const xii = (1 / (cos * 120 * nu ** 5)) * (5 + 28 * tan ** 2 + 24 * tan ** 4);
  const xiia = (1 / (cos * 5040 * nu ** 7)) * (61 + 662 * tan ** 2 + 1320 * tan ** 4 + 720 * tan ** 6);
  const de = easting - e0;
  const phi = lat - vii * de ** 2 + viii * de ** 4 - ix * de ** 6;
  const lambda = lon0 + x * de - xi * de ** 3 + xii * de ** 5 - xiia * de ** 7;
  // OSGB36 geodetic → cartesian → Helmert → WGS84 geodetic.
  const h = 0,
    sp = Math.sin(phi),
    cp = Math.cos(phi);
  const nuA = a / Math.sqrt(1 - e2 * sp * sp);
  const x1 = (nuA + h) * cp * Math.cos(lambda),
    y1 = (nuA + h) * cp * Math.sin(lambda);
  const z1 = ((1 - e2) * nuA + h) * sp;
  const tx = 446.448,
    ty = -125.157,
    tz = 542.06,
    s = -20.4894e-6;
  const rx = ((0.1502 / 3600) * Math.PI) / 180,
    ry = ((0.247 / 3600) * Math.PI) / 180,
    rz = ((0.8421 / 3600) * Math.PI) / 180;
  const x2 = tx + (1 + s) * x1 - rz * y1 + ry * z1;
  const y2 = ty + rz * x1 + (1 + s) * y1 - rx * z1;
  const z2 = tz - ry * x1 + rx * y1 + (1 + s) * z1;
  const aW = 6378137,
    bW = 6356752.3142,
    e2W = 1 - (bW * bW) / (aW * aW);
  const p = Math.sqrt(x2 * x2 + y2 * y2);
  let phiW = Math.atan2(z2, p * (1 - e2W)),
    previous = 2 * Math.PI;
  while (Math.abs(phiW - previous) > 1e-12) {
    previous = phiW;
    const nuW = aW / Math.sqrt(1 - e2W * Math.sin(phiW) ** 2);
    phiW = Math.atan2(z2 + e2W * nuW * Math.sin(phiW), p);
  }
  return { lat: (phiW * 180) / Math.PI, lng: (Math.atan2(y2, x2) * 180) / Math.PI };
}

interface Unit {
  postcode: string;
  quality: number;
  easting: number;
  northing: number;
  london: boolean;
}

function codePointUnits(folder: string): Map<string, Unit[]> {
  const byDistrict = new Map<string, Unit[]>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".csv"))) {
    for (const line of readFileSync(join(folder, file), "utf8").split("\n")) {
      const cells = line.split(",").map((cell) => cell.replaceAll('"', ""));
      const [postcode, quality, easting, northing, , , , , adminDistrict] = cells;
      if (!postcode || !easting || !northing) continue;
      const unit: Unit = {
        postcode: postcode.replace(/\s+/g, " "),
        quality: Number(quality),
        easting: Number(easting),
        northing: Number(northing),
        // GSS codes E09… are the 33 London boroughs (the City included).
        london: (adminDistrict ?? "").startsWith("E09"),
      };
      const district = postcode.slice(0, -3).trim();
      const list = byDistrict.get(district);
      if (list) list.push(unit);
      else byDistrict.set(district, [unit]);
    }
  }
  return byDistrict;
}

/**
 * The units that place a district: quality 10 ("within the building of the matched address"),
 * without the few strays a district carries (a PO box number homed at a sorting office miles
 * away): a unit more than three times the median distance from the median point is left out.
 */
function placed(units: Unit[]): Unit[] {
  const good = units.filter((unit) => unit.quality === 10 && unit.easting > 0);
  if (good.length === 0) return good;
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const e = median(good.map((unit) => unit.easting));
  const n = median(good.map((unit) => unit.northing));
  const away = (unit: Unit) => Math.hypot(unit.easting - e, unit.northing - n);
  const limit = 3 * Math.max(median(good.map(away)), 100);
  return good.filter((unit) => away(unit) <= limit);
}

function districts(byDistrict: Map<string, Unit[]>) {
  const kept = [];
  for (const [district, units] of byDistrict) {
    const good = placed(units);
    // Most of its units in a London borough, and enough of them to be a place rather than a
    // single large user's non-geographic code.
    if (good.length < 20 || good.filter((unit) => unit.london).length * 2 < good.length) continue;
    const easting = good.reduce((sum, unit) => sum + unit.easting, 0) / good.length;
    const northing = good.reduce((sum, unit) => sum + unit.northing, 0) / good.length;
    const { lat, lng } = gridToWgs84(easting, northing);
    if (!isInsideBounds({ lat, lng }, GREATER_LONDON_BOUNDS)) continue;
    kept.push({ district, lat: round(lat), lng: round(lng), postcodes: good.length });
  }
  return kept.sort((a, b) => a.district.localeCompare(b.district, "en", { numeric: true }));
}

/** Sixteen real postcode positions spread through each seed district, chosen by sorted postcode. */
function seedPoints(byDistrict: Map<string, Unit[]>) {
  const points: Record<string, [number, number][]> = {};
  const wanted = [...new Set(AREAS.flatMap((area) => area.districts))].sort();
  for (const district of wanted) {
    const good = placed(byDistrict.get(district) ?? []).sort((a, b) => a.postcode.localeCompare(b.postcode));
    if (good.length === 0)
      throw new Error(`No Code-Point Open positions for the seed's district ${district}`);
    const count = Math.min(16, good.length);
    points[district] = Array.from({ length: count }, (_, index) => {
      const unit = good[Math.floor((index * good.length) / count)]!;
      const { lat, lng } = gridToWgs84(unit.easting, unit.northing);
      return [round(lat), round(lng)];
    });
  }
  return points;
}

/** One record a line: small diffs when the sources change, and still valid JSON. */
function writeLines(file: string, rows: unknown[]) {
  writeFileSync(join(OUT, file), `[\n${rows.map((row) => JSON.stringify(row)).join(",\n")}\n]\n`);
}

const stationRows = stations(values.stations);
const units = codePointUnits(values.codepoint);
const districtRows = districts(units);
writeLines("london-stations.json", stationRows);
writeLines("london-postcode-districts.json", districtRows);
const points = seedPoints(units);
writeFileSync(
  join(OUT, "seed-district-points.json"),
  `{\n${Object.entries(points)
    .map(([district, list]) => `${JSON.stringify(district)}: ${JSON.stringify(list)}`)
    .join(",\n")}\n}\n`,
);
console.log(
  `${stationRows.length} stations, ${districtRows.length} districts, ${Object.keys(points).length} seed districts`,
);
