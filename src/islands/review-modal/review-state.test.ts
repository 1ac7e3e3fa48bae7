import { describe, expect, it } from "vitest";
import { MAX_REVIEW_IMAGES } from "../../domain/review-rules.ts";
import {
  admitImages,
  backStep,
  formatRating,
  hasWork,
  initialReviewState,
  nextDishStep,
  pageOfStep,
  reviewReducer,
  STEP,
  UPLOAD_MESSAGES,
  uploadedCountText,
  type ReviewImage,
  type ReviewState,
  type Step,
} from "./review-state.ts";

const image = (id: string): ReviewImage => ({ id, name: `${id}.jpg`, previewUrl: `blob:${id}`, file: new File(["x"], `${id}.jpg`, { type: "image/jpeg" }) });
const withImages = (...ids: string[]): ReviewState =>
  reviewReducer(initialReviewState(), { type: "addImages", images: ids.map(image) });

describe("steps", () => {
  it("starts on the photos step with empty pages, or with the page's restaurant and dish chosen", () => {
    const blank = initialReviewState();
    expect(blank.step).toBe(STEP.photos);
    expect(blank.restaurant).toEqual({ rating: 0, content: "", imageIds: [], restaurantId: null, restaurantQuery: "" });
    expect(blank.dishes).toHaveLength(5);
    const fromDish = initialReviewState({ restaurantId: 7, restaurantName: "Dishoom", dishId: 42 });
    expect(fromDish.restaurant.restaurantId).toBe(7);
    expect(fromDish.restaurant.restaurantQuery).toBe("Dishoom");
    expect(fromDish.dishes[0]!.dishId).toBe(42);
    expect(fromDish.dishes[1]!.dishId).toBeNull();
  });

  it("goes back to step 1 from Add a Restaurant and Add a Dish, one step otherwise, nowhere from step 0", () => {
    expect(backStep(7)).toBe(1);
    expect(backStep(8)).toBe(1);
    expect(backStep(0)).toBeNull();
    for (const step of [1, 2, 3, 4, 5, 6] as Step[]) expect(backStep(step)).toBe(step - 1);
    const onAddDish = { ...initialReviewState(), step: 8 as Step };
    expect(reviewReducer(onAddDish, { type: "back" }).step).toBe(1);
    const first = initialReviewState();
    expect(reviewReducer(first, { type: "back" })).toBe(first);
  });

  it("adds dish reviews 1 to 5 after the restaurant review, and no sixth", () => {
    expect(nextDishStep(1)).toBe(2);
    expect(nextDishStep(5)).toBe(6);
    expect(nextDishStep(6)).toBeNull();
    expect(nextDishStep(0)).toBeNull();
    expect(nextDishStep(7)).toBeNull();
  });

  it("maps steps to review pages: 1 the restaurant, 2-6 the dishes", () => {
    expect([0, 1, 2, 6, 7, 8].map((s) => pageOfStep(s as Step))).toEqual([null, 0, 1, 5, null, null]);
  });

  it("clears everything on reset, keeping only the page's preset", () => {
    let state = withImages("a", "b");
    state = reviewReducer(state, { type: "rating", page: 0, rating: 40 });
    state = reviewReducer(state, { type: "go", step: 4 });
    const reset = reviewReducer(state, { type: "reset", preset: { restaurantId: 3, restaurantName: "Padella" } });
    expect(reset).toEqual(initialReviewState({ restaurantId: 3, restaurantName: "Padella" }));
  });
});

describe("upload limits (spec point 5)", () => {
  const file = (type: string) => ({ type });

  it("accepts image files, several at once, up to 10 in total", () => {
    expect(admitImages(0, [file("image/png"), file("image/jpeg"), file("image/heic")])).toEqual({
      accepted: [file("image/png"), file("image/jpeg"), file("image/heic")],
      message: null,
    });
    expect(admitImages(7, [file("image/png"), file("image/png"), file("image/png")]).accepted).toHaveLength(3);
  });

  it("adds as many as fit when the batch would pass 10, and says so (issue 24)", () => {
    const three = [file("image/png"), file("image/jpeg"), file("image/webp")];
    expect(admitImages(8, three)).toEqual({
      accepted: three.slice(0, 2),
      message: "You can upload a maximum of 10 images. 2 of the 3 photos you chose were added.",
    });
    expect(admitImages(9, three).message).toBe("You can upload a maximum of 10 images. 1 of the 3 photos you chose was added.");
    expect(admitImages(10, [file("image/png")])).toEqual({ accepted: [], message: UPLOAD_MESSAGES.tooMany });
  });

  it("leaves out files that are not images and counts only images toward the limit", () => {
    const result = admitImages(9, [file("application/pdf"), file("image/png"), file("text/html")]);
    expect(result.accepted).toEqual([file("image/png")]);
    expect(result.message).toBe(UPLOAD_MESSAGES.notImages);
  });

  it("never holds more than 10 photos, whatever is dispatched", () => {
    const ten = withImages(...Array.from({ length: MAX_REVIEW_IMAGES }, (_, i) => `p${i}`));
    expect(ten.images).toHaveLength(10);
    expect(reviewReducer(ten, { type: "addImages", images: [image("extra")] })).toBe(ten);
    const nine = withImages(...Array.from({ length: 9 }, (_, i) => `p${i}`));
    const full = reviewReducer(nine, { type: "addImages", images: [image("x"), image("y")] });
    expect(full.images.map((i) => i.id)).toEqual([...nine.images.map((i) => i.id), "x"]);
  });

  it("words the count uploaded", () => {
    expect(uploadedCountText(1)).toBe("1 image uploaded successfully.");
    expect(uploadedCountText(3)).toBe("3 images uploaded successfully.");
  });
});

describe("photos", () => {
  it("shows the first new photo after an upload", () => {
    const state = reviewReducer(withImages("a", "b"), { type: "addImages", images: [image("c")] });
    expect(state.current).toBe(2);
  });

  it("keeps the index in range when deleting, and drops the photo from every page", () => {
    let state = withImages("a", "b", "c");
    state = reviewReducer(state, { type: "toggleImage", page: 0, id: "c" });
    state = reviewReducer(state, { type: "toggleImage", page: 2, id: "c" });
    expect(state.current).toBe(2);
    state = reviewReducer(state, { type: "removeImage", id: "c" });
    expect(state.images.map((i) => i.id)).toEqual(["a", "b"]);
    expect(state.current).toBe(1);
    expect(state.restaurant.imageIds).toEqual([]);
    expect(state.dishes[1]!.imageIds).toEqual([]);

    state = reviewReducer(state, { type: "show", index: 1 });
    state = reviewReducer(state, { type: "removeImage", id: "a" });
    expect(state.current).toBe(0);
    expect(state.images[state.current]!.id).toBe("b");
    state = reviewReducer(state, { type: "removeImage", id: "b" });
    expect(state.images).toEqual([]);
    expect(state.current).toBe(0);
  });

  it("deleting a photo before the one shown keeps showing the same photo", () => {
    let state = reviewReducer(withImages("a", "b", "c"), { type: "show", index: 2 });
    state = reviewReducer(state, { type: "removeImage", id: "a" });
    expect(state.images[state.current]!.id).toBe("c");
  });

  it("toggles a photo's selection per page, in upload order, and jumps to it", () => {
    let state = withImages("a", "b", "c");
    state = reviewReducer(state, { type: "toggleImage", page: 0, id: "c" });
    state = reviewReducer(state, { type: "toggleImage", page: 0, id: "a" });
    expect(state.restaurant.imageIds).toEqual(["a", "c"]);
    expect(state.current).toBe(0);
    state = reviewReducer(state, { type: "toggleImage", page: 1, id: "b" });
    expect(state.dishes[0]!.imageIds).toEqual(["b"]);
    state = reviewReducer(state, { type: "toggleImage", page: 0, id: "a" });
    expect(state.restaurant.imageIds).toEqual(["c"]);
    expect(reviewReducer(state, { type: "toggleImage", page: 0, id: "nope" })).toBe(state);
    expect(reviewReducer(state, { type: "show", index: 99 }).current).toBe(2);
  });
});

describe("what closing would lose (issue 24)", () => {
  it("counts photos, words and ratings on any page, not a restaurant chosen for the person", () => {
    const blank = initialReviewState({ restaurantId: 3, restaurantName: "Padella", dishId: 9 });
    expect(hasWork(blank)).toBe(false);
    expect(hasWork(reviewReducer(blank, { type: "content", page: 0, content: "   " }))).toBe(false);
    expect(hasWork(withImages("a"))).toBe(true);
    expect(hasWork(reviewReducer(blank, { type: "content", page: 3, content: "Crisp." }))).toBe(true);
    expect(hasWork(reviewReducer(blank, { type: "rating", page: 2, rating: 5 }))).toBe(true);
  });
});

describe("review pages", () => {
  it("keeps ratings whole numbers 0..50 and shows them /10 with one decimal", () => {
    let state = initialReviewState();
    state = reviewReducer(state, { type: "rating", page: 0, rating: 73 });
    expect(state.restaurant.rating).toBe(50);
    state = reviewReducer(state, { type: "rating", page: 3, rating: -4 });
    expect(state.dishes[2]!.rating).toBe(0);
    state = reviewReducer(state, { type: "rating", page: 1, rating: 37.4 });
    expect(state.dishes[0]!.rating).toBe(37);
    expect(formatRating(37)).toBe("3.7");
    expect(formatRating(50)).toBe("5.0");
    expect(formatRating(0)).toBe("0.0");
  });

  it("forgets the dish choices when the restaurant changes, not when it stays", () => {
    let state = initialReviewState({ restaurantId: 1, restaurantName: "A", dishId: 5 });
    state = reviewReducer(state, { type: "restaurantQuery", query: "A ", restaurantId: 1 });
    expect(state.dishes[0]!.dishId).toBe(5);
    state = reviewReducer(state, { type: "restaurantQuery", query: "B", restaurantId: null });
    expect(state.dishes[0]!.dishId).toBeNull();
  });

  it("ignores pages that do not exist", () => {
    const state = initialReviewState();
    expect(reviewReducer(state, { type: "dish", page: 6, dishId: 1 })).toBe(state);
    expect(reviewReducer(state, { type: "rating", page: 6, rating: 10 })).toBe(state);
  });
});
