// The place in a search, the way Londoners give one: "ramen near King's Cross", "pizza N1",
// "brunch Angel", "dim sum in Soho". Pure: the names come from the caller.
import type { Station } from "./london-gazetteer.ts";
import { parsePostcodeDistrict } from "./postcode-district.ts";

export type PlaceMatch =
  | { kind: "station"; station: Station }
  | { kind: "district"; district: string }
  | { kind: "area"; name: string };

export interface ParsedSearch {
  /** What to look for, as typed, without the place and its "near"/"in". */
  keyword: string;
  place: PlaceMatch | null;
}

export interface PlaceNames {
  stations: Map<string, Station[]>;
  /** Short forms ("King's Cross" for "King's Cross & St Pancras International"): second choice. */
  stationShortNames: Map<string, Station[]>;
  areas: Map<string, string>;
  districts: Set<string>;
}

/** Lower case, no accents, apostrophes or dots, "&" as "and": how names are compared. */
export function normalisePlaceText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’.]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

function add<T>(map: Map<string, T[]>, key: string, value: T) {
  if (key) map.set(key, [...(map.get(key) ?? []), value]);
}

/**
 * The names to look for. A station's short form is its name before a bracket ("Cambridge Heath"),
 * or the first part of an "A & B" name when that part is itself two words or more: "King's
 * Cross" reads as the station, "Highbury" or "Elephant" alone would not.
 */
export function buildPlaceNames(input: {
  stations: readonly Station[];
  districts: readonly string[];
  areas: readonly string[];
}): PlaceNames {
  const stations = new Map<string, Station[]>();
  const stationShortNames = new Map<string, Station[]>();
  for (const station of input.stations) {
    add(stations, normalisePlaceText(station.name), station);
    const beforeBracket = normalisePlaceText(station.name.replace(/\s*\(.*$/, ""));
    if (beforeBracket !== normalisePlaceText(station.name)) add(stationShortNames, beforeBracket, station);
    const [first] = station.name.split(" & ");
    if (first !== station.name && first && first.trim().split(/\s+/).length >= 2) {
      add(stationShortNames, normalisePlaceText(first), station);
    }
  }
  const areas = new Map(input.areas.map((name) => [normalisePlaceText(name), name]));
  return { stations, stationShortNames, areas, districts: new Set(input.districts) };
}

const NEAR = new Set(["near", "nr", "by", "around", "close to", "walking from", "from"]);
const IN = new Set(["in", "at"]);
/** Longest place name we look for, in words ("King's Cross and St Pancras International" is 6). */
const MAX_PLACE_WORDS = 6;

function stationMatch(names: PlaceNames, phrase: string): PlaceMatch | null {
  const station = names.stations.get(phrase)?.[0] ?? names.stationShortNames.get(phrase)?.[0];
  return station ? { kind: "station", station } : null;
}

function lookUp(
  names: PlaceNames,
  phrase: string,
  words: number,
  connector: "near" | "in" | null,
): PlaceMatch | null {
  const district = words === 1 ? parsePostcodeDistrict(phrase) : null;
  const districtMatch: PlaceMatch | null =
    district && names.districts.has(district) ? { kind: "district", district } : null;
  const areaName = names.areas.get(phrase);
  const areaMatch: PlaceMatch | null = areaName ? { kind: "area", name: areaName } : null;
  // "near Brixton" means a walk from the station; "in Brixton" or a bare "Brixton" the area.
  if (connector === "near") return stationMatch(names, phrase) ?? districtMatch ?? areaMatch;
  return districtMatch ?? areaMatch ?? stationMatch(names, phrase);
}

/** Splits a search into its keyword and the place at its end, if it names one we know. */
export function parseSearchPlace(query: string, names: PlaceNames): ParsedSearch {
  const tokens = query
    .trim()
    .split(/\s+/)
    .filter((token) => normalisePlaceText(token) !== "");
  const norms = tokens.map(normalisePlaceText);
  for (let start = Math.max(0, tokens.length - MAX_PLACE_WORDS); start < tokens.length; start++) {
    const phrase = norms.slice(start).join(" ");
    let before = start;
    let connector: "near" | "in" | null = null;
    const two = norms.slice(Math.max(0, start - 2), start).join(" ");
    if (start >= 2 && NEAR.has(two)) [before, connector] = [start - 2, "near"];
    else if (start >= 1 && NEAR.has(norms[start - 1]!)) [before, connector] = [start - 1, "near"];
    else if (start >= 1 && IN.has(norms[start - 1]!)) [before, connector] = [start - 1, "in"];
    const place = lookUp(names, phrase, tokens.length - start, connector);
    if (place) return { keyword: tokens.slice(0, before).join(" "), place };
  }
  return { keyword: query.trim(), place: null };
}
