// The review modal's state (spec points 2, 3, 4, 5 and 9), kept out of the components so every
// rule can be tested without a browser: the nine steps and where Back goes, the upload limit,
// the selection of photos per review page, and what closing or posting clears. The limits are
// the contract's (src/domain/review-rules.ts): 10 images, one restaurant page plus up to five
// dish pages, a rating of 0..50 in steps of 1, shown divided by 10.
import { photoRoom, photosLeftOutText } from "../../domain/review-form.ts";
import { MAX_DISH_REVIEWS, MAX_RATING_TENTHS, REVIEW_MESSAGES } from "../../domain/review-rules.ts";

export const STEP = {
  photos: 0,
  restaurant: 1,
  firstDish: 2,
  lastDish: 2 + MAX_DISH_REVIEWS - 1,
  addRestaurant: 7,
  addDish: 8,
} as const;

export type Step = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export const UPLOAD_MESSAGES = {
  tooMany: REVIEW_MESSAGES.tooManyImages,
  notImages: "Only image files can be uploaded.",
} as const;

export interface ReviewImage {
  /** Made by the modal; file names repeat (every phone calls its photos IMG_0001.jpg). */
  id: string;
  name: string;
  /** An object URL of the resized JPEG, for the thumbnails and the carousel. */
  previewUrl: string;
  /** The resized JPEG that is uploaded, named .jpg. */
  file: File;
}

export interface ReviewPage {
  /** 0..50, a rating in tenths (spec point 3); 0 is "not rated yet" (review-form.ts). */
  rating: number;
  content: string;
  /** The photos chosen for this review, in upload order. */
  imageIds: string[];
}

export interface RestaurantPage extends ReviewPage {
  restaurantId: number | null;
  /** What the search box shows: the chosen restaurant's name or what the person typed. */
  restaurantQuery: string;
}

export interface DishPage extends ReviewPage {
  dishId: number | null;
}

export interface ReviewState {
  step: Step;
  images: ReviewImage[];
  /** The upload panel's carousel position; always a valid index, or 0 when there are none. */
  current: number;
  restaurant: RestaurantPage;
  dishes: DishPage[];
  /** Issue 15: the person received something for this review (a free meal, a discount...). */
  incentivised: boolean;
}

/** What a "Post a Review" action knows: the restaurant page's restaurant, the dish page's dish. */
export interface ReviewPreset {
  restaurantId?: number;
  restaurantName?: string;
  dishId?: number;
}

const emptyPage = (): ReviewPage => ({ rating: 0, content: "", imageIds: [] });

export function initialReviewState(preset: ReviewPreset = {}): ReviewState {
  const dishes = Array.from({ length: MAX_DISH_REVIEWS }, (): DishPage => ({ ...emptyPage(), dishId: null }));
  if (preset.dishId !== undefined) dishes[0] = { ...dishes[0]!, dishId: preset.dishId };
  return {
    step: STEP.photos,
    images: [],
    current: 0,
    restaurant: {
      ...emptyPage(),
      restaurantId: preset.restaurantId ?? null,
      restaurantQuery: preset.restaurantName ?? "",
    },
    dishes,
    incentivised: false,
  };
}

/** Which review page a step edits: 0 the restaurant, 1..5 the dish reviews; null otherwise. */
export function pageOfStep(step: Step): number | null {
  if (step === STEP.restaurant) return 0;
  if (step >= STEP.firstDish && step <= STEP.lastDish) return step - STEP.firstDish + 1;
  return null;
}

/** Spec point 2: Back from Add a Restaurant or Add a Dish returns to step 1, else one step. */
export function backStep(step: Step): Step | null {
  if (step === STEP.addRestaurant || step === STEP.addDish) return STEP.restaurant;
  if (step === STEP.photos) return null;
  return (step - 1) as Step;
}

/** "Add Dish Review": step 1 opens dish review 1, each dish review the next, five at most. */
export function nextDishStep(step: Step): Step | null {
  if (step === STEP.restaurant) return STEP.firstDish;
  if (step >= STEP.firstDish && step < STEP.lastDish) return (step + 1) as Step;
  return null;
}

export type AdmitResult<F> = { accepted: F[]; message: string | null };

/**
 * Spec point 5: only image files, several at once, 10 in total. Issue 24: a batch that would
 * pass the limit adds as many as fit and says so; files that are not images are left out.
 */
export function admitImages<F extends { type: string }>(existing: number, files: readonly F[]): AdmitResult<F> {
  const images = files.filter((file) => file.type.startsWith("image/"));
  const accepted = images.slice(0, photoRoom(existing));
  if (accepted.length < images.length) return { accepted, message: photosLeftOutText(accepted.length, images.length) };
  const skipped = files.length - images.length;
  return { accepted, message: skipped > 0 ? UPLOAD_MESSAGES.notImages : null };
}

/** Anything a person would mind losing: photos, text or a rating on any page. */
export function hasWork(state: ReviewState): boolean {
  const pages: ReviewPage[] = [state.restaurant, ...state.dishes];
  return state.images.length > 0 || pages.some((p) => p.content.trim() !== "" || p.rating > 0);
}

/** After an upload the panel shows how many images were added (spec point 5). */
export function uploadedCountText(count: number): string {
  return `${count} ${count === 1 ? "image" : "images"} uploaded successfully.`;
}

export type ReviewAction =
  | { type: "go"; step: Step }
  | { type: "back" }
  | { type: "addImages"; images: ReviewImage[] }
  | { type: "removeImage"; id: string }
  | { type: "show"; index: number }
  /** Toggle a photo's selection on a review page (0 restaurant, 1..5 dishes); also shows it. */
  | { type: "toggleImage"; page: number; id: string }
  | { type: "rating"; page: number; rating: number }
  | { type: "content"; page: number; content: string }
  | { type: "restaurantQuery"; query: string; restaurantId: number | null }
  | { type: "dish"; page: number; dishId: number | null }
  | { type: "incentivised"; value: boolean }
  | { type: "reset"; preset?: ReviewPreset }
  /** A draft kept on this device (review-draft.ts), already checked. */
  | { type: "restore"; state: ReviewState };

export type ReviewDispatch = (action: ReviewAction) => void;

function clampIndex(index: number, length: number): number {
  if (length === 0) return 0;
  return Math.min(Math.max(0, index), length - 1);
}

export function clampRating(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(MAX_RATING_TENTHS, Math.max(0, Math.round(rating)));
}

function updatePage(state: ReviewState, page: number, change: (p: ReviewPage) => ReviewPage): ReviewState {
  if (page === 0) return { ...state, restaurant: { ...state.restaurant, ...change(state.restaurant) } };
  const index = page - 1;
  if (index < 0 || index >= state.dishes.length) return state;
  return {
    ...state,
    dishes: state.dishes.map((dish, i) => (i === index ? { ...dish, ...change(dish) } : dish)),
  };
}

export function reviewReducer(state: ReviewState, action: ReviewAction): ReviewState {
  switch (action.type) {
    case "go":
      return { ...state, step: action.step };
    case "back": {
      const step = backStep(state.step);
      return step === null ? state : { ...state, step };
    }
    case "addImages": {
      const added = action.images.slice(0, photoRoom(state.images.length));
      if (added.length === 0) return state;
      // The first new photo is shown, so the person sees what they just added.
      return { ...state, images: [...state.images, ...added], current: state.images.length };
    }
    case "removeImage": {
      const at = state.images.findIndex((image) => image.id === action.id);
      if (at < 0) return state;
      const images = state.images.filter((image) => image.id !== action.id);
      const drop = (p: ReviewPage) => ({ ...p, imageIds: p.imageIds.filter((id) => id !== action.id) });
      // Deleting keeps the index in range (spec point 4): the next photo takes the place of
      // the deleted one, and deleting the last shows the one before it.
      const current = at < state.current ? state.current - 1 : state.current;
      return {
        ...state,
        images,
        current: clampIndex(current, images.length),
        restaurant: { ...state.restaurant, ...drop(state.restaurant) },
        dishes: state.dishes.map((dish) => ({ ...dish, ...drop(dish) })),
      };
    }
    case "show":
      return { ...state, current: clampIndex(action.index, state.images.length) };
    case "toggleImage": {
      const at = state.images.findIndex((image) => image.id === action.id);
      if (at < 0) return state;
      const order = new Map(state.images.map((image, i) => [image.id, i]));
      const toggled = updatePage(state, action.page, (p) => ({
        ...p,
        imageIds: p.imageIds.includes(action.id)
          ? p.imageIds.filter((id) => id !== action.id)
          : [...p.imageIds, action.id].sort((a, b) => order.get(a)! - order.get(b)!),
      }));
      return toggled === state ? state : { ...toggled, current: at };
    }
    case "rating":
      return updatePage(state, action.page, (p) => ({ ...p, rating: clampRating(action.rating) }));
    case "content":
      return updatePage(state, action.page, (p) => ({ ...p, content: action.content }));
    case "restaurantQuery": {
      const changedRestaurant = action.restaurantId !== state.restaurant.restaurantId;
      return {
        ...state,
        restaurant: { ...state.restaurant, restaurantQuery: action.query, restaurantId: action.restaurantId },
        // Dishes belong to a restaurant: another restaurant's dish choices no longer apply.
        dishes: changedRestaurant ? state.dishes.map((dish) => ({ ...dish, dishId: null })) : state.dishes,
      };
    }
    case "dish":
      if (action.page < 1 || action.page > state.dishes.length) return state;
      return {
        ...state,
        dishes: state.dishes.map((dish, i) => (i === action.page - 1 ? { ...dish, dishId: action.dishId } : dish)),
      };
    case "incentivised":
      return { ...state, incentivised: action.value };
    case "reset":
      return initialReviewState(action.preset);
    case "restore":
      return action.state;
  }
}

/** Spec point 9: the slider's 0..50 shown divided by 10 with one decimal. */
export function formatRating(tenths: number): string {
  return (clampRating(tenths) / 10).toFixed(1);
}
