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
import type { AppDeps } from "../deps.ts";
import { getRestaurant, restaurantsByIds } from "../db/queries/restaurant-reads.ts";
import { notFound } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { cachedRead } from "../cache/cached-read.ts";
import { readScopes } from "../cache/scopes.ts";
import { limitSearches } from "../auth/search-limit.ts";
import { envelopeResponses } from "./catalogue-http.ts";
import { rankedLists } from "./ranked-lists.ts";
import { listRestaurantPhotos } from "../services/restaurant-photos.ts";
import { tooManySearches } from "./route-http.ts";

const restaurantList = z.array(restaurantSchema);
const tags = ["Restaurants"];

// Issue 24: search, tag and area lists filter by price range and open now.
const restaurantLocationTopQuery = locationTopQuery.extend(listFilterFields);
const restaurantTagTopQuery = tagTopQuery.extend(listFilterFields);
const restaurantTrendingQuery = trendingQuery.extend(listFilterFields);
const restaurantSearchQuery = searchQuery.extend(listFilterFields);

const topRestaurants = createRoute({
  method: "get",
  path: "/restaurants/top",
  tags,
  summary: "Best-rated restaurants in London",
  request: { query: topRestaurantsQuery },
  responses: envelopeResponses(restaurantList, "Restaurants, best Bayesian score first"),
});

const topRestaurantsByLocation = createRoute({
  method: "get",
  path: "/restaurants/top/location",
  tags,
  summary: "Best-rated restaurants in an area or region (unknown location: empty list)",
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

const restaurantById = createRoute({
  method: "get",
  path: "/restaurants/{id}",
  tags,
  summary: "One restaurant",
  request: { params: idParam },
  responses: envelopeResponses(restaurantSchema, "The restaurant", { notFound: true }),
});

export function restaurantRoutes(deps: AppDeps) {
  const { db } = deps;
  const lists = rankedLists(db, "restaurant", (ids) => restaurantsByIds(db, ids), deps.now);
  const limitSearch = limitSearches(deps);

  // Fixed paths first: /restaurants/{id} would otherwise claim "top" and answer 400.
  return createRouter()
    .openapi(topRestaurants, (c) => {
      const { topNum } = c.req.valid("query");
      return cachedRead(c, deps, (listed) => lists.top(topNum, listed), { items: "restaurant" });
    })
    .openapi(topRestaurantsByLocation, (c) => {
      const { location, topNum, ...filter } = c.req.valid("query");
      return cachedRead(c, deps, (listed) => lists.topInLocation(location, topNum, listed, filter), {
        items: "restaurant",
      });
    })
    .openapi(topRestaurantsByTag, (c) => {
      const { tagName, topNum, ...filter } = c.req.valid("query");
      return cachedRead(c, deps, (listed) => lists.topWithTag(tagName, topNum, listed, filter), {
        items: "restaurant",
      });
    })
    .openapi(trendingRestaurants, (c) => {
      const { tagName, topNum, ...filter } = c.req.valid("query");
      return cachedRead(c, deps, (listed) => lists.trending(tagName, topNum, listed, filter), {
        items: "restaurant",
      });
    })
    .openapi(trendingRestaurantsByTags, (c) => {
      const { tags: names, topNum } = c.req.valid("query");
      return cachedRead(c, deps, (listed) => lists.trendingWithAnyTag(names, topNum, listed), {
        items: "restaurant",
      });
    })
    .openapi({ ...searchTopRestaurants, middleware: [limitSearch] as const }, (c) => {
      const { price, openNow, ...q } = c.req.valid("query");
      return cachedRead(
        c,
        deps,
        (listed) => lists.search({ ...q, facts: { price, openNow } }, "top", listed),
        {
          items: "restaurant",
        },
      );
    })
    .openapi({ ...searchTrendingRestaurants, middleware: [limitSearch] as const }, (c) => {
      const { price, openNow, ...q } = c.req.valid("query");
      return cachedRead(
        c,
        deps,
        (listed) => lists.search({ ...q, facts: { price, openNow } }, "trending", listed),
        {
          items: "restaurant",
        },
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
          return { ...restaurant, ownerPhotos: await listRestaurantPhotos(deps, id) };
        },
        // Its rating and review count follow each review at once (issue 24).
        { items: "restaurant", revalidate: true },
      );
    });
}
