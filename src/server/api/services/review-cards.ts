// Reading reviews: a page of an item's or a person's reviews, and the review cards that
// review lists and the social feed answer with.
import { cursorCodec, type CursorCodec } from "../../../domain/keyset-cursor.ts";
import { ratingLabel } from "../../../domain/rating-label.ts";
import type { DishReview, Review, ReviewPage } from "../../../shared/schemas/reviews.ts";
import { repliesOfPosts } from "../db/queries/owner-replies.ts";
import {
  privateReviewCount,
  reviewDetails,
  reviewPage,
  shownPostsInGroups,
  type PostRow,
  type ReviewSort,
} from "../db/queries/reviews-reads.ts";
import { hasAnyBlock } from "../db/queries/social-posts.ts";
import type { AppDeps } from "../deps.ts";
import { isStagedPhoto } from "../files/image-pipeline.ts";
import { readCursor } from "./page-cursor.ts";
import { reviewPauseOf } from "./review-signals.ts";

export interface ReviewListRequest {
  scope: { kind: "restaurant" | "dish" | "user"; id: number };
  sort: ReviewSort;
  minRating?: number;
  maxRating?: number;
  cursor?: string;
  pageSize: number;
  /** A signed-in viewer with a block (routes/reviews.ts): lists leave out both sides' reviews. */
  viewer?: number;
}

// Every sort pages by the same three numbers; each sort's cursor is its own kind, so a cursor
// made for one sort is refused by another.
const reviewCursors: Record<ReviewSort, CursorCodec<"ratingTenths" | "createdAt" | "id">> = {
  newest: cursorCodec("reviewsnewest", ["ratingTenths", "createdAt", "id"]),
  highest: cursorCodec("reviewshighest", ["ratingTenths", "createdAt", "id"]),
  lowest: cursorCodec("reviewslowest", ["ratingTenths", "createdAt", "id"]),
};

/**
 * Whose view of an item's reviews a signed-in reader gets: their own when they have a block
 * with someone, whose reviews they must not see (docs/social.md); otherwise undefined, the
 * visitor's view, which the cache shares.
 */
export async function blockAwareViewer(
  deps: Pick<AppDeps, "db">,
  userId: number,
): Promise<number | undefined> {
  return (await hasAnyBlock(deps.db, userId)) ? userId : undefined;
}

export async function listReviews(
  deps: Pick<AppDeps, "db" | "now">,
  request: ReviewListRequest,
): Promise<ReviewPage> {
  const cursor = readCursor(reviewCursors[request.sort], request.cursor);
  const band = {
    scope: request.scope,
    minTenths: request.minRating === undefined ? undefined : Math.round(request.minRating * 10),
    maxTenths: request.maxRating === undefined ? undefined : Math.round(request.maxRating * 10),
  };
  const [rows, privateCount, reviewPause] = await Promise.all([
    reviewPage(deps.db, {
      ...band,
      sort: request.sort,
      cursor,
      pageSize: request.pageSize,
      viewer: request.viewer,
    }),
    request.scope.kind === "user" ? 0 : privateReviewCount(deps.db, band),
    request.scope.kind === "user"
      ? null
      : reviewPauseOf(deps, request.scope.kind, request.scope.id, deps.now()),
  ]);
  const page = rows.slice(0, request.pageSize);
  const last = page.at(-1);
  const nextCursor = rows.length > request.pageSize && last ? reviewCursors[request.sort].encode(last) : null;
  // Dish reviews are shown inside their restaurant review on restaurant and user lists.
  const reviews = await reviewCards(deps, page, { withDishReviews: request.scope.kind !== "dish" });
  return { reviews, nextCursor, privateReviewCount: privateCount, reviewPause };
}

/**
 * Review cards for these posts, in their order: author, subject, rating and label, photos
 * with their srcset widths, and (unless asked not to) the dish reviews posted with each
 * restaurant review. Review lists and the social feed answer with these.
 */
export async function reviewCards(
  deps: Pick<AppDeps, "db">,
  rows: PostRow[],
  {
    withDishReviews = true,
    viewer,
  }: {
    withDishReviews?: boolean;
    /** Who reads, when the read knows: a dish review removed on its own shows to its author only. */
    viewer?: number;
  } = {},
): Promise<Review[]> {
  const groups = withDishReviews
    ? await shownPostsInGroups(
        deps.db,
        rows.filter((p) => p.restaurantId !== null).map((p) => p.id),
        viewer,
      )
    : [];
  const [details, replies] = await Promise.all([
    reviewDetails(deps.db, [...rows, ...groups]),
    // The owner's public reply under each (issue 22, docs/owners.md).
    repliesOfPosts(
      deps.db,
      [...rows, ...groups].map((p) => p.id),
    ),
  ]);
  const toDishReview = (p: PostRow) => reviewCard(p, details, replies.get(p.id) ?? null);
  return rows.map((p) => ({
    ...toDishReview(p),
    dishReviews: groups.filter((g) => g.reviewGroupId === p.id).map(toDishReview),
  }));
}

type Details = Awaited<ReturnType<typeof reviewDetails>>;
type CardPhoto = Review["photos"][number];

/** One review's card, without the dish reviews posted with it. */
function reviewCard(p: PostRow, details: Details, ownerReply: DishReview["ownerReply"]): DishReview {
  const author = details.authors.get(p.authorId);
  return {
    id: p.id,
    author: { id: p.authorId, username: author?.username ?? "", avatar: author?.avatar ?? null },
    subject: cardSubject(p, details),
    rating: p.ratingTenths > 0 ? p.ratingTenths / 10 : null,
    ratingLabel: p.ratingTenths > 0 ? ratingLabel(p.ratingTenths) : null,
    content: p.content,
    photos: (details.photos.get(p.id) ?? []).map(cardPhoto),
    createdAt: new Date(p.createdAt).toISOString(),
    updatedAt: p.updatedAt === null ? null : new Date(p.updatedAt).toISOString(),
    incentivised: p.incentivised,
    groupId: p.reviewGroupId,
    ownerReply,
  };
}

function cardSubject(p: PostRow, details: Details): DishReview["subject"] {
  const dish = p.dishId !== null ? details.dishes.get(p.dishId) : undefined;
  if (dish) {
    return {
      kind: "dish",
      id: dish.id,
      name: dish.name,
      restaurantId: dish.restaurantId,
      restaurantName: dish.restaurantName,
    };
  }
  const restaurant = p.restaurantId !== null ? details.restaurants.get(p.restaurantId) : undefined;
  return {
    kind: "restaurant",
    id: p.restaurantId!,
    name: restaurant?.name ?? "",
    restaurantId: p.restaurantId!,
    restaurantName: restaurant?.name ?? "",
  };
}

/** Issue 23: a photo waiting for its widths shows its preview, never the upload. */
function cardPhoto(photo: NonNullable<ReturnType<Details["photos"]["get"]>>[number]): CardPhoto {
  return isStagedPhoto(photo.fileName)
    ? {
        name: `pending-${photo.position}`,
        width: photo.width ?? 0,
        height: photo.height ?? 0,
        srcset: [],
        placeholder: photo.placeholder ?? "",
      }
    : {
        name: photo.fileName,
        width: photo.width ?? 0,
        height: photo.height ?? 0,
        srcset:
          photo.variants.length > 0 ? photo.variants : [{ name: photo.fileName, width: photo.width ?? 0 }],
      };
}
