// Search that pages on (issue 30): GET /dishes/search and GET /restaurants/search take the
// search parameters (catalogue-queries.ts searchQuery) plus a page size and the previous
// page's cursor, and answer one page with the count of matches. The results page builds its
// requests from the same fields.
import { MAX_SEARCH_RESULTS, SEARCH_PAGE_SIZE } from "../../domain/search-pages.ts";
import { searchQuery, topNum } from "./catalogue-queries.ts";
import * as z from "./zod.ts";

export const searchPageFields = {
  topNum: topNum(SEARCH_PAGE_SIZE).describe(
    `How many items on this page, 1..100, default ${SEARCH_PAGE_SIZE}; a search lists at most ${MAX_SEARCH_RESULTS}`,
  ),
  cursor: z
    .string({ error: "must be a cursor from a previous page" })
    .regex(/^[a-z0-9_]{1,64}$/, { error: "must be a cursor from a previous page" })
    .optional()
    .describe("nextCursor of the previous page, with the same search parameters; absent for the first page"),
};

/** The parameters both kinds share; each route adds its filters and the near fields. */
export const searchPageQuery = searchQuery.extend(searchPageFields);

export const matchCountSchema = z
  .object({
    count: z.number().int().describe(`How many match, counted up to ${MAX_SEARCH_RESULTS}`),
    capped: z.boolean().describe('More than count match: show "200+"'),
  })
  .describe("How many items the search lists over all its pages");

export const namedPlaceSchema = z.object({
  kind: z.enum(["station", "district"]),
  label: z.string().describe("The station's name or the district, as the page says it"),
  keyword: z.string().describe("The words searched near it, without the place"),
});

/** One page of a search's items. */
export function searchPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item).describe("This page, in the search's order (most relevant, then best-rated)"),
    matches: matchCountSchema
      .nullable()
      .describe(
        "On the first page (no cursor); null on the pages after it, where the first page's count stands",
      ),
    nextCursor: z.string().nullable().describe("Pass as cursor for the next page; null on the last"),
    place: namedPlaceSchema
      .nullable()
      .describe(
        'The station or postcode district the keyword ended with ("ramen near Old Street", "pizza N1"), searched near; null when the keyword named none or the place came as a parameter',
      ),
  });
}

export type SearchPageQuery = z.input<typeof searchPageQuery>;
export type NamedPlace = z.infer<typeof namedPlaceSchema>;
