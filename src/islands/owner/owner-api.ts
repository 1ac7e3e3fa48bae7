// The dashboard's calls (docs/owners.md), all through the one typed client; one object so a
// test can run the dashboard against the real app's client. Reads of the restaurant and its
// dishes skip the browser's cache: the owner must see what they just saved.
import type { OwnerReportReasonId } from "../../domain/report-reasons.ts";
import { api, callOptions, outcomeOf, type ApiClient, type ApiOutcome, type DataOf } from "../../shared/api-client.ts";
import type { DishItem, RestaurantItem } from "../../shared/schemas/catalogue-items.ts";
import type { FactsInput, MenuInput } from "../../shared/schemas/owners.ts";

type Client = ApiClient;
type OwnerRestaurants = Client["owner"]["restaurants"];

export type OwnedRestaurant = DataOf<Awaited<ReturnType<OwnerRestaurants["$get"]>>>[number];
export type DashboardPage = DataOf<Awaited<ReturnType<OwnerRestaurants[":id"]["reviews"]["$get"]>>>;
export type DashboardReview = DashboardPage["reviews"][number];
export type OwnerStats = DataOf<Awaited<ReturnType<OwnerRestaurants[":id"]["stats"]["$get"]>>>;
export type ReplyAnswer = DataOf<Awaited<ReturnType<Client["reviews"][":postId"]["reply"]["$post"]>>>;
export type MenuDishInput = MenuInput["dishes"][number];

const FRESH = { init: { cache: "no-cache" } } as const;

export interface OwnerApi {
  owned(token: string): Promise<ApiOutcome<OwnedRestaurant[]>>;
  reviews(token: string, restaurantId: number, cursor: string | null): Promise<ApiOutcome<DashboardPage>>;
  stats(token: string, restaurantId: number): Promise<ApiOutcome<OwnerStats>>;
  restaurant(restaurantId: number): Promise<ApiOutcome<RestaurantItem>>;
  /** The whole menu, community-added dishes included (issue 24); the public list leaves those out. */
  menu(token: string, restaurantId: number): Promise<ApiOutcome<DishItem[]>>;
  /** The owner reports a review of their restaurant; extortion goes to the top of the queue. */
  reportReview(token: string, postId: number, reason: OwnerReportReasonId): Promise<ApiOutcome<unknown>>;
  reply(token: string, postId: number, content: string, edit: boolean): Promise<ApiOutcome<ReplyAnswer>>;
  deleteReply(token: string, postId: number): Promise<ApiOutcome<unknown>>;
  saveFacts(token: string, restaurantId: number, facts: FactsInput): Promise<ApiOutcome<RestaurantItem>>;
  saveMenu(token: string, restaurantId: number, dishes: MenuDishInput[]): Promise<ApiOutcome<{ dishes: DishItem[] }>>;
}

export function ownerApi(client: ApiClient = api): OwnerApi {
  const id = (n: number) => ({ id: String(n) });
  const reply = client.reviews[":postId"].reply;
  return {
    owned: (token) => outcomeOf(client.owner.restaurants.$get({}, callOptions({ token }))),
    reviews: (token, restaurantId, cursor) =>
      outcomeOf(
        client.owner.restaurants[":id"].reviews.$get(
          { param: id(restaurantId), query: cursor ? { cursor } : {} },
          { ...callOptions({ token }), ...FRESH },
        ),
      ),
    stats: (token, restaurantId) =>
      outcomeOf(client.owner.restaurants[":id"].stats.$get({ param: id(restaurantId) }, callOptions({ token }))),
    restaurant: (restaurantId) => outcomeOf(client.restaurants[":id"].$get({ param: id(restaurantId) }, FRESH)),
    menu: (token, restaurantId) =>
      outcomeOf(
        client.owner.restaurants[":id"].menu.$get({ param: id(restaurantId) }, { ...callOptions({ token }), ...FRESH }),
      ),
    reportReview: (token, postId, reason) =>
      outcomeOf(
        client.owner.reviews[":postId"].report.$post(
          { param: { postId: String(postId) }, json: { reason } },
          callOptions({ token }),
        ),
      ),
    reply: (token, postId, content, edit) => {
      const input = { param: { postId: String(postId) }, json: { content } };
      return outcomeOf(edit ? reply.$put(input, callOptions({ token })) : reply.$post(input, callOptions({ token })));
    },
    deleteReply: (token, postId) =>
      outcomeOf(reply.$delete({ param: { postId: String(postId) } }, callOptions({ token }))),
    saveFacts: (token, restaurantId, facts) =>
      outcomeOf(client.restaurants[":id"].facts.$put({ param: id(restaurantId), json: facts }, callOptions({ token }))),
    saveMenu: (token, restaurantId, dishes) =>
      outcomeOf(client.restaurants[":id"].menu.$put({ param: id(restaurantId), json: { dishes } }, callOptions({ token }))),
  };
}
