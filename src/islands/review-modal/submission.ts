// What "Post Without Dish Review" and "Done" send, and the alerts of spec point 5 when they
// cannot: the checks run in the spec's order, and only dish reviews that qualify are sent.
import type { ReviewImage, ReviewState } from "./review-state.ts";

export const POST_MESSAGES = {
  notLoggedIn: "You need to be logged in to post a review.",
  requiredFields: "Please login and fill out all required fields.",
  requiredFieldsDishFlow: "Please login and fill out all required fields for the restaurant review.",
  restaurantNotFound: "Restaurant not found. Please try again.",
  dishNotFound: "Dish not found. Please try again.",
  failed: "Failed to post review. Please try again.",
  restaurantFailed: "Failed to post restaurant review.",
  dishFailed: (dishId: number) => `Failed to post review for Dish ${dishId}.`,
  // The spec names no success message for a post; this one says what happened, plainly.
  posted: "Your review has been posted.",
  saving: "Saving your posts...",
} as const;

/** "Post Without Dish Review" on step 1, or "Done" on a dish review. */
export type PostFlow = "restaurant-only" | "with-dishes";

export interface DishReviewDraft {
  dishId: number;
  rating: number;
  content: string;
  images: ReviewImage[];
}

export interface ReviewDraft {
  restaurantId: number;
  rating: number;
  content: string;
  images: ReviewImage[];
  dishReviews: DishReviewDraft[];
}

export type DraftResult = { ok: true; draft: ReviewDraft } | { ok: false; alert: string };

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
 * The photos each review carries. Choosing photos is optional (spec point 2): the restaurant
 * review takes the photos chosen for it, or, when none are, every photo no dish review took,
 * so uploaded photos are never silently dropped.
 */
export function imagesForPages(state: ReviewState, dishPages: readonly number[]): { restaurant: ReviewImage[]; dishes: Map<number, ReviewImage[]> } {
  const byId = new Map(state.images.map((image) => [image.id, image]));
  const pick = (ids: readonly string[]) => ids.map((id) => byId.get(id)).filter((image): image is ReviewImage => Boolean(image));
  const dishes = new Map(dishPages.map((page) => [page, pick(state.dishes[page - 1]!.imageIds)]));
  if (state.restaurant.imageIds.length > 0) return { restaurant: pick(state.restaurant.imageIds), dishes };
  const taken = new Set([...dishes.values()].flat().map((image) => image.id));
  return { restaurant: state.images.filter((image) => !taken.has(image.id)), dishes };
}

export function buildReviewDraft(state: ReviewState, signedIn: boolean, flow: PostFlow): DraftResult {
  if (!signedIn) return { ok: false, alert: POST_MESSAGES.notLoggedIn };
  const { restaurant } = state;
  // A name typed but never matched to a listed restaurant (spec point 8).
  if (restaurant.restaurantId === null && restaurant.restaurantQuery.trim() !== "") {
    return { ok: false, alert: POST_MESSAGES.restaurantNotFound };
  }
  if (restaurant.restaurantId === null || restaurant.rating <= 0 || restaurant.content.trim() === "") {
    return { ok: false, alert: flow === "with-dishes" ? POST_MESSAGES.requiredFieldsDishFlow : POST_MESSAGES.requiredFields };
  }
  const dishPages = flow === "with-dishes" ? qualifyingDishPages(state) : [];
  const images = imagesForPages(state, dishPages);
  return {
    ok: true,
    draft: {
      restaurantId: restaurant.restaurantId,
      rating: restaurant.rating,
      content: restaurant.content.trim(),
      images: images.restaurant,
      dishReviews: dishPages.map((page) => {
        const dish = state.dishes[page - 1]!;
        return { dishId: dish.dishId!, rating: dish.rating, content: dish.content.trim(), images: images.dishes.get(page) ?? [] };
      }),
    },
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
