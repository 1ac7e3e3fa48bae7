// The unsent review kept on this device (issue 24): a reload, a crash or a closed tab keeps the
// text, the ratings, the chosen restaurant and dishes, and the photos when they fit. One key per
// person, so someone else signing in on the same browser never sees it; it goes when the review
// is posted or discarded. Storage is what the page can read (spec point 3's session lives there
// too), so nothing is kept that the person did not type or choose.
import type { KeyValueStore } from "../../client/session.ts";
import {
  clampRating,
  hasWork,
  initialReviewState,
  STEP,
  type DishPage,
  type RestaurantPage,
  type ReviewImage,
  type ReviewState,
  type Step,
} from "./review-state.ts";

export const DRAFT_KEY_PREFIX = "reviewDraft:";
/**
 * Browsers give a site about 5 million characters of localStorage, shared with everything else
 * it keeps there; the photos (resized JPEGs as data URLs) may use this many, else they are
 * left out and the person is told.
 */
export const DRAFT_PHOTO_BUDGET = 2_000_000;

export interface StoredPhoto {
  id: string;
  name: string;
  dataUrl: string;
}

interface StoredDraft {
  version: 1;
  savedAt: number;
  step: Step;
  restaurant: RestaurantPage;
  dishes: DishPage[];
  incentivised: boolean;
  photos: StoredPhoto[];
  /** Photos the review had that did not fit. */
  photosNotKept: number;
}

export interface RestoredDraft {
  state: ReviewState;
  photosNotKept: number;
}

export const draftKey = (userId: number) => `${DRAFT_KEY_PREFIX}${userId}`;

/** The draft as stored; photos only when every one has its data and all fit the budget. */
export function serializeDraft(
  state: ReviewState,
  photoData: ReadonlyMap<string, string>,
  now: number,
  withPhotos = true,
): string {
  const photos = state.images.map((image) => ({
    id: image.id,
    name: image.name,
    dataUrl: photoData.get(image.id) ?? "",
  }));
  const size = photos.reduce((sum, photo) => sum + photo.dataUrl.length, 0);
  const keep = withPhotos && photos.every((photo) => photo.dataUrl !== "") && size <= DRAFT_PHOTO_BUDGET;
  const draft: StoredDraft = {
    version: 1,
    savedAt: now,
    // The add-a-restaurant and add-a-dish forms are not kept: the review resumes at step 1.
    step: state.step <= STEP.lastDish ? state.step : STEP.restaurant,
    restaurant: state.restaurant,
    dishes: state.dishes,
    incentivised: state.incentivised,
    photos: keep ? photos : [],
    photosNotKept: keep ? 0 : photos.length,
  };
  return JSON.stringify(draft);
}

type Raw = Record<string, unknown> | undefined;

const idOf = (value: unknown) =>
  Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : null;

function pageOf(raw: Raw) {
  return {
    rating: clampRating(Number(raw?.rating)),
    content: typeof raw?.content === "string" ? raw.content : "",
    imageIds: Array.isArray(raw?.imageIds) ? raw.imageIds.map(String) : [],
  };
}

/**
 * A stored draft read back. What it holds is rebuilt field by field onto an empty review (a
 * field of the wrong kind is left empty), and only JPEG data URLs come back as photos.
 */
export function parseDraft(text: string | null): Omit<StoredDraft, "version" | "savedAt"> | null {
  let raw: Record<string, unknown> | null = null;
  try {
    raw = JSON.parse(text ?? "null") as Record<string, unknown> | null;
  } catch {
    // Damaged: no draft.
  }
  if (typeof raw !== "object" || raw === null || raw.version !== 1) return null;
  const restaurant = raw.restaurant as Raw;
  const dishes = (Array.isArray(raw.dishes) ? raw.dishes : []) as Raw[];
  const step = Number(raw.step);
  const photos = (Array.isArray(raw.photos) ? raw.photos : []) as Raw[];
  return {
    step: (Number.isInteger(step) && step >= STEP.photos && step <= STEP.lastDish
      ? step
      : STEP.restaurant) as Step,
    restaurant: {
      ...pageOf(restaurant),
      restaurantId: idOf(restaurant?.restaurantId),
      restaurantQuery: typeof restaurant?.restaurantQuery === "string" ? restaurant.restaurantQuery : "",
    },
    dishes: initialReviewState().dishes.map((_, i) => ({
      ...pageOf(dishes[i]),
      dishId: idOf(dishes[i]?.dishId),
    })),
    incentivised: raw.incentivised === true,
    photos: photos
      .filter((p) => typeof p?.dataUrl === "string" && p.dataUrl.startsWith("data:image/jpeg;base64,"))
      .map((p) => ({ id: String(p!.id), name: String(p!.name), dataUrl: p!.dataUrl as string })),
    photosNotKept: Number(raw.photosNotKept) || 0,
  };
}

/** The JPEG a data URL holds, as the file the modal uploads. */
export function photoFile(photo: StoredPhoto): File {
  const bytes = atob(photo.dataUrl.slice(photo.dataUrl.indexOf(",") + 1));
  const buffer = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i += 1) buffer[i] = bytes.charCodeAt(i);
  return new File([buffer], photo.name, { type: "image/jpeg" });
}

/** The modal's state from a parsed draft; photos that were not kept leave no selection behind. */
export function draftState(
  draft: NonNullable<ReturnType<typeof parseDraft>>,
  images: ReviewImage[],
): ReviewState {
  const present = new Set(images.map((image) => image.id));
  const keepPresent = <P extends { imageIds: string[] }>(page: P): P => ({
    ...page,
    imageIds: page.imageIds.filter((id) => present.has(id)),
  });
  return {
    step: draft.step,
    images,
    current: 0,
    restaurant: keepPresent(draft.restaurant),
    dishes: draft.dishes.map(keepPresent),
    incentivised: draft.incentivised,
  };
}

/** Reads and rebuilds this person's draft; a damaged one is removed. */
export function readDraft(
  store: KeyValueStore,
  userId: number,
  toImage: (photo: StoredPhoto) => ReviewImage,
): RestoredDraft | null {
  const key = draftKey(userId);
  const draft = parseDraft(store.getItem(key));
  if (!draft) {
    store.removeItem(key);
    return null;
  }
  return { state: draftState(draft, draft.photos.map(toImage)), photosNotKept: draft.photosNotKept };
}

/** Keeps the draft, or removes it when there is nothing to keep; without photos if they do not fit. */
export function writeDraft(
  store: KeyValueStore,
  userId: number,
  state: ReviewState,
  photoData: ReadonlyMap<string, string>,
  now: number,
): void {
  const key = draftKey(userId);
  if (!hasWork(state)) {
    store.removeItem(key);
    return;
  }
  try {
    store.setItem(key, serializeDraft(state, photoData, now));
  } catch {
    // Full: the words and ratings matter most.
    try {
      store.setItem(key, serializeDraft(state, photoData, now, false));
    } catch {
      store.removeItem(key);
    }
  }
}

export function clearDraft(store: KeyValueStore, userId: number): void {
  store.removeItem(draftKey(userId));
}
