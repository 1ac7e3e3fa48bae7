import { describe, expect, it } from "vitest";
import {
  clearDraft,
  DRAFT_PHOTO_BUDGET,
  draftKey,
  photoFile,
  readDraft,
  writeDraft,
  type StoredPhoto,
} from "./review-draft.ts";
import {
  initialReviewState,
  reviewReducer,
  STEP,
  type ReviewAction,
  type ReviewImage,
  type ReviewState,
} from "./review-state.ts";

function memoryStore(limit = Infinity) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (value.length > limit) throw new DOMException("full", "QuotaExceededError");
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
}

const image = (id: string): ReviewImage => ({
  id,
  name: `${id}.jpg`,
  previewUrl: `blob:${id}`,
  file: new File(["x"], `${id}.jpg`),
});
const dataUrl = (text: string) => `data:image/jpeg;base64,${btoa(text)}`;
const toImage = (photo: StoredPhoto): ReviewImage => ({
  id: photo.id,
  name: photo.name,
  previewUrl: `blob:new-${photo.id}`,
  file: photoFile(photo),
});
const apply = (state: ReviewState, ...actions: ReviewAction[]) => actions.reduce(reviewReducer, state);

const written = () =>
  apply(
    initialReviewState({ restaurantId: 7, restaurantName: "Dishoom" }),
    { type: "addImages", images: [image("a"), image("b")] },
    { type: "toggleImage", page: 0, id: "b" },
    { type: "rating", page: 0, rating: 42 },
    { type: "content", page: 0, content: "Great daal." },
    { type: "dish", page: 1, dishId: 11 },
    { type: "rating", page: 1, rating: 45 },
    { type: "incentivised", value: true },
    { type: "go", step: STEP.firstDish },
  );

describe("the unsent review kept on this device (issue 24)", () => {
  it("brings back the words, ratings, restaurant, dishes, step and photos", () => {
    const store = memoryStore();
    const photos = new Map([
      ["a", dataUrl("first")],
      ["b", dataUrl("second")],
    ]);
    writeDraft(store, 5, written(), photos, 1000);
    const restored = readDraft(store, 5, toImage);
    expect(restored?.photosNotKept).toBe(0);
    const state = restored!.state;
    expect(state.step).toBe(STEP.firstDish);
    expect(state.restaurant).toEqual(written().restaurant);
    expect(state.dishes).toEqual(written().dishes);
    expect(state.incentivised).toBe(true);
    expect(state.images.map((i) => [i.id, i.name, i.file.type])).toEqual([
      ["a", "a.jpg", "image/jpeg"],
      ["b", "b.jpg", "image/jpeg"],
    ]);
  });

  it("decodes a kept photo into the JPEG file that is uploaded", async () => {
    const file = photoFile({ id: "a", name: "a.jpg", dataUrl: dataUrl("\u00ff\u00d8 jpeg bytes") });
    expect(file.name).toBe("a.jpg");
    expect([...new Uint8Array(await file.arrayBuffer())].slice(0, 2)).toEqual([0xff, 0xd8]);
  });

  it("leaves photos out when they are too large, says how many, and drops their selection", () => {
    const store = memoryStore();
    const big = new Map([
      ["a", dataUrl("x".repeat(DRAFT_PHOTO_BUDGET))],
      ["b", dataUrl("y")],
    ]);
    writeDraft(store, 5, written(), big, 1000);
    const restored = readDraft(store, 5, toImage)!;
    expect(restored.photosNotKept).toBe(2);
    expect(restored.state.images).toEqual([]);
    expect(restored.state.restaurant.imageIds).toEqual([]);
    expect(restored.state.restaurant.content).toBe("Great daal.");
  });

  it("keeps the words without the photos when storage is full", () => {
    const store = memoryStore(5000);
    const photos = new Map([
      ["a", dataUrl("x".repeat(6000))],
      ["b", dataUrl("y")],
    ]);
    writeDraft(store, 5, written(), photos, 1000);
    const restored = readDraft(store, 5, toImage)!;
    expect(restored.photosNotKept).toBe(2);
    expect(restored.state.restaurant.rating).toBe(42);
  });

  it("resumes a half-filled add form at the restaurant review", () => {
    const store = memoryStore();
    writeDraft(store, 5, { ...written(), step: STEP.addDish }, new Map(), 1000);
    expect(readDraft(store, 5, toImage)?.state.step).toBe(STEP.restaurant);
  });

  it("is one person's: another account on the same browser sees none", () => {
    const store = memoryStore();
    writeDraft(store, 5, written(), new Map(), 1000);
    expect(readDraft(store, 6, toImage)).toBeNull();
    expect(store.items.has(draftKey(5))).toBe(true);
  });

  it("goes when there is nothing left to keep, or when posted or discarded", () => {
    const store = memoryStore();
    writeDraft(store, 5, written(), new Map(), 1000);
    writeDraft(store, 5, initialReviewState({ restaurantId: 7, restaurantName: "Dishoom" }), new Map(), 2000);
    expect(store.items.size).toBe(0);
    writeDraft(store, 5, written(), new Map(), 3000);
    clearDraft(store, 5);
    expect(readDraft(store, 5, toImage)).toBeNull();
  });

  it("ignores and removes a damaged draft, and brings back only what has the right form", () => {
    for (const text of ["{", "null", JSON.stringify({ version: 2 })]) {
      const store = memoryStore();
      store.setItem(draftKey(5), text);
      expect(readDraft(store, 5, toImage)).toBeNull();
      expect(store.items.size).toBe(0);
    }
    const store = memoryStore();
    writeDraft(
      store,
      5,
      written(),
      new Map([
        ["a", dataUrl("a")],
        ["b", dataUrl("b")],
      ]),
      1000,
    );
    const tampered = JSON.parse(store.getItem(draftKey(5))!) as {
      photos: StoredPhoto[];
      restaurant: object;
      step: number;
    };
    tampered.photos[0]!.dataUrl = "javascript:alert(1)";
    tampered.restaurant = { rating: 99, content: 7, restaurantId: "7", imageIds: ["b"] };
    tampered.step = 8;
    store.setItem(draftKey(5), JSON.stringify(tampered));
    const state = readDraft(store, 5, toImage)!.state;
    expect(state.images.map((i) => i.id)).toEqual(["b"]);
    expect(state.restaurant).toEqual({
      rating: 50,
      content: "",
      imageIds: ["b"],
      restaurantId: null,
      restaurantQuery: "",
    });
    expect(state.step).toBe(STEP.restaurant);
    expect(state.dishes[0]!.dishId).toBe(11);
  });
});
