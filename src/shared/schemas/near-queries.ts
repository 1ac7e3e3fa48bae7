// The "near" parameters of the dish and restaurant lists and searches (issue 31), and the
// location picker's suggestions. Only shapes here: whether a station or district exists is the
// route's question (src/server/api/routes/near-http.ts), so no island that builds a request
// bundles the station list.
import { MAX_RADIUS_KM, RADIUS_OPTIONS_KM } from "../../domain/near-search.ts";
import { PLACE_MESSAGES } from "../../domain/place-messages.ts";
import { parsePostcodeDistrict, POSTCODE_DISTRICT_MESSAGE } from "../../domain/postcode-district.ts";
import * as z from "./zod.ts";

/**
 * A coordinate, rounded to 3 decimals (about 100 m) as soon as it is read: a person's
 * position is never kept finer than that, not even as a cache key. The device rounds first.
 */
const coordinate = (min: number, max: number, message: string, what: string) =>
  z
    .string({ error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return undefined;
      const number = Number(value);
      if (!Number.isFinite(number) || number < min || number > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Math.round(number * 1000) / 1000;
    })
    .describe(`${what}, WGS84 degrees (rounded to 3 decimals); with the other coordinate`);

export const nearQueryFields = {
  lat: coordinate(-90, 90, PLACE_MESSAGES.latitude, "Latitude of the place to search near"),
  lng: coordinate(-180, 180, PLACE_MESSAGES.longitude, "Longitude of the place to search near"),
  station: z
    .string({ error: "must be given once, as text" })
    .trim()
    .regex(/^[a-z0-9-]{0,100}$/, {
      error: "must be a station slug such as kings-cross-and-st-pancras-international",
    })
    .optional()
    .transform((value) => value || undefined)
    .describe("A station's slug (from /api/places/suggest): search near it"),
  district: z
    .string({ error: "must be given once, as text" })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return undefined;
      const district = parsePostcodeDistrict(value);
      if (district === null) {
        ctx.addIssue({ code: "custom", message: POSTCODE_DISTRICT_MESSAGE });
        return z.NEVER;
      }
      return district;
    })
    .describe('A London postcode district ("N1", "EC1V"): search near its centre'),
  radiusKm: z
    .enum(["", ...RADIUS_OPTIONS_KM.map(String)] as [string, ...string[]], { error: PLACE_MESSAGES.radius })
    .optional()
    .transform((value) => (value ? Number(value) : undefined))
    .describe(
      `Only items within this many km of the place: ${RADIUS_OPTIONS_KM.join(", ")} (at most ${MAX_RADIUS_KM}); default 2 with a place`,
    ),
  sort: z
    .enum(["", "distance"], { error: 'must be "distance"' })
    .optional()
    .transform((value) => (value === "distance" ? ("distance" as const) : undefined))
    .describe("distance: nearest first (needs a place); otherwise the list's own order"),
};

export const nearQuery = z.object(nearQueryFields);
export type NearQueryInput = z.input<typeof nearQuery>;
export type NearQuery = z.output<typeof nearQuery>;

export const MAX_PLACE_SUGGESTIONS = 8;

export const placeSuggestQuery = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be given once, as text") })
    .trim()
    .min(1, { error: "is required" })
    .max(60, { error: "must be at most 60 characters" })
    .describe("What was typed: a station, a postcode district or an area"),
});

const lineList = z.array(z.string()).describe('Line names as TfL shows them ("Northern", "Elizabeth line")');

export const placeSuggestionSchema = z.object({
  kind: z.enum(["station", "district", "area"]),
  /** What to show: "Angel", "N1", "Islington". */
  label: z.string(),
  /** What to send back: `station=` slug, `district=` code, or `location=` area name. */
  value: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  lines: lineList,
});

export const nearbyStationSchema = z.object({
  slug: z.string(),
  name: z.string(),
  lines: lineList,
  distanceMeters: z.number().int(),
  walkingMinutes: z.number().int(),
});

/** Where a restaurant (or a dish's restaurant) is, for its page (issue 31). */
export const itemPlaceFields = {
  postcodeDistrict: z.string().nullable().describe('Its postcode district ("N1"), or null if unknown'),
  position: z
    .object({
      lat: z.number(),
      lng: z.number(),
      pinSource: z
        .enum(["district", "exact"])
        .describe("district: the postcode district's centre, until an owner or moderator sets the exact pin"),
    })
    .nullable(),
  nearestStations: z
    .array(nearbyStationSchema)
    .describe("Up to three stations within 2 km, nearest first, walking at 80 m a minute"),
};
