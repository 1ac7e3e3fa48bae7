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
import { priceLevelBoundsMinor, type PriceLevel } from "../../../../domain/price-range.ts";
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
function squaredMeters(center: LatLng, latColumn = "pr.lat", lngColumn = "pr.lng"): SQL {
  const ky = METRES_PER_DEGREE;
  const kx = METRES_PER_DEGREE * Math.cos((center.lat * Math.PI) / 180);
  const lat = sql.raw(latColumn);
  const lng = sql.raw(lngColumn);
  return sql`((${lat} - ${center.lat}) * ${ky} * (${lat} - ${center.lat}) * ${ky} + (${lng} - ${center.lng}) * ${kx} * (${lng} - ${center.lng}) * ${kx})`;
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

// The R*Tree keeps each position as 32-bit floats rounded outwards (under half a metre in
// London); a test on them with this much slack never drops a row the exact test keeps.
const RTREE_SLACK_METERS = 5;

/**
 * Rows of the ring inner < distance ≤ outer (the whole circle when inner is 0), first on the
 * R*Tree's own box (no restaurant read for a position plainly outside), then exactly.
 */
function inRing(center: LatLng, inner: number, outer: number): SQL[] {
  const near = squaredMeters(center, "p.min_lat", "p.min_lng");
  const exact = squaredMeters(center, "pr.lat", "pr.lng");
  const slackOuter = outer + RTREE_SLACK_METERS;
  const slackInner = Math.max(0, inner - RTREE_SLACK_METERS);
  return [
    sql`${near} <= ${slackOuter * slackOuter}`,
    ...(slackInner > 0 ? [sql`${near} > ${slackInner * slackInner}`] : []),
    sql`${exact} <= ${outer * outer}`,
    ...(inner > 0 ? [sql`${exact} > ${inner * inner}`] : []),
  ];
}

/**
 * Which loop a plan checks the costly filters on (a tag, the price median, the JSON hours):
 * SQLite tests a condition on the first loop that has every table it names, so a filter that
 * names only the item would run on every row the quality walk reaches, in or out of the circle.
 * "item": the item's own loop, last in the R*Tree plan (p, pr, i); "position": the R*Tree's,
 * last in the walk (i, pr, p), after the box and circle.
 */
type FilterLoop = "item" | "position";

/** How a plan reads the filters. */
interface FilterPlan {
  loop: FilterLoop;
  /**
   * A restaurant's price band from restaurants.price_median_minor (kept by triggers,
   * migration 0040) rather than the median of its dishes computed per candidate: the planned
   * reads; the R*Tree plan alone (nearQuery) keeps list-filters.ts's median, so comparing
   * the two checks the column.
   */
  storedPrice: boolean;
}

/** The price band on the stored median: a column compare on the restaurant row `i`. */
function storedPriceBand(level: PriceLevel): SQL {
  const { min, below } = priceLevelBoundsMinor(level);
  return below === null
    ? sql`i.price_median_minor >= ${min}`
    : sql`i.price_median_minor >= ${min} AND i.price_median_minor < ${below}`;
}

/**
 * The list's filters. "Open now" is the restaurant's: for dishes it is checked once per
 * restaurant (on pr, or p in the walk), not once per dish; for restaurants in the walk every
 * costly filter waits for the position. Each is the same condition list-filters.ts writes, on
 * the restaurant row aliased `i` inside the EXISTS.
 */
function filterConditions(kind: RankedKind, spec: NearSpec, { loop, storedPrice }: FilterPlan): SQL[] {
  const restaurantOf = (anchor: "pr" | "p", conditions: SQL[]) =>
    conditions.length === 0
      ? []
      : [
          sql`EXISTS (SELECT 1 FROM restaurants i WHERE i.id = ${sql.raw(anchor)}.id AND ${sql.join(conditions, sql` AND `)})`,
        ];
  const anchor = loop === "item" ? "pr" : "p";
  const late = loop === "item" ? sql`` : sql` AND p.id IS NOT NULL`;
  const where: SQL[] = [];
  if (kind === "dish") {
    const { openAt, ...own } = spec.facts ?? {};
    where.push(...listFilterConditions("dish", own));
    where.push(
      ...restaurantOf(anchor, openAt === undefined ? [] : listFilterConditions("restaurant", { openAt })),
    );
  } else {
    const { price, ...rest } = spec.facts ?? {};
    const stored = storedPrice && price !== undefined;
    if (stored) where.push(storedPriceBand(price));
    const costly = listFilterConditions("restaurant", stored ? rest : spec.facts);
    where.push(...(loop === "item" ? costly : restaurantOf(anchor, costly)));
  }
  if (spec.tagId !== undefined)
    where.push(sql`EXISTS (SELECT 1 FROM ${TAG_JOIN[kind]} AND j.tag_id = ${spec.tagId}${late})`);
  return where;
}

/** Every condition a row of any plan must meet: the box, the circle, listing and filters. */
function nearConditions(kind: RankedKind, spec: NearSpec, plan: FilterPlan, ring?: Ring): SQL[] {
  const where: SQL[] = [
    inBox(boxOf(spec)),
    ...(ring ? [inBox(boundsAround(spec.center, ring.outer + RTREE_SLACK_METERS))] : []),
    ...inRing(spec.center, ring?.inner ?? 0, Math.min(ring?.outer ?? spec.radiusMeters, spec.radiusMeters)),
    listed("i", spec.listedOnly),
    // A dish is findable only while its restaurant is.
    ...(kind === "dish" ? [listed("pr", false)] : []),
  ];
  if (spec.place) {
    const column = sql.raw(spec.place.kind === "area" ? "area_id" : "region_id");
    where.push(sql`i.${column} = ${spec.place.id}`);
  }
  where.push(...filterConditions(kind, spec, plan));
  return where;
}

/** Distances (metres) from the centre: inner < distance ≤ outer. */
export interface Ring {
  inner: number;
  outer: number;
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
  return circleQuery(kind, spec, { loop: "item", storedPrice: false });
}

/**
 * The ring's rows by distance, at most `limit` (the R*Tree plan with the ring's conditions
 * added): the rows of successive rings, joined, are the whole circle's in its order.
 */
export function ringQuery(kind: RankedKind, spec: NearSpec & { order: "distance" }, ring: Ring): SQL {
  return circleQuery(kind, { ...spec, keyword: undefined }, { loop: "item", storedPrice: true }, ring)!;
}

/**
 * The squared distance of the `count`-th restaurant position of the ring, by the R*Tree's own
 * coordinates (no restaurant read), or none when the ring holds fewer.
 */
export function ringEdgeQuery(spec: NearSpec, ring: Ring, count: number): SQL {
  const near = squaredMeters(spec.center, "p.min_lat", "p.min_lng");
  const where = [
    inBox(boxOf(spec)),
    inBox(boundsAround(spec.center, ring.outer + RTREE_SLACK_METERS)),
    sql`${near} <= ${ring.outer * ring.outer}`,
    ...(ring.inner > 0 ? [sql`${near} > ${ring.inner * ring.inner}`] : []),
  ];
  return sql`SELECT ${near} AS n FROM restaurant_positions p WHERE ${sql.join(where, sql` AND `)}
    ORDER BY 1 LIMIT 1 OFFSET ${count - 1}`;
}

function circleQuery(kind: RankedKind, spec: NearSpec, plan: FilterPlan, ring?: Ring): SQL | null {
  const match = keywordMatches(kind, spec.keyword);
  if (match === null) return null;
  const d2 = squaredMeters(spec.center);
  // CROSS JOIN pins the order: the R*Tree first, then each restaurant by primary key and, for
  // dishes, its dishes by the restaurant index.
  const from =
    kind === "restaurant"
      ? sql`restaurant_positions p CROSS JOIN restaurants pr ON pr.id = p.id CROSS JOIN restaurants i ON i.id = pr.id`
      : sql`restaurant_positions p CROSS JOIN restaurants pr ON pr.id = p.id CROSS JOIN dishes i ON i.restaurant_id = pr.id`;
  const where = nearConditions(kind, spec, plan, ring);
  const order: SQL[] = [];
  if (match) {
    where.push(sql`i.id IN (SELECT rowid FROM ${FTS[kind]} WHERE ${FTS[kind]} MATCH ${match.any})`);
    // Nearest first is nearest first: a name that matches leads only in the list's own order
    // (a "Ramen" restaurant 1.9 km away came before a ramen counter 450 m away, sorted by distance).
    if (spec.order !== "distance")
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

const TAGGED = {
  dish: { table: sql.raw("dish_tags"), item: sql.raw("j.dish_id") },
  restaurant: { table: sql.raw("restaurant_tags"), item: sql.raw("j.restaurant_id") },
} as const;
const TAG_QUALITY = {
  top: {
    column: sql.raw("j.bayes_score"),
    index: { dish: "dish_tags_bayes_idx", restaurant: "restaurant_tags_bayes_idx" },
  },
  trending: {
    column: sql.raw("j.trending_key"),
    index: { dish: "dish_tags_trending_idx", restaurant: "restaurant_tags_trending_idx" },
  },
} as const;

/**
 * What the walk reads best first: the quality index of every item, or with a tag that tag's
 * own (its rows carry copies of the items' scores, written with them, as the tag lists read
 * them), so a rare tag costs a walk of its items rather than of everything.
 */
function walkSource(kind: RankedKind, order: QualityOrder, tagId: number | undefined) {
  if (tagId === undefined) {
    const q = QUALITY[order];
    return {
      from: sql`${ITEMS[kind]} i INDEXED BY ${sql.raw(q.index[kind])}`,
      column: q.column,
      id: sql.raw("i.id"),
      where: [] as SQL[],
    };
  }
  const q = TAG_QUALITY[order];
  const tagged = TAGGED[kind];
  return {
    from: sql`${tagged.table} j INDEXED BY ${sql.raw(q.index[kind])} CROSS JOIN ${ITEMS[kind]} i ON i.id = ${tagged.item}`,
    column: q.column,
    id: tagged.item,
    where: [sql`j.tag_id = ${tagId}`],
  };
}

/** The quality of the `walk`-th best item (covering index only): where the walk may stop. */
export function walkFloorQuery(kind: RankedKind, order: QualityOrder, walk: number, tagId?: number): SQL {
  const w = walkSource(kind, order, tagId);
  const from =
    tagId === undefined
      ? w.from
      : sql`${TAGGED[kind].table} j INDEXED BY ${sql.raw(TAG_QUALITY[order].index[kind])}`;
  return sql`SELECT ${w.column} AS n FROM ${from}
    WHERE ${sql.join([...w.where, sql`${w.column} IS NOT NULL`], sql` AND `)}
    ORDER BY ${w.column} DESC LIMIT 1 OFFSET ${walk - 1}`;
}

/** How many items share the floor's quality, counted no further than `cap` (covering index). */
export function floorTiesQuery(
  kind: RankedKind,
  order: QualityOrder,
  floor: number,
  cap: number,
  tagId?: number,
): SQL {
  const w = walkSource(kind, order, tagId);
  const from =
    tagId === undefined
      ? w.from
      : sql`${TAGGED[kind].table} j INDEXED BY ${sql.raw(TAG_QUALITY[order].index[kind])}`;
  return sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${from}
    WHERE ${sql.join([...w.where, sql`${w.column} = ${floor}`], sql` AND `)} LIMIT ${cap})`;
}

/**
 * The walk plan: items of quality at least `floor` (every one with the tag when null), best
 * first by the quality index (or the tag's), each checked against the box (the R*Tree by key,
 * as the R*Tree plan cuts), the circle and the filters; it stops at the LIMIT.
 */
export function walkQuery(
  kind: RankedKind,
  spec: NearSpec & { order: QualityOrder },
  floor: number | null,
): SQL {
  const w = walkSource(kind, spec.order, spec.tagId);
  const restaurant = kind === "restaurant" ? sql.raw("i.id") : sql.raw("i.restaurant_id");
  const where = [
    ...w.where,
    ...(floor === null ? [] : [sql`${w.column} >= ${floor}`]),
    // The tag is the walk's own source when there is one.
    ...nearConditions(kind, { ...spec, tagId: undefined }, { loop: "position", storedPrice: true }),
  ];
  return sql`SELECT i.id AS id, pr.lat AS lat, pr.lng AS lng FROM ${w.from}
    CROSS JOIN restaurants pr ON pr.id = ${restaurant}
    CROSS JOIN restaurant_positions p ON p.id = pr.id
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY ${w.column} DESC, ${w.id} DESC LIMIT ${spec.limit}`;
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
  /** By distance, the first ring's outer radius (then each reaches twice as far, up to the radius). */
  firstRadiusMeters: number;
  /**
   * By distance, at most about this many restaurants in the first ring, twice as many in the
   * next, and so on: a dense district's ring ends sooner than twice as far.
   */
  ringRestaurants: number;
}

// Measured at scale 100 (docs/perf/near.md).
export const NEAR_THRESHOLDS: NearThresholds = {
  minBoxRestaurants: 300,
  walk: 3_000,
  firstRadiusMeters: 250,
  ringRestaurants: 64,
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
  const floor = (await rawRow(db, countRow, walkFloorQuery(kind, order, t.walk, spec.tagId)))?.n ?? null;
  // A tag with fewer than WALK items is walked whole: its answer is then complete.
  if (floor === null && spec.tagId === undefined) return null;
  if (floor !== null) {
    // Many items of the floor's quality (the unrated) would make the walk long: not worth it.
    const ties = (await rawRow(db, countRow, floorTiesQuery(kind, order, floor, t.walk, spec.tagId)))?.n ?? 0;
    if (ties >= t.walk) return null;
  }
  const rows = await rawRows(db, nearRow, walkQuery(kind, { ...spec, order }, floor));
  // Fewer than LIMIT above the floor: the rest may lie below it.
  return rows.length === spec.limit || floor === null ? rows : null;
}

/**
 * By distance, rings outwards from the centre: the first `firstRadiusMeters` wide, each next
 * one reaching twice as far, up to the radius. A ring's rows all lie farther than the rings
 * inside it (ties in distance fall in the same ring), so its nearest fill what the inner ones
 * left of the LIMIT, and once LIMIT are found the farther rings are never read. Each ring
 * reads only its own candidates: no position is checked twice.
 */
async function nearestFirst(
  db: Database,
  kind: RankedKind,
  spec: NearSpec,
  t: NearThresholds,
): Promise<z.infer<typeof nearRow>[] | null> {
  if (spec.order !== "distance" || spec.keyword !== undefined) return null;
  const byDistance = { ...spec, order: "distance" as const };
  const rows: z.infer<typeof nearRow>[] = [];
  let inner = 0;
  let count = t.ringRestaurants;
  while (rows.length < spec.limit && inner < spec.radiusMeters) {
    let outer = Math.min(spec.radiusMeters, inner === 0 ? t.firstRadiusMeters : inner * 2);
    const edge = (await rawRow(db, countRow, ringEdgeQuery(byDistance, { inner, outer }, count)))?.n;
    // Where the edge lands changes only how the circle is cut, never what it holds; past the
    // inner edge by a metre at least, so the rings always move outwards. A ring cut short by
    // the count lets the next hold twice as many: a rare filter needs fewer statements.
    if (edge !== null && edge !== undefined) {
      outer = Math.min(outer, Math.max(inner + 1, Math.sqrt(edge)));
      count *= 2;
    }
    const limit = spec.limit - rows.length;
    rows.push(...(await rawRows(db, nearRow, ringQuery(kind, { ...byDistance, limit }, { inner, outer }))));
    inner = outer;
  }
  return rows;
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
  const query = circleQuery(kind, spec, { loop: "item", storedPrice: true });
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
