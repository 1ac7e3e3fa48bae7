// Offer reads and offer search (api-contract.md).
import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  idParam,
  offersByTagQuery,
  randomOffersQuery,
  restaurantOffersQuery,
  searchQuery,
} from "../../../shared/schemas/catalogue-queries.ts";
import { offerSchema } from "../../../shared/schemas/catalogue-items.ts";
import type { AppDeps } from "../deps.ts";
import { restaurantExists } from "../db/queries/restaurant-reads.ts";
import { SEARCH_CANDIDATES, searchIds } from "../db/queries/catalogue-search-reads.ts";
import {
  getOffer,
  offerIdQueries,
  offerIdsOfRestaurants,
  offersByIds,
  randomOfferIds,
} from "../db/queries/offer-reads.ts";
import { rankedIds } from "../db/queries/ranked-reads.ts";
import { findTag } from "../db/queries/tag-reads.ts";
import { notFound, ok } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { cachedRead } from "../cache/cached-read.ts";
import { readScopes } from "../cache/scopes.ts";
import { limitSearches } from "../auth/search-limit.ts";
import { envelopeResponses } from "./catalogue-http.ts";
import { tooManySearches } from "./route-http.ts";

const offerList = z.array(offerSchema);
const tags = ["Offers"];

const randomOffers = createRoute({
  method: "get",
  path: "/offers/randomGet",
  tags,
  summary: "Offers picked at random (the home page calls it twice); never cached",
  request: { query: randomOffersQuery },
  responses: envelopeResponses(offerList, "Distinct offers in random order"),
});

const offersByTag = createRoute({
  method: "get",
  path: "/offers/filter",
  tags,
  summary: "Offers of restaurants carrying a tag, best-rated restaurants first",
  request: { query: offersByTagQuery },
  responses: envelopeResponses(offerList, "Offers"),
});

const searchOffers = createRoute({
  method: "get",
  path: "/offers/search",
  tags,
  summary: "Offers of the restaurants matching the keyword, most relevant restaurants first",
  request: { query: searchQuery },
  responses: { ...envelopeResponses(offerList, "Offers"), 429: tooManySearches },
});

const offersOfRestaurant = createRoute({
  method: "get",
  path: "/offers/restaurant/{id}",
  tags,
  summary: "Offers of the restaurant with this id",
  request: { params: idParam, query: restaurantOffersQuery },
  responses: envelopeResponses(offerList, "The restaurant's offers, oldest first", { notFound: true }),
});

const offerById = createRoute({
  method: "get",
  path: "/offers/{id}",
  tags,
  summary: "One offer",
  request: { params: idParam },
  responses: envelopeResponses(offerSchema, "The offer", { notFound: true }),
});

export function offerRoutes(deps: AppDeps) {
  const { db } = deps;

  // Fixed paths first: /offers/{id} would otherwise claim "randomGet" and answer 400.
  return createRouter()
    .openapi(randomOffers, async (c) => {
      const { topNum } = c.req.valid("query");
      const offers = await offersByIds(db, await randomOfferIds(db, topNum));
      c.header("cache-control", "no-store");
      return ok(c, offers);
    })
    .openapi(offersByTag, (c) => {
      const { tagName, topNum } = c.req.valid("query");
      return cachedRead(
        c,
        deps,
        async (listed) => {
          listed(readScopes.tags, readScopes.offerLists);
          const tag = await findTag(db, tagName);
          if (!tag) return [];
          // Best-rated restaurants first: their ratings order the list.
          listed(readScopes.rankedWithTag("restaurant", tag.id));
          return offersByIds(db, await rankedIds(db, offerIdQueries.withTag(tag.id, topNum)));
        },
        { items: "offer" },
      );
    })
    .openapi({ ...searchOffers, middleware: [limitSearches(deps)] as const }, (c) => {
      const q = c.req.valid("query");
      return cachedRead(
        c,
        deps,
        async (listed) => {
          listed(readScopes.search("restaurant"), readScopes.offerLists, readScopes.tags, readScopes.places);
          // Offers have no search row of their own: they are found through their restaurant.
          const restaurantIds = await searchIds(db, "restaurant", {
            ...q,
            order: "top",
            limit: SEARCH_CANDIDATES,
          });
          return offersByIds(db, await offerIdsOfRestaurants(db, restaurantIds, q.topNum));
        },
        { items: "offer" },
      );
    })
    .openapi(offersOfRestaurant, (c) => {
      const { id } = c.req.valid("param");
      const { topNum } = c.req.valid("query");
      return cachedRead(
        c,
        deps,
        async (listed) => {
          if (!(await restaurantExists(db, id))) throw notFound();
          listed(readScopes.offersOfRestaurant(id));
          return offersByIds(db, await rankedIds(db, offerIdQueries.ofRestaurant(id, topNum)));
        },
        { items: "offer" },
      );
    })
    .openapi(offerById, (c) => {
      const { id } = c.req.valid("param");
      return cachedRead(
        c,
        deps,
        async () => {
          const offer = await getOffer(db, id);
          if (!offer) throw notFound();
          return offer;
        },
        { items: "offer" },
      );
    });
}
