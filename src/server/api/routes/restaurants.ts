// Restaurant reads and restaurant search (api-contract.md), served from the response cache.
import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  idParam,
  listFilterFields,
  locationTopQuery,
  searchQuery,
  tagTopQuery,
  topRestaurantsQuery,
  trendingByTagsQuery,
  trendingQuery,
} from "../../../shared/schemas/catalogue-queries.ts";
import { restaurantSchema } from "../../../shared/schemas/catalogue-items.ts";
import { searchPageQuery, searchPageSchema } from "../../../shared/schemas/search-pages.ts";
import { itemPlaceFields, nearQueryFields } from "../../../shared/schemas/near-queries.ts";
import type { AppDeps } from "../deps.ts";
import { getRestaurant, restaurantsByIds } from "../db/queries/restaurant-reads.ts";
import { notFound } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { cachedRead } from "../cache/cached-read.ts";
import { readScopes } from "../cache/scopes.ts";
import { limitSearches } from "../auth/search-limit.ts";
import { envelopeResponses } from "./catalogue-http.ts";
import { rankedLists } from "./ranked-lists.ts";
import { readSearchCursor, searchPage } from "./search-pages.ts";
import {
  distanceField,
  itemPlace,
  nearList,
  nearOrRankedLists,
  nearRead,
  resolveNear,
  searchNearOr,
  takeNear,
} from "./near-http.ts";
import { listRestaurantPhotos } from "../services/restaurant-photos.ts";
import { tooManySearches } from "./route-http.ts";

// Issue 31: lists and searches take a place (nearQueryFields) and then carry distanceMeters;
// one restaurant's answer carries its district, position and nearest stations.
const restaurantList = z.array(restaurantSchema.extend(distanceField));
const restaurantPage = restaurantSchema.extend(itemPlaceFields);
const tags = ["Restaurants"];

// Issue 24: search, tag and area lists filter by price range and open now.
const restaurantLocationTopQuery = locationTopQuery.extend({ ...listFilterFields, ...nearQueryFields });
const restaurantTagTopQuery = tagTopQuery.extend({ ...listFilterFields, ...nearQueryFields });
const restaurantTrendingQuery = trendingQuery.extend({ ...listFilterFields, ...nearQueryFields });
const restaurantSearchQuery = searchQuery.extend({ ...listFilterFields, ...nearQueryFields });
const restaurantTopQuery = topRestaurantsQuery.extend(nearQueryFields);
const restaurantSearchPageQuery = searchPageQuery.extend({ ...listFilterFields, ...nearQueryFields });

const topRestaurants = createRoute({
  method: "get",
  path: "/restaurants/top",
  tags,
  summary: "Best-rated restaurants in London, or near a place",
  request: { query: restaurantTopQuery },
  responses: envelopeResponses(restaurantList, "Restaurants, best Bayesian score first"),
});

const topRestaurantsByLocation = createRoute({
  method: "get",
  path: "/restaurants/top/location",
  tags,
  summary:
    "Best-rated restaurants in an area or region, or near a place in it (unknown location: empty list)",
  request: { query: restaurantLocationTopQuery },
  responses: envelopeResponses(restaurantList, "Restaurants, best first"),
});

const topRestaurantsByTag = createRoute({
  method: "get",
  path: "/restaurants/top/filter",
  tags,
  summary: "Best-rated restaurants carrying a tag (unknown tag: empty list)",
  request: { query: restaurantTagTopQuery },
  responses: envelopeResponses(restaurantList, "Restaurants, best first"),
});

const trendingRestaurants = createRoute({
  method: "get",
  path: "/restaurants/trending",
  tags,
  summary: "Restaurants with the most recent well-rated reviews; the first is 'the trending restaurant'",
  request: { query: restaurantTrendingQuery },
  responses: envelopeResponses(restaurantList, "Restaurants, most trending first"),
});

const trendingRestaurantsByTags = createRoute({
  method: "get",
  path: "/restaurants/trendingbytag",
  tags,
  summary: "Trending restaurants carrying any of the tags",
  request: { query: trendingByTagsQuery },
  responses: envelopeResponses(restaurantList, "Restaurants, most trending first"),
});

const searchTopRestaurants = createRoute({
  method: "get",
  path: "/restaurants/searchTop",
  tags,
  summary: "Restaurants matching the keyword, most relevant then best-rated first",
  request: { query: restaurantSearchQuery },
  responses: { ...envelopeResponses(restaurantList, "Matching restaurants"), 429: tooManySearches },
});

const searchTrendingRestaurants = createRoute({
  method: "get",
  path: "/restaurants/searchTrending",
  tags,
  summary: "Restaurants matching the keyword, most relevant then most trending first",
  request: { query: restaurantSearchQuery },
  responses: { ...envelopeResponses(restaurantList, "Matching restaurants"), 429: tooManySearches },
});

const searchRestaurantsPage = createRoute({
  method: "get",
  path: "/restaurants/search",
  tags,
  summary: "One page of the restaurants matching the keyword, with how many match (issue 30)",
  description:
    "The order of searchTop, paged: pass nextCursor as cursor, with the same search parameters, for " +
    'the next page. A search lists at most 200 restaurants; the first page counts them (matches, "200+" ' +
    "when capped). A cursor that is not the previous page's answers 400.",
  request: { query: restaurantSearchPageQuery },
  responses: {
    ...envelopeResponses(
      searchPageSchema(restaurantSchema.extend(distanceField)),
      "One page of matching restaurants",
    ),
    429: tooManySearches,
  },
});

const restaurantById = createRoute({
  method: "get",
  path: "/restaurants/{id}",
  tags,
  summary: "One restaurant",
  request: { params: idParam },
  responses: envelopeResponses(restaurantPage, "The restaurant", { notFound: true }),
});

export function restaurantRoutes(deps: AppDeps) {
  const { db } = deps;
  const rowsOf = (ids: number[]) => restaurantsByIds(db, ids);
  const lists = rankedLists(db, "restaurant", rowsOf, deps.now);
  const nearOrRanked = nearOrRankedLists(deps, "restaurant", rowsOf);
  const limitSearch = limitSearches(deps);

  // Fixed paths first: /restaurants/{id} would otherwise claim "top" and answer 400.
  return createRouter()
    .openapi(topRestaurants, async (c) => {
      const [place, { topNum }] = takeNear(c.req.valid("query"));
      const near = await resolveNear(deps, place);
      return nearRead(
        near,
        c,
        deps,
        (listed) =>
          near
            ? nearList(
                db,
                "restaurant",
                rowsOf,
                { near, order: "top", limit: topNum, now: deps.now() },
                listed,
              )
            : lists.top(topNum, listed),
        { items: "restaurant" },
      );
    })
    .openapi(topRestaurantsByLocation, (c) =>
      nearOrRanked(c, c.req.valid("query"), "top", ({ location, topNum, ...filter }, listed) =>
        lists.topInLocation(location, topNum, listed, filter),
      ),
    )
    .openapi(topRestaurantsByTag, (c) =>
      nearOrRanked(c, c.req.valid("query"), "top", ({ tagName, topNum, ...filter }, listed) =>
        lists.topWithTag(tagName, topNum, listed, filter),
      ),
    )
    .openapi(trendingRestaurants, (c) =>
      nearOrRanked(c, c.req.valid("query"), "trending", ({ tagName, topNum, ...filter }, listed) =>
        lists.trending(tagName, topNum, listed, filter),
      ),
    )
    .openapi(trendingRestaurantsByTags, (c) => {
      const { tags: names, topNum } = c.req.valid("query");
      return cachedRead(c, deps, (listed) => lists.trendingWithAnyTag(names, topNum, listed), {
        items: "restaurant",
      });
    })
    .openapi({ ...searchTopRestaurants, middleware: [limitSearch] as const }, async (c) => {
      const [place, { price, openNow, ...q }] = takeNear(c.req.valid("query"));
      const facts = { price, openNow };
      const near = await resolveNear(deps, place);
      return nearRead(
        near,
        c,
        deps,
        (listed) =>
          searchNearOr(
            deps,
            "restaurant",
            rowsOf,
            { ...q, facts, near, order: "top", now: deps.now() },
            listed,
            () => lists.search({ ...q, facts }, "top", listed),
          ),
        { items: "restaurant" },
      );
    })
    .openapi({ ...searchTrendingRestaurants, middleware: [limitSearch] as const }, async (c) => {
      const [place, { price, openNow, ...q }] = takeNear(c.req.valid("query"));
      const facts = { price, openNow };
      const near = await resolveNear(deps, place);
      return nearRead(
        near,
        c,
        deps,
        (listed) =>
          searchNearOr(
            deps,
            "restaurant",
            rowsOf,
            { ...q, facts, near, order: "trending", now: deps.now() },
            listed,
            () => lists.search({ ...q, facts }, "trending", listed),
          ),
        { items: "restaurant" },
      );
    })
    .openapi({ ...searchRestaurantsPage, middleware: [limitSearch] as const }, async (c) => {
      const [place, { diet, price, openNow, cursor, ...q }] = takeNear(c.req.valid("query"));
      const start = readSearchCursor("restaurant", cursor);
      const near = await resolveNear(deps, place);
      const facts = { diet, price, openNow };
      return nearRead(near, c, deps, (listed) =>
        searchPage(deps, "restaurant", rowsOf, { ...q, facts, near, start, now: deps.now() }, listed),
      );
    })
    .openapi(restaurantById, (c) => {
      const { id } = c.req.valid("param");
      return cachedRead(
        c,
        deps,
        async (listed) => {
          listed(readScopes.dishesOfRestaurant(id));
          const restaurant = await getRestaurant(db, id);
          if (!restaurant) throw notFound();
          // The owner's photos (issue 22) change this read alone (item scope).
          return {
            ...restaurant,
            ownerPhotos: await listRestaurantPhotos(deps, id),
            ...(await itemPlace(deps, "restaurant", id)),
          };
        },
        // Its rating and review count follow each review at once (issue 24).
        { items: "restaurant", revalidate: true },
      );
    });
}
