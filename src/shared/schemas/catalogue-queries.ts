// Inputs of the discovery API (api-contract.md), one schema per call. Routes validate with
// them (a failure answers 400 "Invalid <name>: ...") and islands use them to build requests.
import {
  DEFAULT_TAG_LIMIT,
  DEFAULT_TOP_NUM,
  MAX_KEYWORD_LENGTH,
  MAX_NAME_LENGTH,
  MAX_TAG_LIMIT,
  MAX_TAGS_PER_QUERY,
  MAX_TOP_NUM,
} from "../../domain/catalogue-rules.ts";
import { DIET_IDS } from "../../domain/diets.ts";
import { PRICE_LEVELS, priceLevelLabel } from "../../domain/price-range.ts";
import * as z from "./zod.ts";

/** A positive integer id from the path; anything else is malformed, not missing. */
export const idParam = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, { error: "must be a positive integer" })
    .transform(Number),
});

function bounded(name: string, defaultValue: number, max: number) {
  return z.coerce
    .number({ error: `must be an integer from 1 to ${max}` })
    .int({ error: `must be an integer from 1 to ${max}` })
    .min(1, { error: `must be an integer from 1 to ${max}` })
    .max(max, { error: `must be an integer from 1 to ${max}` })
    .default(defaultValue)
    .describe(`${name}, 1..${max}, default ${defaultValue}`);
}

export const topNum = (defaultValue: number) => bounded("How many items", defaultValue, MAX_TOP_NUM);

const name = (what: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be given once, as text") })
    .trim()
    .max(MAX_NAME_LENGTH, { error: `must be at most ${MAX_NAME_LENGTH} characters` })
    .describe(what);

const requiredName = (what: string) => name(what).min(1, { error: "is required" });

/** Empty optional filters (`?tagName=`) mean "no filter". */
const optionalName = (what: string) =>
  name(what)
    .optional()
    .transform((value) => (value ? value : undefined));

const locationName = "An area or region name (case-insensitive)";

export const topDishesQuery = z.object({
  restaurantId: idParam.shape.id.optional().describe("Only this restaurant's dishes"),
  topNum: topNum(DEFAULT_TOP_NUM.homeDishes),
});

export const topRestaurantsQuery = z.object({ topNum: topNum(DEFAULT_TOP_NUM.homeRestaurants) });

export const locationTopQuery = z.object({
  location: requiredName(locationName),
  topNum: topNum(DEFAULT_TOP_NUM.areaPage),
});

export const tagTopQuery = z.object({
  tagName: requiredName("A tag name (case-insensitive)"),
  topNum: topNum(DEFAULT_TOP_NUM.tagView),
});

export const trendingQuery = z.object({
  tagName: optionalName("Only items with this tag"),
  topNum: topNum(DEFAULT_TOP_NUM.tagView),
});

export const trendingByTagsQuery = z.object({
  tags: z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      [
        ...new Set(
          (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(",")).map((t) => t.trim()),
        ),
      ].filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .max(MAX_NAME_LENGTH, { error: `each tag must be at most ${MAX_NAME_LENGTH} characters` }),
        )
        .min(1, { error: "is required" })
        .max(MAX_TAGS_PER_QUERY, { error: `must name at most ${MAX_TAGS_PER_QUERY} tags` }),
    )
    .describe("Comma-separated tag names; items with any of them"),
  topNum: topNum(DEFAULT_TOP_NUM.tagView),
});

export const randomOffersQuery = z.object({ topNum: topNum(DEFAULT_TOP_NUM.offers) });

export const offersByTagQuery = z.object({
  tagName: requiredName("A tag name (case-insensitive)"),
  topNum: topNum(DEFAULT_TOP_NUM.offersByTag),
});

export const restaurantOffersQuery = z.object({ topNum: topNum(DEFAULT_TOP_NUM.offers) });

export const tagListQuery = z.object({
  limit: bounded("How many tags", DEFAULT_TAG_LIMIT, MAX_TAG_LIMIT),
});

export const searchQuery = z.object({
  keyword: z
    .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be given once, as text") })
    .trim()
    .min(1, { error: "is required" })
    .max(MAX_KEYWORD_LENGTH, { error: `must be at most ${MAX_KEYWORD_LENGTH} characters` })
    .describe("Words to find; each matches as a prefix"),
  location: optionalName(locationName),
  tagName: optionalName("Only items with this tag"),
  topNum: topNum(DEFAULT_TOP_NUM.search),
});

/**
 * The filters of the search, tag and area lists (issue 24), on dishes and restaurants alike.
 * Absent or empty means no filter; anything else that is not a listed value is a 400.
 */
const priceMessage = `must be ${PRICE_LEVELS.map((l) => `${l} (${priceLevelLabel(l)})`)
  .join(", ")
  .replace(/, ([^,]*)$/, " or $1")}`;

export const listFilterFields = {
  diet: z
    .enum(DIET_IDS, { error: `must be one of ${DIET_IDS.join(", ")}` })
    .optional()
    .describe(
      "Only dishes whose owner declared this diet; a restaurant when its owner declares a dish with it (issue 30)",
    ),
  price: z
    .enum(["", ...PRICE_LEVELS.map(String)] as [string, ...string[]], { error: priceMessage })
    .optional()
    .transform((value) => (value ? (Number(value) as (typeof PRICE_LEVELS)[number]) : undefined))
    .describe(
      "Only this price band, 1 (£) to 4 (££££): a dish by its price, a restaurant by its derived price range; unpriced items never match",
    ),
  openNow: z
    .enum(["", "true", "false"], { error: "must be true or false" })
    .optional()
    .transform((value) => value === "true" || undefined)
    .describe(
      "true: only places open now in London (a dish: its restaurant), by the owner's structured hours; a place without them never matches",
    ),
};

export const fileNameParam = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,120}$/i, {
    error: "must be a file name of letters, digits, '.', '_' or '-'",
  }),
});

export type TopDishesQuery = z.input<typeof topDishesQuery>;
export type SearchQuery = z.input<typeof searchQuery>;
export type SearchParams = z.output<typeof searchQuery>;
