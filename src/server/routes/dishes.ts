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
import { searchIds } from "../db/queries/catalogue-search.ts";
import { dishesByIds, getDish } from "../db/queries/dish-reads.ts";
import { resolveLocation } from "../db/queries/place-reads.ts";
import { rankedIdQueries, rankedIds } from "../db/queries/ranked-ids.ts";
import { findTag, findTags } from "../db/queries/tag-reads.ts";
import { notFound } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { cachedEnvelope, envelopeResponses, searchCacheKey } from "./catalogue-http.ts";

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
  const listOf = async (query: Parameters<typeof rankedIds>[1]) =>
    dishesByIds(db, await rankedIds(db, query));

  // Fixed paths first: /dishes/{id} would otherwise claim "top" and answer 400.
  return createRouter()
    .openapi(topDishes, (c) => {
      const { restaurantId, topNum } = c.req.valid("query");
      return cachedEnvelope(c, deps, `dishes/top?r=${restaurantId ?? ""}&n=${topNum}`, () =>
        listOf(
          restaurantId === undefined
            ? rankedIdQueries.top("dish", topNum)
            : rankedIdQueries.dishesOfRestaurant(restaurantId, topNum),
        ),
      );
    })
    .openapi(topDishesByLocation, (c) => {
      const { location, topNum } = c.req.valid("query");
      return cachedEnvelope(
        c,
        deps,
        `dishes/top/location?l=${location.toLowerCase()}&n=${topNum}`,
        async () => {
          const place = await resolveLocation(db, location);
          if (place.kind === "unknown") return [];
          return listOf(
            place.kind === "anywhere"
              ? rankedIdQueries.top("dish", topNum)
              : rankedIdQueries.topInPlace("dish", place, topNum),
          );
        },
      );
    })
    .openapi(topDishesByTag, (c) => {
      const { tagName, topNum } = c.req.valid("query");
      return cachedEnvelope(c, deps, `dishes/top/filter?t=${tagName.toLowerCase()}&n=${topNum}`, async () => {
        const tag = await findTag(db, tagName);
        return tag ? listOf(rankedIdQueries.topWithTag("dish", tag.id, topNum)) : [];
      });
    })
    .openapi(trendingDishes, (c) => {
      const { tagName, topNum } = c.req.valid("query");
      return cachedEnvelope(
        c,
        deps,
        `dishes/trending?t=${tagName?.toLowerCase() ?? ""}&n=${topNum}`,
        async () => {
          if (tagName === undefined) return listOf(rankedIdQueries.trending("dish", topNum));
          const tag = await findTag(db, tagName);
          return tag ? listOf(rankedIdQueries.trendingWithAnyTag("dish", [tag.id], topNum)) : [];
        },
      );
    })
    .openapi(trendingDishesByTags, (c) => {
      const { tags: names, topNum } = c.req.valid("query");
      const key = `dishes/trendingbytag?t=${names
        .map((n) => n.toLowerCase())
        .sort()
        .join(",")}&n=${topNum}`;
      return cachedEnvelope(c, deps, key, async () => {
        const found = await findTags(db, names);
        if (found.length === 0) return [];
        return listOf(
          rankedIdQueries.trendingWithAnyTag(
            "dish",
            found.map((t) => t.id),
            topNum,
          ),
        );
      });
    })
    .openapi(searchTopDishes, (c) => {
      const q = c.req.valid("query");
      return cachedEnvelope(c, deps, searchCacheKey("dishes/search/top", q), async () =>
        dishesByIds(db, await searchIds(db, "dish", { ...q, order: "top", limit: q.topNum })),
      );
    })
    .openapi(searchTrendingDishes, (c) => {
      const q = c.req.valid("query");
      return cachedEnvelope(c, deps, searchCacheKey("dishes/search/trending", q), async () =>
        dishesByIds(db, await searchIds(db, "dish", { ...q, order: "trending", limit: q.topNum })),
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
