// What "Post Without Dish Review" and "Done" send, and what is missing when they cannot (spec
// point 5's rules, each missing field named at that field: issue 24); only dish reviews that
// qualify are sent.
import {
  missingFields,
  RESTAURANT_REVIEW_LABEL,
  signedInRequiredMessage,
  type RequiredField,
} from "../../domain/review-form.ts";
import { REVIEW_MESSAGES } from "../../domain/review-rules.ts";
import { REVIEW_PAUSE_MESSAGE, REVIEW_PAUSE_STATUS } from "../../domain/review-signals.ts";
import { NO_RESPONSE_MESSAGE, type ApiOutcome } from "../../shared/api-client.ts";
import type { ReviewImage, ReviewState } from "./review-state.ts";

export const POST_MESSAGES = {
  notLoggedIn: REVIEW_MESSAGES.loginToPost,
  restaurantNotFound: REVIEW_MESSAGES.restaurantNotFound,
  saving: "Saving your posts...",
} as const;

/** "Post Without Dish Review" on step 1, or "Done" on a dish review. */
export type PostFlow = "restaurant-only" | "with-dishes";

export interface DishReviewDraft {
  dishId: number;
  /** 0..50 tenths. */
  rating: number;
  content: string;
  /** Indexes into the draft's uploads. */
  imageIndexes: number[];
}

export interface ReviewDraft {
  restaurantId: number;
  rating: number;
  content: string;
  incentivised: boolean;
  /** The photos sent, each once, in upload order; photos no review uses are not sent. */
  uploads: ReviewImage[];
  /** The restaurant review's photos; null leaves it to the API's default (below). */
  imageIndexes: number[] | null;
  dishReviews: DishReviewDraft[];
}

/**
 * Not sent: `alert` when nobody is signed in, otherwise the missing fields, each with its own
 * message (issue 24: never the spec's "Please login and fill out all required fields." to a
 * person who is signed in; it names no field).
 */
export type DraftResult =
  | { ok: true; draft: ReviewDraft }
  | { ok: false; alert: string | null; missing: Partial<Record<RequiredField, string>> };

/**
 * Spec point 5: dish reviews are sent only for steps whose rating is above 0 or whose content
 * is not blank, and that have a chosen dish.
 */
export function qualifyingDishPages(state: ReviewState): number[] {
  const pages: number[] = [];
  state.dishes.forEach((dish, i) => {
    if (dish.dishId !== null && (dish.rating > 0 || dish.content.trim() !== "")) pages.push(i + 1);
  });
  return pages;
}

/**
 * Which photos go with which review. Choosing photos is optional (spec point 2): with none
 * chosen for it, the restaurant review takes every photo no dish review took, which is also
 * what the API does when imageIndexes is absent, so uploaded photos are never dropped.
 */
function photosOf(state: ReviewState, dishPages: readonly number[]) {
  const dishIds = dishPages.map((page) => state.dishes[page - 1]!.imageIds);
  const takenByDishes = new Set(dishIds.flat());
  const restaurantIds =
    state.restaurant.imageIds.length > 0
      ? state.restaurant.imageIds
      : state.images.map((image) => image.id).filter((id) => !takenByDishes.has(id));
  const used = new Set([...restaurantIds, ...takenByDishes]);
  const uploads = state.images.filter((image) => used.has(image.id));
  const indexOf = new Map(uploads.map((image, i) => [image.id, i]));
  const indexes = (ids: readonly string[]) => ids.map((id) => indexOf.get(id)!);
  return {
    uploads,
    restaurant: state.restaurant.imageIds.length > 0 ? indexes(restaurantIds) : null,
    restaurantIds,
    dishes: dishIds.map(indexes),
  };
}

export function buildReviewDraft(state: ReviewState, signedIn: boolean, flow: PostFlow): DraftResult {
  if (!signedIn) return { ok: false, alert: POST_MESSAGES.notLoggedIn, missing: {} };
  const { restaurant } = state;
  const missing = missingFields(restaurant);
  if (restaurant.restaurantId === null || Object.keys(missing).length > 0) return { ok: false, alert: null, missing };
  const dishPages = flow === "with-dishes" ? qualifyingDishPages(state) : [];
  const photos = photosOf(state, dishPages);
  return {
    ok: true,
    draft: {
      restaurantId: restaurant.restaurantId,
      rating: restaurant.rating,
      content: restaurant.content.trim(),
      incentivised: state.incentivised,
      uploads: photos.uploads,
      imageIndexes: photos.restaurant,
      dishReviews: dishPages.map((page, i) => {
        const dish = state.dishes[page - 1]!;
        return { dishId: dish.dishId!, rating: dish.rating, content: dish.content.trim(), imageIndexes: photos.dishes[i]! };
      }),
    },
  };
}

/** The photos each review of a draft carries, by id: for tests and the summary line. */
export function draftPhotoIds(draft: ReviewDraft): { restaurant: string[]; dishes: string[][] } {
  const ids = (indexes: readonly number[]) => indexes.map((i) => draft.uploads[i]!.id);
  const taken = new Set(draft.dishReviews.flatMap((d) => d.imageIndexes));
  return {
    restaurant: draft.imageIndexes ? ids(draft.imageIndexes) : draft.uploads.filter((_, i) => !taken.has(i)).map((u) => u.id),
    dishes: draft.dishReviews.map((d) => ids(d.imageIndexes)),
  };
}

/** Tenths as the API takes a rating: "4.2" (0 to 5 in steps of 0.1). */
export function ratingParam(tenths: number): string {
  return (tenths / 10).toFixed(1);
}

/**
 * The multipart fields of POST /posts/save for a draft: the spec's fields (authId must be the
 * signed-in user) plus imageIndexes, dishReviews and incentivised from the contract.
 */
export function postFields(draft: ReviewDraft, authId: number) {
  return {
    authId: String(authId),
    restaurantId: String(draft.restaurantId),
    content: draft.content,
    rating: ratingParam(draft.rating),
    incentivised: (draft.incentivised ? "true" : "false") as "true" | "false",
    ...(draft.imageIndexes ? { imageIndexes: JSON.stringify(draft.imageIndexes) } : {}),
    ...(draft.dishReviews.length > 0
      ? {
          dishReviews: JSON.stringify(
            draft.dishReviews.map((d) => ({ dishId: d.dishId, content: d.content, rating: Number(ratingParam(d.rating)), imageIndexes: d.imageIndexes })),
          ),
        }
      : {}),
  };
}

/** Restaurant search (spec point 5's filter rule): case-insensitive substring, listed order. */
export function matchRestaurants<T extends { name: string }>(query: string, options: readonly T[], limit = 8): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const found: T[] = [];
  for (const option of options) {
    if (option.name.toLowerCase().includes(needle)) found.push(option);
    if (found.length >= limit) break;
  }
  return found;
}

/** A typed name that equals exactly one listed restaurant's name counts as choosing it. */
export function exactRestaurant<T extends { id: number; name: string }>(query: string, options: readonly T[]): T | null {
  const needle = query.trim().toLowerCase();
  if (!needle) return null;
  const matches = options.filter((option) => option.name.trim().toLowerCase() === needle);
  return matches.length === 1 ? matches[0]! : null;
}

/**
 * What a failed post says (spec point 8): "Failed to post review. Please try again.", then
 * the part that failed (the restaurant review, or "Dish {id}" when the API named a dish
 * review) and the API's own reason when it gave one a person can act on.
 */
export function postFailure(outcome: Exclude<ApiOutcome<unknown>, { kind: "ok" }>, draft: Pick<ReviewDraft, "dishReviews">): string[] {
  if (outcome.kind === "no-response") return [REVIEW_MESSAGES.postFailed, NO_RESPONSE_MESSAGE];
  if (outcome.status === 401) return [REVIEW_MESSAGES.loginToPost];
  // Issue 21: the item's reviews are paused; "try again" would be wrong for 24 hours.
  if (outcome.status === REVIEW_PAUSE_STATUS) return [outcome.message || REVIEW_PAUSE_MESSAGE];
  const lines: string[] = [REVIEW_MESSAGES.postFailed];
  const dishIndex = Object.keys(outcome.fields)
    .map((field) => /^dishReviews[.[](\d+)/.exec(field)?.[1])
    .find((index) => index !== undefined);
  const dish = dishIndex === undefined ? undefined : draft.dishReviews[Number(dishIndex)];
  lines.push(dish ? REVIEW_MESSAGES.dishPostFailed(dish.dishId) : REVIEW_MESSAGES.restaurantPostFailed);
  // A 5xx message says nothing a person can act on; the others do (a photo, a limit, a rule).
  if (outcome.status < 500 && outcome.message) {
    const reason = signedInRequiredMessage(outcome.message, outcome.fields, RESTAURANT_REVIEW_LABEL);
    if (!lines.includes(reason)) lines.push(reason);
  }
  return lines;
}

/** Where "View your review" goes after a post: the review's own page (issue 24). */
export function postedReviewHref(postId: number): string {
  return `/review/${postId}`;
}
