// The reviews list's calls, all through the one typed client (decision 009). The island
// takes them as one object so its tests can run it against the real app's client.
import { api, callOptions, outcomeOf, type ApiClient, type ApiOutcome } from "../../shared/api-client.ts";
import type { DishItem, RestaurantItem } from "../../shared/schemas/catalogue-items.ts";
import type { ReportReviewInput, UpdateReviewInput } from "../../shared/schemas/reviews.ts";

export type ItemKind = "dish" | "restaurant";

/**
 * What the page's header shows live: the mean rating and how many reviews it counts, and what
 * the owner keeps true (issue 22): a restaurant's claimedAt, a dish's allergens and diets
 * (undefined: not this kind of item).
 */
export interface ItemSummary {
  rating: number;
  reviewCount: number;
  claimedAt?: RestaurantItem["claimedAt"];
  /** A restaurant's photos from its verified owner (issue 22). */
  ownerPhotos?: RestaurantItem["ownerPhotos"];
  allergens?: DishItem["allergens"];
  diets?: DishItem["diets"];
}

const FRESH = { init: { cache: "no-cache" } } as const;

function summaryOf(outcome: ApiOutcome<DishItem | RestaurantItem>): ApiOutcome<ItemSummary> {
  if (outcome.kind !== "ok") return outcome;
  const item = outcome.data;
  const owner =
    "claimedAt" in item
      ? { claimedAt: item.claimedAt, ownerPhotos: item.ownerPhotos }
      : { allergens: item.allergens, diets: item.diets };
  return { ...outcome, data: { rating: item.rating, reviewCount: item.reviewCount, ...owner } };
}

/**
 * The list's calls, as the typed client answers them. `fresh`: skip the browser's HTTP cache
 * after this person changed something. The lists and items already answer no-cache (issue
 * 24), so a reload revalidates them anyway; this keeps a page open since before the change
 * from reusing what it held.
 */
export type ReviewsApi = ReturnType<typeof reviewsApi>;

export function reviewsApi(client: ApiClient = api) {
  return {
    /**
     * `token`: a signed-in reader's, so the list leaves out the reviews of people on either
     * side of a block with them (docs/social.md); null for a visitor.
     */
    async page(kind: ItemKind, itemId: number, query: Record<string, string>, fresh: boolean, token: string | null) {
      const param = { id: String(itemId) };
      const options = { ...(fresh ? FRESH : {}), ...callOptions({ token: token ?? undefined }) };
      return kind === "dish"
        ? outcomeOf(client.reviews.dish[":id"].$get({ param, query }, options))
        : outcomeOf(client.reviews.restaurant[":id"].$get({ param, query }, options));
    },
    async summary(kind: ItemKind, itemId: number, fresh: boolean) {
      const param = { id: String(itemId) };
      const options = fresh ? FRESH : {};
      return kind === "dish"
        ? summaryOf(await outcomeOf(client.dishes[":id"].$get({ param }, options)))
        : summaryOf(await outcomeOf(client.restaurants[":id"].$get({ param }, options)));
    },
    update(token: string, input: UpdateReviewInput) {
      return outcomeOf(client.posts.update.$post({ json: input }, callOptions({ token })));
    },
    remove(token: string, postId: number) {
      return outcomeOf(client.posts[":id"].$delete({ param: { id: String(postId) } }, callOptions({ token })));
    },
    report(token: string, input: ReportReviewInput) {
      return outcomeOf(client.posts.report.$post({ json: input }, callOptions({ token })));
    },
  };
}
