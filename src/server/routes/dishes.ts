// Dish reads and dish search (api-contract.md). Lists are served from the response cache;
// the database answers only the first call after a write.
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  idParam,
  locationTopQuery,
  searchQuery,
  tagTopQuery,
  topDishesQuery,
  trendingByTagsQuery,
  trendingQuery,
} from "../../shared/schemas/catalogue-queries.ts";
import { dishSchema } from "../../shared/schemas/catalogue-items.ts";
import type { AppDeps } from "../deps.ts";
import { dishesByIds, getDish } from "../db/queries/dish-reads.ts";
import { rankedIdQueries } from "../db/queries/ranked-ids.ts";
import { notFound } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { cachedEnvelope, envelopeResponses, searchCacheKey } from "./catalogue-http.ts";
import { rankedLists, tagListKey } from "./ranked-lists.ts";

const dishList = z.array(dishSchema);
const tags = ["Dishes"];

const topDishes = createRoute({
  method: "get",
  path: "/dishes/top",
  tags,
  summary: "Best-rated dishes in London, or of one restaurant (its unrated dishes last)",
  request: { query: topDishesQuery },
  responses: envelopeResponses(dishList, "Dishes, best Bayesian score first"),
});

const topDishesByLocation = createRoute({
  method: "get",
  path: "/dishes/top/location",
  tags,
  summary: "Best-rated dishes in an area or region (unknown location: empty list)",
  request: { query: locationTopQuery },
  responses: envelopeResponses(dishList, "Dishes, best first"),
});

const topDishesByTag = createRoute({
  method: "get",
  path: "/dishes/top/filter",
  tags,
  summary: "Best-rated dishes carrying a tag (unknown tag: empty list)",
  request: { query: tagTopQuery },
  responses: envelopeResponses(dishList, "Dishes, best first"),
});

const trendingDishes = createRoute({
  method: "get",
  path: "/dishes/trending",
  tags,
  summary: "Dishes with the most recent well-rated reviews; the first is 'the trending dish'",
  request: { query: trendingQuery },
  responses: envelopeResponses(dishList, "Dishes, most trending first"),
});

const trendingDishesByTags = createRoute({
  method: "get",
  path: "/dishes/trendingbytag",
  tags,
  summary: "Trending dishes carrying any of the tags",
  request: { query: trendingByTagsQuery },
  responses: envelopeResponses(dishList, "Dishes, most trending first"),
});

const searchTopDishes = createRoute({
  method: "get",
  path: "/dishes/searchByKeywordLocationTop",
  tags,
  summary: "Dishes matching the keyword, most relevant then best-rated first",
  request: { query: searchQuery },
  responses: envelopeResponses(dishList, "Matching dishes"),
});

const searchTrendingDishes = createRoute({
  method: "get",
  path: "/dishes/searchTrending",
  tags,
  summary: "Dishes matching the keyword, most relevant then most trending first",
  request: { query: searchQuery },
  responses: envelopeResponses(dishList, "Matching dishes"),
});

const dishById = createRoute({
  method: "get",
  path: "/dishes/{id}",
  tags,
  summary: "One dish",
  request: { params: idParam },
  responses: envelopeResponses(dishSchema, "The dish", { notFound: true }),
});

export function dishRoutes(deps: AppDeps) {
  const { db } = deps;
  const lists = rankedLists(db, "dish", (ids) => dishesByIds(db, ids));

  // Fixed paths first: /dishes/{id} would otherwise claim "top" and answer 400.
  return createRouter()
    .openapi(topDishes, (c) => {
      const { restaurantId, topNum } = c.req.valid("query");
      return cachedEnvelope(c, deps, `dishes/top?r=${restaurantId ?? ""}&n=${topNum}`, () =>
        lists.listOf(
          restaurantId === undefined
            ? rankedIdQueries.top("dish", topNum)
            : rankedIdQueries.dishesOfRestaurant(restaurantId, topNum),
        ),
      );
    })
    .openapi(topDishesByLocation, (c) => {
      const { location, topNum } = c.req.valid("query");
      const key = `dishes/top/location?l=${location.toLowerCase()}&n=${topNum}`;
      return cachedEnvelope(c, deps, key, () => lists.topInLocation(location, topNum));
    })
    .openapi(topDishesByTag, (c) => {
      const { tagName, topNum } = c.req.valid("query");
      const key = `dishes/top/filter?t=${tagName.toLowerCase()}&n=${topNum}`;
      return cachedEnvelope(c, deps, key, () => lists.topWithTag(tagName, topNum));
    })
    .openapi(trendingDishes, (c) => {
      const { tagName, topNum } = c.req.valid("query");
      const key = `dishes/trending?t=${tagName?.toLowerCase() ?? ""}&n=${topNum}`;
      return cachedEnvelope(c, deps, key, () => lists.trending(tagName, topNum));
    })
    .openapi(trendingDishesByTags, (c) => {
      const { tags: names, topNum } = c.req.valid("query");
      const key = `dishes/trendingbytag?t=${tagListKey(names)}&n=${topNum}`;
      return cachedEnvelope(c, deps, key, () => lists.trendingWithAnyTag(names, topNum));
    })
    .openapi(searchTopDishes, (c) => {
      const q = c.req.valid("query");
      return cachedEnvelope(c, deps, searchCacheKey("dishes/search/top", q), () => lists.search(q, "top"));
    })
    .openapi(searchTrendingDishes, (c) => {
      const q = c.req.valid("query");
      return cachedEnvelope(c, deps, searchCacheKey("dishes/search/trending", q), () =>
        lists.search(q, "trending"),
      );
    })
    .openapi(dishById, (c) => {
      const { id } = c.req.valid("param");
      return cachedEnvelope(c, deps, `dishes/${id}`, async () => {
        const dish = await getDish(db, id);
        if (!dish) throw notFound();
        return dish;
      });
    });
}
