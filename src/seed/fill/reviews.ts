// Reviews written from the planned visits, through recordReviews (the same code the review
// API uses) in chronological batches, so every aggregate is exactly what the posts imply.
import { recordReviews, type NewReview } from "../../server/api/db/queries/review-bulk-record.ts";
import { dishReviewText, restaurantReviewText } from "../people.ts";
import type { Random } from "../random.ts";
import { DAY, type SeedContext } from "./context.ts";
import type { PlacedRestaurant } from "./restaurants.ts";
import type { Visit } from "./visits.ts";

const REVIEW_BATCH_POSTS = 4000;

/** The posts in id order, with what comments and replies need to know of each. */
export interface SeededPosts {
  ids: number[];
  authors: number[];
  times: number[];
}

function clampRating(value: number): number {
  return Math.min(50, Math.max(0, Math.round(value)));
}

/** Reviewers mostly give whole and half stars; some use the slider's tenths. */
function ratingFor(quality: number, random: Random): number {
  const raw = quality + random.normal() * 0.45;
  return random.chance(0.6) ? clampRating(Math.round(raw * 2) * 5) : clampRating(raw * 10);
}

export async function fillReviews(
  { db, now, log }: SeedContext,
  plan: { visits: Visit[]; plannedPosts: number },
  placed: PlacedRestaurant[],
  userIds: number[],
  random: Random,
): Promise<SeededPosts> {
  const posts: SeededPosts = { ids: [], authors: [], times: [] };
  let batch: NewReview[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const ids = await recordReviews(db, batch);
    posts.ids.push(...ids);
    for (const review of batch) {
      posts.authors.push(review.authorId);
      posts.times.push(review.createdAt);
    }
    batch = [];
    log(`posts ${posts.ids.length}/${plan.plannedPosts}`);
  };
  for (const visit of plan.visits) {
    const r = placed[visit.restaurant]!;
    // A burst means people loved it: buzzing places get reviews from their best days.
    const lift = visit.at > now - 14 * DAY && r.buzzing ? 0.45 : 0;
    batch.push(...visitReviews(visit, r, userIds[visit.author]!, lift, batch.length, random));
    if (batch.length >= REVIEW_BATCH_POSTS) await flush();
  }
  await flush();
  return posts;
}

/** A visit's restaurant review (unless dish-only) and its dish reviews, grouped with it. */
function visitReviews(
  visit: Visit,
  r: PlacedRestaurant,
  authorId: number,
  lift: number,
  batchOffset: number,
  random: Random,
): NewReview[] {
  const reviews: NewReview[] = [];
  let groupIndex: number | undefined;
  if (!visit.dishOnly) {
    const ratingTenths = ratingFor(r.quality + lift, random);
    groupIndex = batchOffset;
    reviews.push({
      restaurantId: r.id,
      authorId,
      ratingTenths,
      createdAt: visit.at,
      content: restaurantReviewText(random, ratingTenths, {
        name: r.name,
        area: r.area.name,
        cuisine: r.cuisine.tag,
      }),
      imageFileNames: random.chance(0.3)
        ? random.sample([...r.images, ...r.dishImages], random.int(1, 3))
        : [],
    });
  }
  visit.dishes.forEach((d, k) => {
    const ratingTenths = ratingFor(r.dishQuality[d]! + lift, random);
    reviews.push({
      dishId: r.dishIds[d]!,
      authorId,
      ratingTenths,
      // Dish reviews of one visit are posted a few seconds after the restaurant's.
      createdAt: visit.at + (k + 1) * 1000,
      content: dishReviewText(random, ratingTenths, r.dishNames[d]!),
      imageFileNames: random.chance(0.25) ? [r.dishImages[d]!] : [],
      ...(groupIndex === undefined ? {} : { groupWithIndex: groupIndex }),
    });
  });
  return reviews;
}
