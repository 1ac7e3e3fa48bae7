// The modal's calls, all through the one typed client (decision 009), each read into what
// the modal shows: the spec's messages (point 8) or the API's own message where it names
// the problem (a photo refused, a limit reached, a duplicate).
import { BUSY_MESSAGES, retryAfterSeconds } from "../../domain/busy-retry.ts";
import { signedInRequiredMessage } from "../../domain/review-form.ts";
import { REVIEW_MESSAGES } from "../../domain/review-rules.ts";
import {
  api,
  callOptions,
  createApiClient,
  outcomeOf,
  type ApiClient,
  type ApiOutcome,
} from "../../shared/api-client.ts";
import type {
  DishName,
  ExistingReviewAnswer,
  RestaurantName,
  SaveDishInput,
  SaveRestaurantInput,
  UpdateReviewInput,
} from "../../shared/schemas/reviews.ts";
import type { AreaSummaryItem, RegionItem, TagItem } from "../../shared/schemas/catalogue-items.ts";
import { postFailure, postFields, type ReviewDraft } from "./submission.ts";
import { fetchWithUploadProgress } from "./upload-progress.ts";

/** Spec point 9: forms list up to 193 tags. */
export const FORM_TAG_LIMIT = 193;
export const SUGGESTION_LIMIT = 8;
/** Ten 2048 px JPEGs on a slow phone connection take longer than the client's usual 15 s. */
export const POST_TIMEOUT_MS = 120_000;

export type Loaded<T> = { ok: true; data: T } | { ok: false; message: string };

async function load<T>(call: Promise<ApiOutcome<T>>, failure: string): Promise<Loaded<T>> {
  const outcome = await call;
  return outcome.kind === "ok" ? { ok: true, data: outcome.data } : { ok: false, message: failure };
}

export function restaurantNames(token: string, q: string, client: ApiClient = api): Promise<Loaded<RestaurantName[]>> {
  return load(
    outcomeOf(client.restaurants.names.$get({ query: { q, limit: String(SUGGESTION_LIMIT) } }, callOptions({ token }))),
    REVIEW_MESSAGES.restaurantNamesFailed,
  );
}

export function dishesInRestaurant(token: string, restaurantId: number, client: ApiClient = api): Promise<Loaded<DishName[]>> {
  return load(
    outcomeOf(
      client.dishes.namesInRestaurant[":restaurantId"].$get({ param: { restaurantId: String(restaurantId) }, query: {} }, callOptions({ token })),
    ),
    REVIEW_MESSAGES.restaurantDishesFailed,
  );
}

export interface FormLists {
  tags: TagItem[];
  regions: RegionItem[];
  areas: AreaSummaryItem[];
}

export async function formLists(client: ApiClient = api): Promise<Loaded<FormLists>> {
  const [tags, regions, areas] = await Promise.all([
    outcomeOf(client.tags.getLimitedTags.$get({ query: { limit: String(FORM_TAG_LIMIT) } })),
    outcomeOf(client.regions.all.$get()),
    outcomeOf(client.areas.all.$get()),
  ]);
  if (tags.kind !== "ok") return { ok: false, message: "Failed to fetch tags." };
  if (regions.kind !== "ok" || areas.kind !== "ok") return { ok: false, message: "Failed to fetch regions and areas." };
  return { ok: true, data: { tags: tags.data, regions: regions.data, areas: areas.data } };
}

export type SaveResult = { ok: true; id: number; name: string; message: string } | { ok: false; message: string; fields: Record<string, string> };

export async function saveRestaurant(token: string, input: SaveRestaurantInput, client: ApiClient = api): Promise<SaveResult> {
  const outcome = await outcomeOf(client.restaurants.save.$post({ json: input }, callOptions({ token })));
  if (outcome.kind === "ok") return { ok: true, id: outcome.data.id, name: outcome.data.name, message: REVIEW_MESSAGES.restaurantSaved };
  // Spec point 8 words a failed restaurant save one way; a field the server named is shown at that field.
  return {
    ok: false,
    message: outcome.kind === "failed" && outcome.status === 409 ? outcome.message : REVIEW_MESSAGES.restaurantSaveFailed,
    fields: outcome.kind === "failed" ? outcome.fields : {},
  };
}

export async function saveDish(token: string, input: SaveDishInput, client: ApiClient = api): Promise<SaveResult> {
  const outcome = await outcomeOf(client.dishes.save.$post({ json: input }, callOptions({ token })));
  if (outcome.kind === "ok") return { ok: true, id: outcome.data.id, name: outcome.data.dishName, message: REVIEW_MESSAGES.dishSaved };
  // Spec point 8: "the server message or Failed to save dish. Please try again."
  return {
    ok: false,
    message: outcome.kind === "failed" && outcome.message ? outcome.message : REVIEW_MESSAGES.dishSaveFailed,
    fields: outcome.kind === "failed" ? outcome.fields : {},
  };
}

/**
 * `existing`: the person already reviewed an item of this post (issue 20, a 409): the modal
 * offers to edit that review instead.
 */
export type PostResult =
  | { ok: true; message: string; postId: number }
  /** `busy`: the write queue was full (503, issue 30); its Retry-After in seconds, or null. */
  | { ok: false; lines: string[]; existing?: ExistingReviewAnswer; busy?: { seconds: number | null } };

export async function postReview(options: {
  token: string;
  authId: number;
  draft: ReviewDraft;
  idempotencyKey: string;
  onProgress?: (loaded: number, total: number) => void;
  client?: ApiClient;
}): Promise<PostResult> {
  const { draft } = options;
  const client =
    options.client ??
    createApiClient({ fetch: options.onProgress ? fetchWithUploadProgress(options.onProgress) : undefined, timeoutMs: POST_TIMEOUT_MS });
  const form = {
    ...postFields(draft, options.authId),
    // Photos go last: upload progress counts them from the end of the body (upload-progress.ts).
    images: draft.uploads.map((upload) => upload.file),
  };
  const request = callOptions({ token: options.token });
  const call = client.posts.save.$post({ form, header: { "idempotency-key": options.idempotencyKey } }, request);
  const response = await call.catch(() => null);
  if (response?.status === 409) {
    // The envelope's data names the review to edit; the shared outcome keeps only fields.
    const body = (await (response as unknown as Response)
      .clone()
      .json()
      .catch(() => null)) as { message?: string; data?: ExistingReviewAnswer } | null;
    if (body?.data) return { ok: false, lines: [body.message ?? ""], existing: body.data };
  }
  if (response?.status === 503) {
    const seconds = retryAfterSeconds(response.headers.get("Retry-After"), Date.now());
    return { ok: false, lines: [BUSY_MESSAGES.sendAgain(seconds)], busy: { seconds } };
  }
  const outcome = await outcomeOf(response ? Promise.resolve(response) : call);
  if (outcome.kind === "ok") return { ok: true, message: REVIEW_MESSAGES.posted, postId: outcome.data.postId };
  return { ok: false, lines: postFailure(outcome, draft) };
}

/** Edits the person's own review (POST /posts/update): the earlier text is kept as a version. */
export async function updateReview(
  token: string,
  input: UpdateReviewInput,
  client: ApiClient = api,
): Promise<{ ok: true; message: string } | { ok: false; message: string }> {
  const outcome = await outcomeOf(client.posts.update.$post({ json: input }, callOptions({ token })));
  if (outcome.kind === "ok") return { ok: true, message: REVIEW_MESSAGES.reviewUpdated };
  if (outcome.kind !== "failed") return { ok: false, message: outcome.message || REVIEW_MESSAGES.postFailed };
  return { ok: false, message: signedInRequiredMessage(outcome.message || REVIEW_MESSAGES.postFailed, outcome.fields, "Your review") };
}

/** The review to edit instead, with what it says now, or null when the person has none. */
export interface OwnReview {
  existing: ExistingReviewAnswer;
  content: string;
  /** 0..50 tenths. */
  rating: number;
  incentivised: boolean;
}

/**
 * Issue 30: asked as soon as a restaurant or dish is chosen, so a second review of it is
 * caught then (and an edit offered), not when posting. A failed check is not a refusal: the
 * post itself still answers 409 with the same review.
 */
export async function ownReviewOf(
  token: string,
  kind: "restaurant" | "dish",
  itemId: number,
  client: ApiClient = api,
): Promise<OwnReview | null> {
  const param = { id: String(itemId) };
  const options = callOptions({ token });
  const mine = await outcomeOf(
    kind === "restaurant"
      ? client.reviews.restaurant[":id"].mine.$get({ param }, options)
      : client.reviews.dish[":id"].mine.$get({ param }, options),
  );
  if (mine.kind !== "ok" || !mine.data) return null;
  const card = await outcomeOf(client.posts[":id"].$get({ param: { id: String(mine.data.postId) } }, options));
  if (card.kind !== "ok") return { existing: mine.data, content: "", rating: 0, incentivised: false };
  return {
    existing: mine.data,
    content: card.data.content,
    rating: Math.round((card.data.rating ?? 0) * 10),
    incentivised: card.data.incentivised,
  };
}
