// "Near" reads (issue 31): dishes and restaurants within a radius of a point, and where an
// item is. Every near read starts from the R*Tree restaurant_positions
// (drizzle/0036_restaurant_positions_rtree.sql): the box around the circle picks the
// candidates, the exact distance and the list's filters are checked on the rows it reaches.
// A radius is at most 10 km, so the candidates are the restaurants of a few districts, never
// a scan of the table.
//
// Best first or trending over a wide circle (docs/perf/near.md): the circle holds thousands of
// restaurants and tens of thousands of dishes, and sorting them all by quality (with the
// filters checked on each) cost up to seconds at scale 100. Then the best items are walked in
// the quality index instead, no further than the WALK-th best, keeping those inside the same
// box and circle and stopping at the LIMIT; only when that walk finds fewer than LIMIT does the
// R*Tree plan run. By distance, a small circle is read first and doubled until it holds LIMIT
// items (nearestFirst). Either way the answer is the same ids in the same order.
import { sql, type SQL } from "drizzle-orm";
import { boundsAround, distanceMeters, type Bounds, type LatLng } from "../../../../domain/geo-distance.ts";
import { intersectBounds } from "../../../../domain/map-view.ts";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { rawRow, rawRows, sqlInteger } from "../raw-rows.ts";
import { buildMatch } from "./fts-match.ts";
import { listFilterConditions, type ListFilter } from "./list-filters.ts";
import type { Place, RankedKind } from "./ranked-reads.ts";

export type NearOrder = "distance" | "top" | "trending";

export interface NearSpec {
  center: LatLng;
  radiusMeters: number;
  order: NearOrder;
  limit: number;
  facts?: ListFilter;
  /** A search's words: items matching them, those with the words in their own name first. */
  keyword?: string;
  /** Only items in this area or region, or carrying this tag. */
  place?: Place;
  tagId?: number;
  /**
   * Ranked lists show approved items only; search also finds one waiting for a moderator
   * (issue 21), never one removed or merged.
   */
  listedOnly: boolean;
  /** The Map view's box (routes/map.ts): only positions inside it as well as the circle. */
  within?: Bounds;
}

const FTS = { dish: sql.raw("dish_search"), restaurant: sql.raw("restaurant_search") } as const;
const NAME_COLUMN = { dish: "dish_name", restaurant: "name" } as const;
const TAG_JOIN = {
  dish: sql.raw("dish_tags j WHERE j.dish_id = i.id"),
  restaurant: sql.raw("restaurant_tags j WHERE j.restaurant_id = i.id"),
} as const;

/** The keyword's MATCH on any column, and on the item's own name (search's first tier). */
function keywordMatches(kind: RankedKind, keyword: string | undefined) {
  if (keyword === undefined) return undefined;
  const any = buildMatch({ keyword });
  const name = buildMatch({ keyword, keywordColumn: NAME_COLUMN[kind] });
  return any === null || name === null ? null : { any, name };
}
const METRES_PER_DEGREE = (Math.PI / 180) * 6_371_008.8;

/**
 * Squared metres from the centre on a flat map (equirectangular): within 10 km of London it is
 * within 0.1% of the great circle, and plain arithmetic, so it needs no maths functions on
 * either host. The answer's distanceMeters is the haversine (src/domain/geo-distance.ts).
 */
function squaredMeters(center: LatLng): SQL {
  const ky = METRES_PER_DEGREE;
  const kx = METRES_PER_DEGREE * Math.cos((center.lat * Math.PI) / 180);
  return sql`((pr.lat - ${center.lat}) * ${ky} * (pr.lat - ${center.lat}) * ${ky} + (pr.lng - ${center.lng}) * ${kx} * (pr.lng - ${center.lng}) * ${kx})`;
}

function listed(alias: "i" | "pr", listedOnly: boolean): SQL {
  const a = sql.raw(alias);
  return listedOnly
    ? sql`${a}.listing_state = 'approved' AND ${a}.removed_at IS NULL`
    : sql`${a}.removed_at IS NULL AND ${a}.listing_state <> 'merged'`;
}

function boxOf(spec: NearSpec): Bounds {
  const circle = boundsAround(spec.center, spec.radiusMeters);
  return spec.within ? intersectBounds(circle, spec.within) : circle;
}

/** The R*Tree's cut: the box around the circle (and the Map view's box). */
function inBox(box: Bounds): SQL {
  return sql`p.min_lat <= ${box.north} AND p.max_lat >= ${box.south} AND p.min_lng <= ${box.east} AND p.max_lng >= ${box.west}`;
}

/** Every condition a row of either plan must meet: the box, the circle, listing and filters. */
function nearConditions(kind: RankedKind, spec: NearSpec): SQL[] {
  const where: SQL[] = [
    inBox(boxOf(spec)),
    sql`${squaredMeters(spec.center)} <= ${spec.radiusMeters * spec.radiusMeters}`,
    listed("i", spec.listedOnly),
    // A dish is findable only while its restaurant is.
    ...(kind === "dish" ? [listed("pr", false)] : []),
    ...listFilterConditions(kind, spec.facts),
  ];
  if (spec.place) {
    const column = sql.raw(spec.place.kind === "area" ? "area_id" : "region_id");
    where.push(sql`i.${column} = ${spec.place.id}`);
  }
  if (spec.tagId !== undefined)
    where.push(sql`EXISTS (SELECT 1 FROM ${TAG_JOIN[kind]} AND j.tag_id = ${spec.tagId})`);
  return where;
}

const QUALITY = {
  top: {
    column: sql.raw("i.bayes_score"),
    index: { dish: "dishes_bayes_idx", restaurant: "restaurants_bayes_idx" },
  },
  trending: {
    column: sql.raw("i.trending_key"),
    index: { dish: "dishes_trending_idx", restaurant: "restaurants_trending_idx" },
  },
} as const;
const ITEMS = { dish: sql.raw("dishes"), restaurant: sql.raw("restaurants") } as const;

/** The statement of the R*Tree plan: ids and their restaurant's position, in the spec's order. */
export function nearQuery(kind: RankedKind, spec: NearSpec): SQL | null {
  const match = keywordMatches(kind, spec.keyword);
  if (match === null) return null;
  const d2 = squaredMeters(spec.center);
  // CROSS JOIN pins the order: the R*Tree first, then each restaurant by primary key and, for
  // dishes, its dishes by the restaurant index.
  const from =
    kind === "restaurant"
      ? sql`restaurant_positions p CROSS JOIN restaurants pr ON pr.id = p.id CROSS JOIN restaurants i ON i.id = pr.id`
      : sql`restaurant_positions p CROSS JOIN restaurants pr ON pr.id = p.id CROSS JOIN dishes i ON i.restaurant_id = pr.id`;
  const where = nearConditions(kind, spec);
  const order: SQL[] = [];
  if (match) {
    where.push(sql`i.id IN (SELECT rowid FROM ${FTS[kind]} WHERE ${FTS[kind]} MATCH ${match.any})`);
    order.push(
      sql`CASE WHEN i.id IN (SELECT rowid FROM ${FTS[kind]} WHERE ${FTS[kind]} MATCH ${match.name}) THEN 0 ELSE 1 END`,
    );
  }
  if (spec.order === "distance") order.push(sql`${d2} ASC`, sql`i.id ASC`);
  else order.push(sql`${QUALITY[spec.order].column} DESC`, sql`i.id DESC`);
  return sql`SELECT i.id AS id, pr.lat AS lat, pr.lng AS lng FROM ${from}
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY ${sql.join(order, sql`, `)} LIMIT ${spec.limit}`;
}

type QualityOrder = keyof typeof QUALITY;

/** How many restaurants the box holds, counted no further than `cap` (the R*Tree alone). */
export function boxCountQuery(spec: NearSpec, cap: number): SQL {
  return sql`SELECT count(*) AS n FROM (SELECT 1 FROM restaurant_positions p WHERE ${inBox(boxOf(spec))} LIMIT ${cap})`;
}

/** The quality of the `walk`-th best item (covering index only): where the walk may stop. */
export function walkFloorQuery(kind: RankedKind, order: QualityOrder, walk: number): SQL {
  const q = QUALITY[order];
  return sql`SELECT ${q.column} AS n FROM ${ITEMS[kind]} i INDEXED BY ${sql.raw(q.index[kind])}
    WHERE ${q.column} IS NOT NULL ORDER BY ${q.column} DESC, i.id DESC LIMIT 1 OFFSET ${walk - 1}`;
}

/** How many items share the floor's quality, counted no further than `cap` (covering index). */
export function floorTiesQuery(kind: RankedKind, order: QualityOrder, floor: number, cap: number): SQL {
  const q = QUALITY[order];
  return sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${ITEMS[kind]} i INDEXED BY ${sql.raw(q.index[kind])}
    WHERE ${q.column} = ${floor} LIMIT ${cap})`;
}

/**
 * The walk plan: items of quality at least `floor`, best first by the quality index, each
 * checked against the box (the R*Tree by key, as the R*Tree plan cuts), the circle and the
 * filters; it stops at the LIMIT.
 */
export function walkQuery(kind: RankedKind, spec: NearSpec & { order: QualityOrder }, floor: number): SQL {
  const q = QUALITY[spec.order];
  const from =
    kind === "restaurant"
      ? sql`restaurants i INDEXED BY ${sql.raw(q.index[kind])} CROSS JOIN restaurants pr ON pr.id = i.id`
      : sql`dishes i INDEXED BY ${sql.raw(q.index[kind])} CROSS JOIN restaurants pr ON pr.id = i.restaurant_id`;
  const where = [sql`${q.column} >= ${floor}`, ...nearConditions(kind, spec)];
  return sql`SELECT i.id AS id, pr.lat AS lat, pr.lng AS lng FROM ${from}
    CROSS JOIN restaurant_positions p ON p.id = pr.id
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY ${q.column} DESC, i.id DESC LIMIT ${spec.limit}`;
}

const nearRow = z.object({ id: sqlInteger, lat: z.number(), lng: z.number() });

export interface NearHit {
  id: number;
  distanceMeters: number;
}

export interface NearThresholds {
  /** Below this many restaurants in the box, the R*Tree plan sorts them all (cheap). */
  minBoxRestaurants: number;
  /** How many of the best items the walk plan reads at most. */
  walk: number;
  /** By distance, the first circle read (then twice as wide, up to the radius). */
  firstRadiusMeters: number;
}

// Measured at scale 100 (docs/perf/near.md).
export const NEAR_THRESHOLDS: NearThresholds = {
  minBoxRestaurants: 300,
  walk: 3_000,
  firstRadiusMeters: 500,
};

const countRow = z.object({ n: z.number().nullable() });

/** The walk plan's rows, or null when it cannot be sure of the first LIMIT (then the R*Tree plan). */
async function walkedRows(
  db: Database,
  kind: RankedKind,
  spec: NearSpec,
  t: NearThresholds,
): Promise<z.infer<typeof nearRow>[] | null> {
  if (spec.order === "distance" || spec.keyword !== undefined) return null;
  const order = spec.order;
  const inBoxCount = (await rawRow(db, countRow, boxCountQuery(spec, t.minBoxRestaurants)))?.n ?? 0;
  if (inBoxCount < t.minBoxRestaurants) return null;
  const floor = (await rawRow(db, countRow, walkFloorQuery(kind, order, t.walk)))?.n;
  if (floor === null || floor === undefined) return null;
  // Many items of the floor's quality (the unrated) would make the walk long: not worth it.
  const ties = (await rawRow(db, countRow, floorTiesQuery(kind, order, floor, t.walk)))?.n ?? 0;
  if (ties >= t.walk) return null;
  const rows = await rawRows(db, nearRow, walkQuery(kind, { ...spec, order }, floor));
  // Fewer than LIMIT above the floor: the rest may lie below it.
  return rows.length === spec.limit ? rows : null;
}

/**
 * By distance, the circle grows from `firstRadiusMeters`, doubling: once a smaller circle holds
 * LIMIT items they are the nearest (all others lie farther, and ties in distance fall on the
 * same side of the edge), so a wide circle is read only when its middle is sparse. Null when
 * every smaller circle fell short (then the whole circle is read).
 */
async function nearestFirst(
  db: Database,
  kind: RankedKind,
  spec: NearSpec,
  t: NearThresholds,
): Promise<z.infer<typeof nearRow>[] | null> {
  if (spec.order !== "distance" || spec.keyword !== undefined) return null;
  for (let r = t.firstRadiusMeters; r < spec.radiusMeters; r *= 2) {
    const rows = await rawRows(db, nearRow, nearQuery(kind, { ...spec, radiusMeters: r })!);
    if (rows.length === spec.limit) return rows;
  }
  return null;
}

/**
 * The items within the radius, each with its distance from the centre in whole metres; none
 * when the keyword has no words to search.
 */
export async function nearIds(
  db: Database,
  kind: RankedKind,
  spec: NearSpec,
  thresholds: NearThresholds = NEAR_THRESHOLDS,
): Promise<NearHit[]> {
  const query = nearQuery(kind, spec);
  if (query === null) return [];
  const rows =
    (await walkedRows(db, kind, spec, thresholds)) ??
    (await nearestFirst(db, kind, spec, thresholds)) ??
    (await rawRows(db, nearRow, query));
  return rows.map((row) => ({ id: row.id, distanceMeters: Math.round(distanceMeters(spec.center, row)) }));
}

const positionRow = z.object({
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  postcode_district: z.string().nullable(),
  pin_source: z.enum(["district", "exact"]).nullable(),
});

export interface ItemPosition extends LatLng {
  postcodeDistrict: string | null;
  pinSource: "district" | "exact";
}

export function positionQuery(kind: RankedKind, id: number): SQL {
  return kind === "restaurant"
    ? sql`SELECT lat, lng, postcode_district, pin_source FROM restaurants WHERE id = ${id}`
    : sql`SELECT r.lat AS lat, r.lng AS lng, r.postcode_district AS postcode_district, r.pin_source AS pin_source
        FROM dishes d CROSS JOIN restaurants r ON r.id = d.restaurant_id WHERE d.id = ${id}`;
}

/** Where a restaurant, or a dish's restaurant, is; null when it has no position. */
export async function itemPosition(db: Database, kind: RankedKind, id: number): Promise<ItemPosition | null> {
  const row = await rawRow(db, positionRow, positionQuery(kind, id));
  if (!row || row.lat === null || row.lng === null) return null;
  return {
    lat: row.lat,
    lng: row.lng,
    postcodeDistrict: row.postcode_district,
    pinSource: row.pin_source ?? "district",
  };
}
