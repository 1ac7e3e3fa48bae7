// The shapes of London's named places (stations, postcode districts, areas) and the rules that
// name them in URLs. Pure: the data itself comes from data/ through src/shared/geo/.
import type { LatLng } from "./geo-distance.ts";

export interface Station extends LatLng {
  /** TfL's id: the NaPTAN code, or its hub code where a station has several. */
  id: string;
  /** In URLs (`station=`, `/station/{slug}`): the name, and the first line where names repeat. */
  slug: string;
  name: string;
  /** TfL line ids, in LINE_ORDER (station-lines.ts). */
  lines: string[];
}

export interface DistrictCentroid extends LatLng {
  /** A postcode district ("outward code"): "N1", "EC1V", "SW1A". */
  district: string;
}

/** "King's Cross & St Pancras International" → "kings-cross-and-st-pancras-international". */
export function placeSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’.]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * One slug per station, in the rows' order. Two stations share a name only where TfL lists
 * them apart (Bethnal Green on the Central line and on the Overground): each then takes its
 * first line too, so neither name wins the plain slug by accident of order.
 */
export function stationSlugs(rows: readonly { name: string; lines: readonly string[] }[]): string[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(placeSlug(row.name), (counts.get(placeSlug(row.name)) ?? 0) + 1);
  return rows.map((row) => {
    const slug = placeSlug(row.name);
    return (counts.get(slug) ?? 0) > 1 ? `${slug}-${row.lines[0] ?? "station"}` : slug;
  });
}
