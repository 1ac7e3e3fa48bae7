// The Map view's read (issue 31): restaurants inside the map's box, narrowed by what the page
// shows (a search's words and place, a tag, an area, the list filters, a place to be near).
import { MAX_KEYWORD_LENGTH, MAX_NAME_LENGTH } from "../../domain/catalogue-rules.ts";
import { MAP_PLACES_CAP, parseMapBox } from "../../domain/map-view.ts";
import { listFilterFields } from "./catalogue-queries.ts";
import { nearQueryFields } from "./near-queries.ts";
import * as z from "./zod.ts";

const optionalText = (max: number, what: string) =>
  z
    .string({ error: "must be given once, as text" })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .optional()
    .transform((value) => value || undefined)
    .describe(what);

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
    .describe("The map's view: west,south,east,north in WGS84 degrees, at most 1 degree across"),
  keyword: optionalText(
    MAX_KEYWORD_LENGTH,
    "A search's words: restaurants they find, as /restaurants/searchTop",
  ),
  location: optionalText(MAX_NAME_LENGTH, "An area or region name, as search takes it"),
  tag: z
    .string({ error: "must be given once, as text" })
    .trim()
    .regex(/^[a-z0-9-]{0,80}$/, { error: "must be a tag page's slug, such as ramen" })
    .optional()
    .transform((value) => value || undefined)
    .describe("A tag page's slug (/tag/{slug}): only restaurants with that tag"),
  areaId: z
    .string({ error: "must be given once, as text" })
    .regex(/^([1-9][0-9]{0,9})?$/, { error: "must be a positive integer" })
    .optional()
    .transform((value) => (value ? Number(value) : undefined))
    .describe("An area page's id (/area/{id}): only restaurants in that area"),
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
  rating: z.number().describe("Mean rating to one decimal, 0 when unrated"),
  ratingCount: z.number().int(),
  url: z.string().describe("The restaurant's page, a path on this site"),
});

export const mapPlacesSchema = z.object({
  places: z.array(mapPlaceSchema).describe(`Best first (Bayesian score), at most ${MAP_PLACES_CAP}`),
  capped: z
    .boolean()
    .describe(
      `true when more restaurants match inside the box than the ${MAP_PLACES_CAP} answered: zoom in to see the rest`,
    ),
  limit: z.number().int().describe("The cap on markers one read answers"),
});

export type MapPlace = z.infer<typeof mapPlaceSchema>;
export type MapPlaces = z.infer<typeof mapPlacesSchema>;
