// "Near" reads (issue 31): dishes and restaurants within a radius of a point, and where an
// item is. Every near read starts from the R*Tree restaurant_positions
// (drizzle/0036_restaurant_positions_rtree.sql): the box around the circle picks the
// candidates, the exact distance and the list's filters are checked on the rows it reaches.
// A radius is at most 10 km, so the candidates are the restaurants of a few districts, never
// a scan of the table.
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

/** The statement: ids and their restaurant's position, in the spec's order. */
export function nearQuery(kind: RankedKind, spec: NearSpec): SQL | null {
  const match = keywordMatches(kind, spec.keyword);
  if (match === null) return null;
  const circle = boundsAround(spec.center, spec.radiusMeters);
  const box = spec.within ? intersectBounds(circle, spec.within) : circle;
  const d2 = squaredMeters(spec.center);
  // CROSS JOIN pins the order: the R*Tree first, then each restaurant by primary key and, for
  // dishes, its dishes by the restaurant index.
  const from =
    kind === "restaurant"
      ? sql`restaurant_positions p CROSS JOIN restaurants pr ON pr.id = p.id CROSS JOIN restaurants i ON i.id = pr.id`
      : sql`restaurant_positions p CROSS JOIN restaurants pr ON pr.id = p.id CROSS JOIN dishes i ON i.restaurant_id = pr.id`;
  const where: SQL[] = [
    sql`p.min_lat <= ${box.north} AND p.max_lat >= ${box.south} AND p.min_lng <= ${box.east} AND p.max_lng >= ${box.west}`,
    sql`${d2} <= ${spec.radiusMeters * spec.radiusMeters}`,
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
  const order: SQL[] = [];
  if (match) {
    where.push(sql`i.id IN (SELECT rowid FROM ${FTS[kind]} WHERE ${FTS[kind]} MATCH ${match.any})`);
    order.push(
      sql`CASE WHEN i.id IN (SELECT rowid FROM ${FTS[kind]} WHERE ${FTS[kind]} MATCH ${match.name}) THEN 0 ELSE 1 END`,
    );
  }
  if (spec.order === "distance") order.push(sql`${d2} ASC`, sql`i.id ASC`);
  else if (spec.order === "top") order.push(sql`i.bayes_score DESC`, sql`i.id DESC`);
  else order.push(sql`i.trending_key DESC`, sql`i.id DESC`);
  return sql`SELECT i.id AS id, pr.lat AS lat, pr.lng AS lng FROM ${from}
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY ${sql.join(order, sql`, `)} LIMIT ${spec.limit}`;
}

const nearRow = z.object({ id: sqlInteger, lat: z.number(), lng: z.number() });

export interface NearHit {
  id: number;
  distanceMeters: number;
}

/**
 * The items within the radius, each with its distance from the centre in whole metres; none
 * when the keyword has no words to search.
 */
export async function nearIds(db: Database, kind: RankedKind, spec: NearSpec): Promise<NearHit[]> {
  const query = nearQuery(kind, spec);
  if (query === null) return [];
  const rows = await rawRows(db, nearRow, query);
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
