// The dashboard's calls (docs/owners.md), all through the one typed client; one object so a
// test can run the dashboard against the real app's client. Reads of the restaurant and its
// dishes skip the browser's cache: the owner must see what they just saved.
import type { OwnerReportReasonId } from "../../domain/report-reasons.ts";
import { api, callOptions, outcomeOf, type AnswerOf, type ApiClient } from "../../shared/api-client.ts";
import type { FactsInput, MenuInput } from "../../shared/schemas/owners.ts";

type Client = ApiClient;
type OwnerRestaurants = Client["owner"]["restaurants"];

export type OwnedRestaurant = AnswerOf<OwnerRestaurants["$get"]>[number];
export type DashboardPage = AnswerOf<OwnerRestaurants[":id"]["reviews"]["$get"]>;
export type DashboardReview = DashboardPage["reviews"][number];
export type OwnerStats = AnswerOf<OwnerRestaurants[":id"]["stats"]["$get"]>;
export type ReplyAnswer = AnswerOf<Client["reviews"][":postId"]["reply"]["$post"]>;
export type MenuDishInput = MenuInput["dishes"][number];

const FRESH = { init: { cache: "no-cache" } } as const;

/** Reviews per dashboard page: a phone screen or two, then "Show more reviews". */
export const DASHBOARD_PAGE_SIZE = 10;

export function ownerApi(client: ApiClient = api) {
  const id = (n: number) => ({ id: String(n) });
  const reply = client.reviews[":postId"].reply;
  return {
    owned: (token: string) => outcomeOf(client.owner.restaurants.$get({}, callOptions({ token }))),
    reviews: (token: string, restaurantId: number, cursor: string | null) =>
      outcomeOf(
        client.owner.restaurants[":id"].reviews.$get(
          { param: id(restaurantId), query: { pageSize: String(DASHBOARD_PAGE_SIZE), ...(cursor ? { cursor } : {}) } },
          { ...callOptions({ token }), ...FRESH },
        ),
      ),
    stats: (token: string, restaurantId: number) =>
      outcomeOf(client.owner.restaurants[":id"].stats.$get({ param: id(restaurantId) }, callOptions({ token }))),
    restaurant: (restaurantId: number) => outcomeOf(client.restaurants[":id"].$get({ param: id(restaurantId) }, FRESH)),
    /** The whole menu, community-added dishes included (issue 24); the public list leaves those out. */
    menu: (token: string, restaurantId: number) =>
      outcomeOf(
        client.owner.restaurants[":id"].menu.$get({ param: id(restaurantId) }, { ...callOptions({ token }), ...FRESH }),
      ),
    /** The owner reports a review of their restaurant; extortion goes to the top of the queue. */
    reportReview: (token: string, postId: number, reason: OwnerReportReasonId) =>
      outcomeOf(
        client.owner.reviews[":postId"].report.$post(
          { param: { postId: String(postId) }, json: { reason } },
          callOptions({ token }),
        ),
      ),
    reply: (token: string, postId: number, content: string, edit: boolean) => {
      const input = { param: { postId: String(postId) }, json: { content } };
      return outcomeOf(edit ? reply.$put(input, callOptions({ token })) : reply.$post(input, callOptions({ token })));
    },
    deleteReply: (token: string, postId: number) =>
      outcomeOf(reply.$delete({ param: { postId: String(postId) } }, callOptions({ token }))),
    saveFacts: (token: string, restaurantId: number, facts: FactsInput) =>
      outcomeOf(client.restaurants[":id"].facts.$put({ param: id(restaurantId), json: facts }, callOptions({ token }))),
    saveMenu: (token: string, restaurantId: number, dishes: MenuDishInput[]) =>
      outcomeOf(client.restaurants[":id"].menu.$put({ param: id(restaurantId), json: { dishes } }, callOptions({ token }))),
  };
}

/** The dashboard's calls, as the typed client answers them. */
export type OwnerApi = ReturnType<typeof ownerApi>;
