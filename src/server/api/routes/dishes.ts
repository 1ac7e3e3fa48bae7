// Dish reads and dish search (api-contract.md). Lists are served from the response cache;
// the database answers only the first call after a write.
import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  idParam,
  listFilterFields,
  locationTopQuery,
  searchQuery,
  tagTopQuery,
  topDishesQuery,
  trendingByTagsQuery,
  trendingQuery,
} from "../../../shared/schemas/catalogue-queries.ts";
import { dishSchema } from "../../../shared/schemas/catalogue-items.ts";
import { searchPageQuery, searchPageSchema } from "../../../shared/schemas/search-pages.ts";
import { itemPlaceFields, nearQueryFields } from "../../../shared/schemas/near-queries.ts";
import { dishFactFilters } from "../../../shared/schemas/owners.ts";
import type { AppDeps } from "../deps.ts";
import { dishesByIds, getDish } from "../db/queries/dish-reads.ts";
import { notFound } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { cachedRead } from "../cache/cached-read.ts";
import { limitSearches } from "../auth/search-limit.ts";
import { envelopeResponses } from "./catalogue-http.ts";
import { tooManySearches } from "./route-http.ts";
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
  withoutRestaurant,
} from "./near-http.ts";

// Issue 31: lists and searches take a place (nearQueryFields) and then carry distanceMeters;
// one dish's answer carries its restaurant's district, position and nearest stations.
const dishList = z.array(dishSchema.extend(distanceField));
const dishPage = dishSchema.extend(itemPlaceFields);
const tags = ["Dishes"];

// Issue 22: dish search, tag and area lists filter on what owners declared (diet=, freeFrom=);
// issue 24: and on price and open now (the dish's restaurant).
const dishFilters = { ...dishFactFilters, ...listFilterFields };
const dishLocationTopQuery = locationTopQuery.extend({ ...dishFilters, ...nearQueryFields });
const dishTagTopQuery = tagTopQuery.extend({ ...dishFilters, ...nearQueryFields });
const dishTrendingQuery = trendingQuery.extend({ ...dishFilters, ...nearQueryFields });
const dishSearchQuery = searchQuery.extend({ ...dishFilters, ...nearQueryFields });
const dishTopQuery = topDishesQuery.extend(nearQueryFields);
const dishSearchPageQuery = searchPageQuery.extend({ ...dishFilters, ...nearQueryFields });

const topDishes = createRoute({
  method: "get",
  path: "/dishes/top",
  tags,
  summary: "Best-rated dishes in London, or near a place, or of one restaurant (its unrated dishes last)",
  request: { query: dishTopQuery },
  responses: envelopeResponses(dishList, "Dishes, best Bayesian score first"),
});

const topDishesByLocation = createRoute({
  method: "get",
  path: "/dishes/top/location",
  tags,
  summary: "Best-rated dishes in an area or region, or near a place in it (unknown location: empty list)",
  request: { query: dishLocationTopQuery },
  responses: envelopeResponses(dishList, "Dishes, best first"),
});

const topDishesByTag = createRoute({
  method: "get",
  path: "/dishes/top/filter",
  tags,
  summary: "Best-rated dishes carrying a tag (unknown tag: empty list)",
  request: { query: dishTagTopQuery },
  responses: envelopeResponses(dishList, "Dishes, best first"),
});

const trendingDishes = createRoute({
  method: "get",
  path: "/dishes/trending",
  tags,
  summary: "Dishes with the most recent well-rated reviews; the first is 'the trending dish'",
  request: { query: dishTrendingQuery },
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
  request: { query: dishSearchQuery },
  responses: { ...envelopeResponses(dishList, "Matching dishes"), 429: tooManySearches },
});

const searchTrendingDishes = createRoute({
  method: "get",
  path: "/dishes/searchTrending",
  tags,
  summary: "Dishes matching the keyword, most relevant then most trending first",
  request: { query: dishSearchQuery },
  responses: { ...envelopeResponses(dishList, "Matching dishes"), 429: tooManySearches },
});

const searchDishesPage = createRoute({
  method: "get",
  path: "/dishes/search",
  tags,
  summary: "One page of the dishes matching the keyword, with how many match (issue 30)",
  description:
    "The order of searchByKeywordLocationTop, paged: pass nextCursor as cursor, with the same search " +
    "parameters, for the next page. A search lists at most 200 dishes; the first page counts them " +
    '(matches, "200+" when capped). A cursor that is not the previous page\'s answers 400.',
  request: { query: dishSearchPageQuery },
  responses: {
    ...envelopeResponses(searchPageSchema(dishSchema.extend(distanceField)), "One page of matching dishes"),
    429: tooManySearches,
  },
});

const dishById = createRoute({
  method: "get",
  path: "/dishes/{id}",
  tags,
  summary: "One dish",
  request: { params: idParam },
  responses: envelopeResponses(dishPage, "The dish", { notFound: true }),
});

export function dishRoutes(deps: AppDeps) {
  const { db } = deps;
  const rowsOf = (ids: number[]) => dishesByIds(db, ids);
  const lists = rankedLists(db, "dish", rowsOf, deps.now);
  const nearOrRanked = nearOrRankedLists(deps, "dish", rowsOf);
  const limitSearch = limitSearches(deps);

  // Fixed paths first: /dishes/{id} would otherwise claim "top" and answer 400.
  return createRouter()
    .openapi(topDishes, async (c) => {
      const [place, { restaurantId, topNum }] = takeNear(c.req.valid("query"));
      const near = await resolveNear(deps, place);
      if (near) {
        if (restaurantId !== undefined) throw withoutRestaurant();
        return nearRead(
          near,
          c,
          deps,
          (listed) =>
            nearList(db, "dish", rowsOf, { near, order: "top", limit: topNum, now: deps.now() }, listed),
          { items: "dish" },
        );
      }
      return cachedRead(
        c,
        deps,
        (listed) =>
          restaurantId === undefined
            ? lists.top(topNum, listed)
            : lists.dishesOfRestaurant(restaurantId, topNum, listed),
        { items: "dish" },
      );
    })
    .openapi(topDishesByLocation, (c) =>
      nearOrRanked(c, c.req.valid("query"), "top", ({ location, topNum, ...filter }, listed) =>
        lists.topInLocation(location, topNum, listed, filter),
      ),
    )
    .openapi(topDishesByTag, (c) =>
      nearOrRanked(c, c.req.valid("query"), "top", ({ tagName, topNum, ...filter }, listed) =>
        lists.topWithTag(tagName, topNum, listed, filter),
      ),
    )
    .openapi(trendingDishes, (c) =>
      nearOrRanked(c, c.req.valid("query"), "trending", ({ tagName, topNum, ...filter }, listed) =>
        lists.trending(tagName, topNum, listed, filter),
      ),
    )
    .openapi(trendingDishesByTags, (c) => {
      const { tags: names, topNum } = c.req.valid("query");
      return cachedRead(c, deps, (listed) => lists.trendingWithAnyTag(names, topNum, listed), {
        items: "dish",
      });
    })
    .openapi({ ...searchTopDishes, middleware: [limitSearch] as const }, async (c) => {
      const [place, { diet, freeFrom, price, openNow, ...q }] = takeNear(c.req.valid("query"));
      const facts = { diet, freeFrom, price, openNow };
      const near = await resolveNear(deps, place);
      return nearRead(
        near,
        c,
        deps,
        (listed) =>
          searchNearOr(
            deps,
            "dish",
            rowsOf,
            { ...q, facts, near, order: "top", now: deps.now() },
            listed,
            () => lists.search({ ...q, facts }, "top", listed),
          ),
        { items: "dish" },
      );
    })
    .openapi({ ...searchTrendingDishes, middleware: [limitSearch] as const }, async (c) => {
      const [place, { diet, freeFrom, price, openNow, ...q }] = takeNear(c.req.valid("query"));
      const facts = { diet, freeFrom, price, openNow };
      const near = await resolveNear(deps, place);
      return nearRead(
        near,
        c,
        deps,
        (listed) =>
          searchNearOr(
            deps,
            "dish",
            rowsOf,
            { ...q, facts, near, order: "trending", now: deps.now() },
            listed,
            () => lists.search({ ...q, facts }, "trending", listed),
          ),
        { items: "dish" },
      );
    })
    .openapi({ ...searchDishesPage, middleware: [limitSearch] as const }, async (c) => {
      const [place, { diet, freeFrom, undeclared, price, openNow, cursor, ...q }] = takeNear(
        c.req.valid("query"),
      );
      const start = readSearchCursor("dish", cursor);
      const near = await resolveNear(deps, place);
      const facts = { diet, freeFrom, undeclared, price, openNow };
      return nearRead(near, c, deps, (listed) =>
        searchPage(deps, "dish", rowsOf, { ...q, facts, near, start, now: deps.now() }, listed),
      );
    })
    .openapi(dishById, (c) => {
      const { id } = c.req.valid("param");
      return cachedRead(
        c,
        deps,
        async () => {
          const dish = await getDish(db, id);
          if (!dish) throw notFound();
          return { ...dish, ...(await itemPlace(deps, "dish", id)) };
        },
        // Its rating and review count follow each review at once (issue 24).
        { items: "dish", revalidate: true },
      );
    });
}
