// The location picker's suggestions as someone types (issue 31): stations, postcode districts
// and areas whose names start with what was typed. Pure: the names come from the caller.
import type { DistrictCentroid, Station } from "./london-gazetteer.ts";
import { normalisePlaceText } from "./place-query.ts";
import { lineName } from "./station-lines.ts";

export interface PlaceSuggestion {
  kind: "station" | "district" | "area";
  label: string;
  value: string;
  lat: number | null;
  lng: number | null;
  lines: string[];
}

/** 0: the whole name, 1: its start, 2: the start of a later word; null: no match. */
function closeness(name: string, typed: string): number | null {
  const folded = normalisePlaceText(name);
  if (folded === typed) return 0;
  if (folded.startsWith(typed)) return 1;
  return folded.split(" ").some((_, i, words) => words.slice(i).join(" ").startsWith(typed)) ? 2 : null;
}

/**
 * Up to `limit` suggestions, closest first; among equals a district before a station before an
 * area (someone typing "N1" means the district), then alphabetically.
 */
export function suggestPlaces(
  typed: string,
  places: { stations: readonly Station[]; districts: readonly DistrictCentroid[]; areas: readonly string[] },
  limit: number,
): PlaceSuggestion[] {
  const query = normalisePlaceText(typed);
  if (query === "") return [];
  const found: { rank: number; order: number; suggestion: PlaceSuggestion }[] = [];
  const compact = query.replace(/ /g, "").toUpperCase();
  for (const d of places.districts) {
    if (!d.district.startsWith(compact)) continue;
    const suggestion = {
      kind: "district" as const,
      label: d.district,
      value: d.district,
      lat: d.lat,
      lng: d.lng,
      lines: [],
    };
    found.push({ rank: d.district === compact ? 0 : 1, order: 0, suggestion });
  }
  for (const s of places.stations) {
    const rank = closeness(s.name, query);
    if (rank === null) continue;
    const suggestion = {
      kind: "station" as const,
      label: s.name,
      value: s.slug,
      lat: s.lat,
      lng: s.lng,
      lines: s.lines.map(lineName),
    };
    found.push({ rank, order: 1, suggestion });
  }
  for (const area of places.areas) {
    const rank = closeness(area, query);
    if (rank === null) continue;
    found.push({
      rank,
      order: 2,
      suggestion: { kind: "area", label: area, value: area, lat: null, lng: null, lines: [] },
    });
  }
  return found
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        a.order - b.order ||
        a.suggestion.label.localeCompare(b.suggestion.label, "en", { numeric: true }),
    )
    .slice(0, limit)
    .map((entry) => entry.suggestion);
}
