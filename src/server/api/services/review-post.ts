// Posting reviews (issue 11): a restaurant review with its dish reviews and photos as one
// all-or-nothing write (db/queries/review-post-batch.ts), after the checks every post passes:
// its fields, the author's one voice per item, the rate limits, the subjects, paused items and
// the photos. Then it names the rated items so the response cache drops the reads that show them.
import { createHash } from "node:crypto";
import { IDEMPOTENCY_TTL_MS, MAX_REVIEW_IMAGES, REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import type { PostedReview } from "../../../shared/schemas/reviews.ts";
import { enforceRateLimit, RATE_LIMITS } from "../auth/rate-limit.ts";
import { DuplicateReviewError, IdempotencyKeyTakenError } from "../db/batch.ts";
import { stagedPhotosOfPosts } from "../db/queries/photo-encodes.ts";
import { UnknownReviewSubjectError } from "../db/queries/review-aggregates.ts";
import { recordReviews, type NewReview } from "../db/queries/review-bulk-record.ts";
import { pruneIdempotencyKeys } from "../db/queries/review-edits.ts";
import { recordReviewGroup, type ReviewGroup } from "../db/queries/review-post-batch.ts";
import { existingReviews, reviewSubjectRows, type ExistingReview } from "../db/queries/review-voices.ts";
import { findIdempotencyKey } from "../db/queries/reviews-reads.ts";
import { findUserById } from "../db/queries/users.ts";
import { withStaleRetries } from "../db/with-stale-retries.ts";
import type { AppDeps } from "../deps.ts";
import {
  checkAndStagePhotos,
  processAndStorePhotos,
  removeFiles,
  sniffFormat,
  type ProcessedPhoto,
  type UploadedPhoto,
} from "../files/image-pipeline.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { publishCatalogueChanges } from "./catalogue-changes.ts";
import {
  networkHashOf,
  planDetection,
  refusePausedItems,
  type DetectionPlan,
  type RatedItem,
} from "./review-signals.ts";

type Deps = Pick<
  AppDeps,
  "db" | "cache" | "files" | "images" | "photoJobs" | "now" | "config" | "log" | "writes"
>;

/** The seed and tests record many reviews at once; the API posts through postReview. */
export async function postReviews(
  deps: Pick<AppDeps, "db" | "cache">,
  reviews: NewReview[],
): Promise<number[]> {
  const ids = await recordReviews(deps.db, reviews);
  await publishCatalogueChanges(deps, {
    dishIds: reviews.flatMap((r) => ("dishId" in r ? [r.dishId] : [])),
    restaurantIds: reviews.flatMap((r) => ("restaurantId" in r ? [r.restaurantId] : [])),
  });
  return ids;
}

// ---------------------------------------------------------------------------------------------
// Posting

export interface PostReviewInput {
  restaurantId?: number;
  dishId?: number;
  content?: string;
  ratingTenths?: number;
  images: UploadedPhoto[];
  /** Indexes into images for the restaurant (or lone dish) review; default: those no dish review chose. */
  imageIndexes?: number[];
  dishReviews?: { dishId: number; content: string; ratingTenths: number; imageIndexes: number[] }[];
  incentivised: boolean;
  idempotencyKey?: string;
  /** The client's address as the host reports it (issue 21): only its network's salted hash is kept. */
  clientIp?: string;
}

function requestHash(userId: number, input: PostReviewInput): string {
  const hash = createHash("sha256");
  // The address is not part of the request: a retry from another network is the same post.
  const { images, idempotencyKey: _key, clientIp: _ip, ...fields } = input;
  hash.update(JSON.stringify({ userId, ...fields }));
  for (const image of images) hash.update(createHash("sha256").update(image.bytes).digest());
  return hash.digest("hex");
}

function checkPost(input: PostReviewInput) {
  const dishReviews = input.dishReviews ?? [];
  const required =
    dishReviews.length > 0 ? REVIEW_MESSAGES.requiredFieldsWithDishes : REVIEW_MESSAGES.requiredFields;
  const hasSubject = (input.restaurantId === undefined) !== (input.dishId === undefined);
  const fields: Record<string, string> = {};
  if (!hasSubject) fields[input.dishId === undefined ? "restaurantId" : "dishId"] = required;
  if (!input.ratingTenths) fields.rating = required;
  if (!input.content?.trim()) fields.content = required;
  if (Object.keys(fields).length > 0) throw new ApiError(400, required, {}, { fields });
  if (input.images.length > MAX_REVIEW_IMAGES) throw fieldError(400, "images", REVIEW_MESSAGES.tooManyImages);
  if (dishReviews.length > 0 && input.restaurantId === undefined) {
    throw fieldError(400, "dishReviews", REVIEW_MESSAGES.dishReviewNeedsRestaurant);
  }
  for (const [i, d] of dishReviews.entries()) {
    if (d.ratingTenths === 0 && !d.content.trim()) {
      throw fieldError(400, `dishReviews.${i}`, REVIEW_MESSAGES.dishReviewEmpty);
    }
    // One voice per person per dish (issue 20), within one post too.
    if (dishReviews.findIndex((other) => other.dishId === d.dishId) < i) {
      throw fieldError(400, `dishReviews.${i}.dishId`, REVIEW_MESSAGES.dishReviewedTwice);
    }
  }
  const indexes = [...(input.imageIndexes ?? []), ...dishReviews.flatMap((d) => d.imageIndexes)];
  if (indexes.some((i) => i >= input.images.length)) {
    throw fieldError(400, "imageIndexes", REVIEW_MESSAGES.imageIndexInvalid);
  }
}

/** Answers the first post made with this key, or refuses a key reused for another request. */
async function replay(
  deps: Deps,
  userId: number,
  key: string,
  hash: string,
): Promise<PostedReview | undefined> {
  const stored = await findIdempotencyKey(deps.db, userId, key, deps.now() - IDEMPOTENCY_TTL_MS);
  if (!stored) return undefined;
  if (stored.requestHash !== hash)
    throw fieldError(422, "Idempotency-Key", REVIEW_MESSAGES.idempotencyKeyReused);
  return { postId: stored.postId, dishPostIds: stored.dishPostIds };
}

/**
 * Issues 23, 33 and 34: a post runs whole in the app's write queue (deps.writes), each member's
 * posts in turn with everyone else's: fifty posts' steps are never all on the one event loop
 * ahead of every read, a burst from one member waits behind itself, not in front of others,
 * and past the queue's cap a post is refused (503, Retry-After) before anything is checked or
 * written. One at a time, each post's detection sees the posts committed before it.
 */
export function postReview(deps: Deps, userId: number, input: PostReviewInput): Promise<PostedReview> {
  return deps.writes.run(userId, () => postOneReview(deps, userId, input));
}

async function postOneReview(deps: Deps, userId: number, input: PostReviewInput): Promise<PostedReview> {
  checkPost(input);
  const hash = requestHash(userId, input);
  if (input.idempotencyKey) {
    const earlier = await replay(deps, userId, input.idempotencyKey, hash);
    if (earlier) return restoreStagedPhotos(deps, earlier, input);
  }
  const { now, rated } = await checkBeforePhotos(deps, userId, input);

  // Issue 23: with a worker pool the request only checks and stages the photos; the widths
  // are encoded after the answer (services/photo-encodes.ts).
  const check = deps.photoJobs && deps.images.checkReviewPhoto?.bind(deps.images);
  const photos = check
    ? await checkAndStagePhotos(check, input.images)
    : await processAndStorePhotos(deps.images, deps.files, input.images);
  const group = reviewGroupOf(userId, input, photos, { now, hash, staged: Boolean(check) });
  let recorded: { posted: PostedReview; plan: DetectionPlan };
  try {
    recorded = await recordPost(deps, userId, input, group, rated);
  } catch (error) {
    await removeFiles(deps.files, check ? [] : photos.flatMap((p) => p.outputs.map((o) => o.name)));
    return answerFailedPost(deps, userId, input, hash, error);
  }
  const { posted } = recorded;
  if (check) await storeStagedPhotos(deps, photos);
  await publishCatalogueChanges(deps, {
    restaurantIds: input.restaurantId === undefined ? [] : [input.restaurantId],
    dishIds: dishIdsOf(input),
  });
  return posted;
}

/** The dishes the post rates: a lone dish review's, or a restaurant review's dish reviews'. */
const dishIdsOf = (input: PostReviewInput) => [
  ...(input.dishId === undefined ? [] : [input.dishId]),
  ...(input.dishReviews ?? []).map((d) => d.dishId),
];

/**
 * Every refusal that costs no photo decoding, in order: one voice per item, the rate limits,
 * the subjects, paused items. Answers the post's time and what it rates.
 */
async function checkBeforePhotos(deps: Deps, userId: number, input: PostReviewInput) {
  // One voice per person per item (issue 20): posting again for an item is an edit of the
  // earlier review, so it is refused before any limit counts it or any photo is decoded.
  const dishIds = dishIdsOf(input);
  const [existing] = await existingReviews(deps.db, userId, input.restaurantId, dishIds);
  if (existing) throw new ReviewExistsError(existing);

  const now = deps.now();
  await enforceRateLimit(deps.db, RATE_LIMITS.reviewsPerUser, String(userId), now);
  if (input.restaurantId !== undefined) {
    await enforceRateLimit(
      deps.db,
      RATE_LIMITS.restaurantReviewPerUser,
      `${userId}:${input.restaurantId}`,
      now,
    );
  }
  if (input.images.length > 0) {
    await enforceRateLimit(deps.db, RATE_LIMITS.photosPerUser, String(userId), now, input.images.length);
  }

  // Subjects are checked before the photos are processed, so a wrong id costs no decoding.
  await checkSubjects(deps, input.restaurantId, dishIds);
  // Issue 21: an item paused for unusual activity takes no new reviews until the pause ends.
  const rated = ratedItems(input);
  await refusePausedItems(deps, rated, { userId, clientIp: input.clientIp }, now);
  return { now, rated };
}

/** The review group to record: the main review and its dish reviews, each with its photos. */
function reviewGroupOf(
  userId: number,
  input: PostReviewInput,
  photos: ProcessedPhoto[],
  { now, hash, staged }: { now: number; hash: string; staged: boolean },
): ReviewGroup {
  const dishReviews = input.dishReviews ?? [];
  const chosen = new Set(dishReviews.flatMap((d) => d.imageIndexes));
  const mainIndexes = input.imageIndexes ?? photos.map((_, i) => i).filter((i) => !chosen.has(i));
  const pick = (indexes: number[]) => indexes.map((i) => photos[i]!);
  const subject =
    input.restaurantId !== undefined ? { restaurantId: input.restaurantId } : { dishId: input.dishId! };
  return {
    authorId: userId,
    createdAt: now,
    incentivised: input.incentivised,
    main: {
      ...subject,
      content: input.content!.trim(),
      ratingTenths: input.ratingTenths!,
      photos: pick(mainIndexes),
    },
    dishReviews: dishReviews.map((d) => ({
      dishId: d.dishId,
      content: d.content.trim(),
      ratingTenths: d.ratingTenths,
      photos: pick(d.imageIndexes),
    })),
    files: photos.flatMap((p) => p.files),
    encodes: staged ? photos.map((p) => p.fileName) : undefined,
    idempotency: input.idempotencyKey ? { key: input.idempotencyKey, requestHash: hash } : undefined,
  };
}

/** Detection's plan and the group's batch, again from fresh reads while an aggregate was stale. */
async function recordPost(
  deps: Deps,
  userId: number,
  input: PostReviewInput,
  group: ReviewGroup,
  rated: RatedItem[],
): Promise<{ posted: PostedReview; plan: DetectionPlan }> {
  if (input.idempotencyKey) await pruneIdempotencyKeys(deps.db, group.createdAt - IDEMPOTENCY_TTL_MS, userId);
  // Detection reads and judges inside the serialised write, so two reviews of one item in
  // the same moment see each other (services/review-signals.ts).
  const networkHash = networkHashOf(deps.config.jwtSecret, input.clientIp);
  return withStaleRetries(async () => {
    const plan = await planDetection(deps, {
      authorId: userId,
      createdAt: group.createdAt,
      networkHash,
      items: rated,
    });
    return { posted: await recordReviewGroup(deps.db, { ...group, detection: plan.detection }), plan };
  });
}

/**
 * What a post whose batch failed answers: the first post's answer when a concurrent request
 * with the same Idempotency-Key won, else the error the failure means for the caller.
 */
async function answerFailedPost(
  deps: Deps,
  userId: number,
  input: PostReviewInput,
  hash: string,
  error: unknown,
): Promise<PostedReview> {
  if (error instanceof IdempotencyKeyTakenError && input.idempotencyKey) {
    const earlier = await replay(deps, userId, input.idempotencyKey, hash);
    if (earlier) return restoreStagedPhotos(deps, earlier, input);
  }
  if (error instanceof UnknownReviewSubjectError) throw subjectNotFound(error.kind);
  if (error instanceof DuplicateReviewError) {
    // A concurrent post for the same item won the unique index: answer as if it came first.
    const [winner] = await existingReviews(deps.db, userId, input.restaurantId, dishIdsOf(input));
    if (winner) throw new ReviewExistsError(winner);
  }
  // The account was deleted while this review was on its way (the batch refused rows that
  // would point at no one): answered as any request of a deleted account is.
  if (!(await findUserById(deps.db, userId))) throw new ApiError(401);
  throw error;
}

/**
 * A retry of a post whose first attempt committed but was cut off before its staged photos
 * were written whole (a crash between the batch and the files): the retry carries the same bytes
 * (its request hash matched), so they are written now and the photos are not lost.
 */
async function restoreStagedPhotos(deps: Deps, posted: PostedReview, input: PostReviewInput) {
  if (!deps.photoJobs || input.images.length === 0) return posted;
  const waiting = await stagedPhotosOfPosts(deps.db, [posted.postId, ...posted.dishPostIds]);
  const dishReviews = input.dishReviews ?? [];
  const chosen = new Set(dishReviews.flatMap((d) => d.imageIndexes));
  const mainIndexes = input.imageIndexes ?? input.images.map((_, i) => i).filter((i) => !chosen.has(i));
  const restored: string[] = [];
  for (const photo of waiting) {
    const dish = posted.dishPostIds.indexOf(photo.postId);
    const index = dish === -1 ? mainIndexes[photo.position] : dishReviews[dish]?.imageIndexes[photo.position];
    const upload = index === undefined ? undefined : input.images[index];
    // Missing, or cut short by the crash mid-write: the same bytes again.
    if (!upload || (await deps.files.get(photo.fileName))?.bytes === upload.bytes.byteLength) continue;
    await deps.files.put(photo.fileName, upload.bytes, `image/${sniffFormat(upload.bytes) ?? "jpeg"}`);
    restored.push(photo.fileName);
  }
  deps.photoJobs.enqueue(restored);
  return posted;
}

/**
 * The staged bytes, once the rows naming them have committed, then their encodes. A file that
 * cannot be written leaves its job, which finds no file and drops the photo with a note.
 */
async function storeStagedPhotos(deps: Deps, photos: ProcessedPhoto[]) {
  for (const output of photos.flatMap((p) => p.outputs)) {
    try {
      await deps.files.put(output.name, output.body, output.contentType);
    } catch (error) {
      deps.log("error", "Could not store a staged photo", error);
    }
  }
  deps.photoJobs!.enqueue(photos.map((p) => p.fileName));
}

/** What the post rates, in the order its posts are written: the main review, then its dish reviews. */
function ratedItems(input: PostReviewInput): RatedItem[] {
  const main: RatedItem = {
    ...(input.restaurantId !== undefined
      ? { kind: "restaurant" as const, id: input.restaurantId }
      : { kind: "dish" as const, id: input.dishId! }),
    ratingTenths: input.ratingTenths!,
    content: input.content!.trim(),
    incentivised: input.incentivised,
  };
  const dishes = (input.dishReviews ?? []).map((d) => ({
    kind: "dish" as const,
    id: d.dishId,
    ratingTenths: d.ratingTenths,
    content: d.content.trim(),
    incentivised: input.incentivised,
  }));
  return [main, ...dishes];
}

/** The author already has a live review of an item the post rates: answered 409 with its id. */
export class ReviewExistsError extends Error {
  readonly existing: ExistingReview;
  constructor(existing: ExistingReview) {
    super(
      existing.kind === "restaurant"
        ? REVIEW_MESSAGES.restaurantAlreadyReviewed
        : REVIEW_MESSAGES.dishAlreadyReviewed,
    );
    this.existing = existing;
  }
}

function subjectNotFound(kind: "restaurant" | "dish") {
  return kind === "restaurant"
    ? fieldError(404, "restaurantId", REVIEW_MESSAGES.restaurantNotFound)
    : fieldError(404, "dishId", REVIEW_MESSAGES.dishNotFound);
}

/**
 * The restaurant exists, and every dish exists (and, with a restaurant review, is one of its
 * dishes), in one read. recordReviewGroup reads the aggregates again when it writes (fresh
 * values for the guarded UPDATE) and refuses an item deleted in between.
 */
async function checkSubjects(deps: Deps, restaurantId: number | undefined, dishIds: number[]) {
  if (restaurantId === undefined && dishIds.length === 0) return;
  const rows = await reviewSubjectRows(deps.db, restaurantId, dishIds);
  if (restaurantId !== undefined && !rows.some((r) => r.kind === "restaurant")) {
    throw subjectNotFound("restaurant");
  }
  const owners = new Map(
    rows.filter((r) => r.kind === "dish").map((r) => [Number(r.id), Number(r.restaurantId)]),
  );
  for (const id of dishIds) {
    const owner = owners.get(id);
    if (owner === undefined || (restaurantId !== undefined && owner !== restaurantId)) {
      throw subjectNotFound("dish");
    }
  }
}
