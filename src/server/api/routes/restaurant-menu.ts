// GET /restaurants/{id}/menu (issue 30): what a visitor can order at a restaurant, every dish
// it lists (rated first, best first, then unrated), so its page answers "what can I order here"
// and not only its rated dishes. One index seek on dishes(restaurant_id), bounded by the cap
// on a restaurant's dishes (MAX_DISHES_PER_RESTAURANT); /dishes/top stops at MAX_TOP_NUM.
import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { MAX_DISHES_PER_RESTAURANT } from "../../../domain/owners.ts";
import { idParam } from "../../../shared/schemas/catalogue-queries.ts";
import { dishSchema } from "../../../shared/schemas/catalogue-items.ts";
import type { AppDeps } from "../deps.ts";
import { cachedRead } from "../cache/cached-read.ts";
import { dishesByIds } from "../db/queries/dish-reads.ts";
import { createRouter } from "../http/router.ts";
import { envelopeResponses } from "./catalogue-http.ts";
import { rankedLists } from "./ranked-lists.ts";

const restaurantMenu = createRoute({
  method: "get",
  path: "/restaurants/{id}/menu",
  tags: ["Restaurants"],
  summary: `Every dish a restaurant lists (at most ${MAX_DISHES_PER_RESTAURANT}): rated ones best first, then unrated; [] for an unknown restaurant`,
  request: { params: idParam },
  responses: envelopeResponses(z.array(dishSchema), "The restaurant's dishes"),
});

export function restaurantMenuRoutes(deps: AppDeps) {
  const lists = rankedLists(deps.db, "dish", (ids: number[]) => dishesByIds(deps.db, ids), deps.now);
  return createRouter().openapi(restaurantMenu, (c) => {
    const { id } = c.req.valid("param");
    return cachedRead(c, deps, (listed) => lists.dishesOfRestaurant(id, MAX_DISHES_PER_RESTAURANT, listed), {
      items: "dish",
      // The restaurant's own page shows it: a new rating or owner fact shows at once (issue 30).
      revalidate: true,
    });
  });
}
