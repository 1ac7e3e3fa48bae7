// The Map view's markers (issue 31): which restaurants are inside the map's box comes from the
// near read (near-reads.ts, through the R*Tree restaurant_positions with the box as `within`);
// this reads what a marker shows for those ids, in one statement.
import { sql } from "drizzle-orm";
import { meanRating } from "../../../../domain/ranking.ts";
import type { MapPlace } from "../../../../shared/schemas/map.ts";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { rawRows, sqlInteger } from "../raw-rows.ts";
import { inOrder } from "./item-rows.ts";

const markerRow = z.object({
  id: sqlInteger,
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  rating_count: sqlInteger,
  rating_sum_tenths: sqlInteger,
});

/** Each restaurant's marker, in the order of `ids` (best first, as the near read gave them). */
export async function mapMarkers(db: Database, ids: number[]): Promise<MapPlace[]> {
  if (ids.length === 0) return [];
  const rows = await rawRows(
    db,
    markerRow,
    sql`SELECT r.id AS id, r.name AS name, r.lat AS lat, r.lng AS lng, r.rating_count AS rating_count,
      r.rating_sum_tenths AS rating_sum_tenths
      FROM json_each(${JSON.stringify(ids)}) j CROSS JOIN restaurants r ON r.id = j.value
      WHERE r.lat IS NOT NULL AND r.lng IS NOT NULL`,
  );
  return inOrder(
    ids,
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      lat: row.lat,
      lng: row.lng,
      rating: meanRating(row.rating_count, row.rating_sum_tenths / 10),
      ratingCount: row.rating_count,
      url: `/restaurant/${row.id}`,
    })),
  );
}
