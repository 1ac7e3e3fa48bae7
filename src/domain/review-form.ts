// The review form's own rules and words (issue 24, "Writing a review"): tap-to-rate in half
// stars beside the exact 0..50 value, which fields a post needs and what each missing one says,
// and how a choice of more photos than fit is worded. The spec's limits and messages stay in
// review-rules.ts; these are the form's, where the spec shows none. A rating of 0 means "not
// rated yet": a post needs a rating above 0 (spec point 5), so 0 is never a chosen rating.
import { MAX_RATING_TENTHS, MAX_REVIEW_IMAGES, REVIEW_MESSAGES } from "./review-rules.ts";

/** Half a star is 0.5, five tenths: the star values 5, 10, ... 50. */
export const HALF_STAR_TENTHS = 5;
export const STAR_VALUES: readonly number[] = Array.from(
  { length: MAX_RATING_TENTHS / HALF_STAR_TENTHS },
  (_, i) => (i + 1) * HALF_STAR_TENTHS,
);

/** "0.5 stars", "1 star", "4.5 stars": each half star's accessible name. */
export function starName(tenths: number): string {
  const stars = tenths / 10;
  return `${stars} ${stars === 1 ? "star" : "stars"}`;
}

/**
 * The exact rating as typed, in tenths: "4.2", "4,2", "4", "4." (on the way to "4.5"). One
 * decimal at most, up to 5.0; "", "0" and "0." are 0, not rated yet (the person may be typing
 * "0.5"). Anything else is null, and the form says why.
 */
export function parseExactRating(text: string): number | null {
  const match = /^([0-5])(?:[.,]([0-9])?)?$/.exec(text.trim());
  if (!match) return text.trim() === "" ? 0 : null;
  const tenths = Number(match[1]) * 10 + Number(match[2] ?? 0);
  return tenths <= MAX_RATING_TENTHS ? tenths : null;
}

/** Spec point 2: the restaurant review's text box is labelled so. */
export const RESTAURANT_REVIEW_LABEL = "Your Restaurant Review";

/**
 * The exact box's arrow keys: a tenth (Up/Down) or half a star (Page Up/Down) from the value,
 * kept within 0.1..5.0. From "not rated", Up starts at the bottom and Down at the top.
 */
export function stepRating(tenths: number, by: number): number {
  const from = tenths > 0 ? tenths : by > 0 ? 0 : MAX_RATING_TENTHS + 1;
  return Math.min(MAX_RATING_TENTHS, Math.max(1, from + by));
}

export const REVIEW_FORM_MESSAGES = {
  notRated: "Not rated yet",
  exactRatingInvalid: "Enter a rating from 0.1 to 5.0, with one decimal at most.",
  restaurantRequired: "Restaurant is required: choose it from the list.",
  ratingRequired: "A rating is required: tap the stars or enter a number from 0.1 to 5.0.",
  contentRequired: (field: string) => `${field} is required: write a few words about your visit.`,
  requiredHint: "To post, choose the restaurant, rate it and write your review.",
  restaurantUnfinished: "Finish the restaurant review first:",
  draftRestored: "We kept the review you had not posted yet.",
  draftPhotosNotKept: (count: number) =>
    `${count === 1 ? "Your photo was" : `Your ${count} photos were`} too large to keep on this device: please add ${count === 1 ? "it" : "them"} again.`,
  discardTitle: "Discard this review?",
  discardBody: "Your photos and text will be lost.",
  viewReview: "View your review",
} as const;

/** The fields a restaurant review must have before it is sent (spec point 5), by field. */
export type RequiredField = "restaurant" | "rating" | "content";

export interface RestaurantReviewFields {
  restaurantId: number | null;
  restaurantQuery: string;
  rating: number;
  content: string;
}

/** What each missing field says, in the form's order; empty when the review can be sent. */
export function missingFields(review: RestaurantReviewFields): Partial<Record<RequiredField, string>> {
  const missing: Partial<Record<RequiredField, string>> = {};
  if (review.restaurantId === null) {
    // A name typed but never matched to a listed restaurant (spec point 8's message).
    missing.restaurant =
      review.restaurantQuery.trim() === ""
        ? REVIEW_FORM_MESSAGES.restaurantRequired
        : REVIEW_MESSAGES.restaurantNotFound;
  }
  if (review.rating <= 0) missing.rating = REVIEW_FORM_MESSAGES.ratingRequired;
  if (review.content.trim() === "")
    missing.content = REVIEW_FORM_MESSAGES.contentRequired(RESTAURANT_REVIEW_LABEL);
  return missing;
}

/**
 * The server's answer when a review lacks a field is the spec's "Please login and fill out all
 * required fields." (the API keeps it word for word); a signed-in person sees what is missing.
 */
export function signedInRequiredMessage(
  message: string,
  fields: Readonly<Record<string, string>>,
  textLabel: string,
): string {
  if (message !== REVIEW_MESSAGES.requiredFields && message !== REVIEW_MESSAGES.requiredFieldsWithDishes)
    return message;
  const lines: string[] = [];
  if (fields.restaurantId || fields.dishId) lines.push(REVIEW_FORM_MESSAGES.restaurantRequired);
  if (fields.rating) lines.push(REVIEW_FORM_MESSAGES.ratingRequired);
  if (fields.content) lines.push(REVIEW_FORM_MESSAGES.contentRequired(textLabel));
  return lines.length > 0 ? lines.join(" ") : REVIEW_FORM_MESSAGES.requiredHint;
}

/**
 * Issue 24: a choice of more photos than fit adds as many as fit and says so, with the
 * spec's limit message first (spec point 5 words the limit; it no longer refuses the batch).
 */
export function photosLeftOutText(added: number, chosen: number): string {
  if (added === 0) return REVIEW_MESSAGES.tooManyImages;
  return `${REVIEW_MESSAGES.tooManyImages} ${added} of the ${chosen} photos you chose ${added === 1 ? "was" : "were"} added.`;
}

/** Room left for photos, never below 0. */
export function photoRoom(existing: number): number {
  return Math.max(0, MAX_REVIEW_IMAGES - existing);
}
