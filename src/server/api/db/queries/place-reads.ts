// Regions and areas: small tables (London has a few dozen areas), read whole and cached.
import { asc, eq } from "drizzle-orm";
import type { AreaItem, AreaSummaryItem, RegionItem } from "../../../../shared/schemas/catalogue-items.ts";
import type { Database } from "../client.ts";
import { areas, regions } from "../schema.ts";
import { heldPerDatabase } from "./held-per-database.ts";
import type { Place } from "./ranked-reads.ts";

export async function listRegions(db: Database): Promise<RegionItem[]> {
  return db
    .select({ id: regions.id, regionName: regions.regionName })
    .from(regions)
    .orderBy(asc(regions.regionName));
}

const areaSummaryColumns = {
  id: areas.id,
  areaName: areas.areaName,
  image: areas.image,
  regionId: areas.regionId,
  regionName: regions.regionName,
};

export async function listAreas(db: Database): Promise<AreaSummaryItem[]> {
  return db
    .select(areaSummaryColumns)
    .from(areas)
    .innerJoin(regions, eq(regions.id, areas.regionId))
    .orderBy(asc(areas.areaName));
}

export async function getArea(db: Database, id: number): Promise<AreaItem | null> {
  const [row] = await db
    .select({ ...areaSummaryColumns, content: areas.content })
    .from(areas)
    .innerJoin(regions, eq(regions.id, areas.regionId))
    .where(eq(areas.id, id));
  return row ?? null;
}

/**
 * A location filter: somewhere we know, all of London, or a name we do not know. A known
 * place comes with every area and region name, which search needs to tell it apart.
 */
export type ResolvedLocation =
  { kind: "anywhere" } | (Place & { name: string; placeNames: string[] }) | { kind: "unknown" };

const CITY = "london";

// Every search with a location needs these: read once and held (held-per-database.ts).
const areaNames = heldPerDatabase((db) => db.select({ id: areas.id, name: areas.areaName }).from(areas));
/** Every area's id and name (a small table, read whole). */
export function everyAreaName(db: Database): Promise<{ id: number; name: string }[]> {
  return areaNames(db);
}

const regionNames = heldPerDatabase((db) =>
  db.select({ id: regions.id, name: regions.regionName }).from(regions),
);

/**
 * Reads an area or region name the way people type it: any case, and also the site's own
 * label style "London, Islington" (spec point 9's default location label), where the most
 * specific known part wins. "London" alone means no filter.
 */
export async function resolveLocation(db: Database, text: string | undefined): Promise<ResolvedLocation> {
  const wanted = text?.trim().toLowerCase();
  if (!wanted || wanted === CITY) return { kind: "anywhere" };
  const parts = wanted
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const candidates = [wanted, ...parts.reverse()];
  const [areaRows, regionRows] = await Promise.all([areaNames(db), regionNames(db)]);
  const placeNames = [...areaRows, ...regionRows].map((p) => p.name);
  for (const candidate of candidates) {
    const area = areaRows.find((a) => a.name.toLowerCase() === candidate);
    if (area) return { kind: "area", ...area, placeNames };
    const region = regionRows.find((r) => r.name.toLowerCase() === candidate);
    if (region) return { kind: "region", ...region, placeNames };
  }
  return parts.length > 0 && parts.every((p) => p === CITY) ? { kind: "anywhere" } : { kind: "unknown" };
}
