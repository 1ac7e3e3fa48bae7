// London's five regions and their areas, each area with its skyline picture.
import { areas, regions } from "../../server/api/db/schema.ts";
import { AREAS, REGION_NAMES } from "../london-places.ts";
import type { SeedContext } from "./context.ts";

export interface Places {
  regionId: Map<string, number>;
  areaId: Map<string, number>;
}

export async function fillPlaces({ db, pool }: SeedContext): Promise<Places> {
  const regionRows = await db
    .insert(regions)
    .values(REGION_NAMES.map((regionName) => ({ regionName })))
    .returning({ id: regions.id, regionName: regions.regionName });
  const regionId = new Map(regionRows.map((r) => [r.regionName, r.id]));
  const areaRows = await db
    .insert(areas)
    .values(
      AREAS.map((a) => ({
        areaName: a.name,
        regionId: regionId.get(a.region)!,
        image: pool.area[a.name]!,
        content: a.content,
      })),
    )
    .returning({ id: areas.id, areaName: areas.areaName });
  return {
    regionId,
    areaId: new Map(areaRows.map((a) => [a.areaName, a.id])),
  };
}
