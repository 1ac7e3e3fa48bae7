// The Map view's read (issue 31): restaurants inside the map's box, narrowed by what the page
// shows (a search's words and place, a tag, an area, the list filters, a place to be near).
import { MAX_KEYWORD_LENGTH, MAX_NAME_LENGTH } from "../../domain/catalogue-rules.ts";
import { parseMapBox } from "../../domain/map-view.ts";
import { listFilterFields } from "./catalogue-queries.ts";
import { nearQueryFields } from "./near-queries.ts";
import * as z from "./zod.ts";

const text = (max: number, pattern: RegExp, error: string) =>
  z
    .string({ error: "must be given once, as text" })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .regex(pattern, { error })
    .optional()
    .transform((value) => value || undefined);
const anyText = /^/;

export const mapPlacesQuery = z.object({
  bbox: z
    .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be given once, as text") })
    .transform((value, ctx) => {
      const box = parseMapBox(value);
      if ("error" in box) {
        ctx.addIssue({ code: "custom", message: box.error });
        return z.NEVER;
      }
      return box;
    })
    .describe("west,south,east,north (WGS84), at most 1 degree across"),
  keyword: text(MAX_KEYWORD_LENGTH, anyText, "").describe("A search's words"),
  location: text(MAX_NAME_LENGTH, anyText, "").describe("A search's area or region"),
  tag: text(80, /^[a-z0-9-]*$/, "must be a tag page's slug, such as ramen").describe("A tag page's slug"),
  areaId: text(10, /^([1-9][0-9]*)?$/, "must be a positive integer")
    .transform((value) => (value ? Number(value) : undefined))
    .describe("An area page's id"),
  ...listFilterFields,
  ...nearQueryFields,
});

export type MapPlacesQuery = z.output<typeof mapPlacesQuery>;
export type MapPlacesQueryInput = z.input<typeof mapPlacesQuery>;

export const mapPlaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  rating: z.number(),
  ratingCount: z.number().int(),
  url: z.string(),
});

export const mapPlacesSchema = z.object({
  places: z.array(mapPlaceSchema),
  capped: z.boolean().describe("More matched than the cap"),
  limit: z.number().int(),
});

export type MapPlace = z.infer<typeof mapPlaceSchema>;
export type MapPlaces = z.infer<typeof mapPlacesSchema>;
