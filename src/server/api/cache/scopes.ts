// What a cached read depends on, and what a write changed, in one vocabulary. A read's entry
// carries the scopes of everything its answer shows; a write names the scopes it touched and
// the cache drops exactly the entries that carry one of them (response-cache.ts). Writes name
// facts ("this dish changed"), never cache keys, so a new read cannot be forgotten by a write.

import type { Place } from "../db/queries/ranked-reads.ts";

export type Scope = string & { readonly __scope: unique symbol };

const scope = (text: string) => text as Scope;

export type ItemKind = "dish" | "restaurant" | "offer";

/** Scopes a read declares, besides the items its answer shows. */
export const readScopes = {
  /** An item by id: also the 404 for an id that a later write may create. */
  item: (kind: ItemKind, id: number) => scope(`${kind}:${id}`),
  /** Which items of a kind are in a London-wide ranked list, and in what order. */
  rankedAll: (kind: "dish" | "restaurant") => scope(`list:${kind}:all`),
  rankedWithTag: (kind: "dish" | "restaurant", tagId: number) => scope(`list:${kind}:tag:${tagId}`),
  rankedInPlace: (kind: "dish" | "restaurant", place: Place) =>
    scope(`list:${kind}:${place.kind}:${place.id}`),
  /** A restaurant's dishes: its top dishes, and the price range its page derives from them. */
  dishesOfRestaurant: (restaurantId: number) => scope(`list:dish:restaurant:${restaurantId}`),
  offersOfRestaurant: (restaurantId: number) => scope(`list:offer:restaurant:${restaurantId}`),
  /** Offer lists across restaurants (by tag, search): which offers exist at all. */
  offerLists: scope("list:offer:all"),
  /** Search answers: any change to a kind's names, texts or scores may move them. */
  search: (kind: "dish" | "restaurant") => scope(`search:${kind}`),
  /** Tag names and emoji, shown by tag lists and inside every item. */
  tags: scope("tags"),
  /** How many items carry each tag: which tags a short tag list (home's chips) keeps. */
  tagUsage: scope("tags:usage"),
  /** Region and area names, shown by place lists and inside every item's location. */
  places: scope("places"),
  /**
   * An item's review list: besides the item's own writes, it changes when one of its reviewers
   * goes private or public (their reviews leave or join it; docs/social.md) or changes their
   * photo (each review shows its author's).
   */
  reviewsOf: (kind: "dish" | "restaurant", id: number) => scope(`reviews:${kind}:${id}`),
  /**
   * The transparency report (issue 21): reviews, reports, decisions, appeals, pauses. Dropped by
   * every catalogue write (publishCatalogueChanges) and every moderation write.
   */
  transparency: scope("transparency"),
} as const;

/** The scopes an answer shows by the items in it: each item, and the restaurant it names. */
export function itemScopes(kind: ItemKind, answer: unknown): Scope[] {
  const items = Array.isArray(answer) ? answer : answer === null || answer === undefined ? [] : [answer];
  const out = new Set<Scope>([readScopes.tags, readScopes.places]);
  for (const item of items as { id: number; restaurantId?: number }[]) {
    out.add(readScopes.item(kind, item.id));
    // Dishes and offers show their restaurant's name, address, logo or rating.
    if (item.restaurantId !== undefined) out.add(readScopes.item("restaurant", item.restaurantId));
  }
  return [...out];
}

export interface ChangedDish {
  id: number;
  restaurantId: number;
  tagIds: readonly number[];
  areaId: number;
  regionId: number;
}

export interface ChangedRestaurant {
  id: number;
  tagIds: readonly number[];
  areaId: number;
  regionId: number;
}

function rankedScopes(
  kind: "dish" | "restaurant",
  item: { tagIds: readonly number[]; areaId: number; regionId: number },
) {
  return [
    readScopes.rankedAll(kind),
    ...item.tagIds.map((tagId) => readScopes.rankedWithTag(kind, tagId)),
    readScopes.rankedInPlace(kind, { kind: "area", id: item.areaId }),
    readScopes.rankedInPlace(kind, { kind: "region", id: item.regionId }),
    readScopes.search(kind),
  ];
}

/** Scopes a write declares: the facts it changed, each expanded to every read that shows them. */
export const changeScopes = {
  /**
   * A dish was created, rated or edited: it, its restaurant's dishes (their order, and the
   * restaurant's price range, which reads that list), and its ranked lists.
   */
  dish: (dish: ChangedDish): Scope[] => [
    readScopes.item("dish", dish.id),
    readScopes.dishesOfRestaurant(dish.restaurantId),
    ...rankedScopes("dish", dish),
  ],
  /** A restaurant was created, rated or edited: it, what shows it (its dishes, offers), its lists. */
  restaurant: (restaurant: ChangedRestaurant): Scope[] => [
    readScopes.item("restaurant", restaurant.id),
    readScopes.offersOfRestaurant(restaurant.id),
    ...rankedScopes("restaurant", restaurant),
  ],
  /**
   * How a person's reviews show changed: who may see them (privacy) or the author's photo on
   * them. The review lists of the items they reviewed; rankings count reviews, not authors.
   */
  reviewer: (items: { dishIds: readonly number[]; restaurantIds: readonly number[] }): Scope[] => [
    ...items.dishIds.map((id) => readScopes.reviewsOf("dish", id)),
    ...items.restaurantIds.map((id) => readScopes.reviewsOf("restaurant", id)),
  ],
  offer: (offer: { id: number; restaurantId: number }): Scope[] => [
    readScopes.item("offer", offer.id),
    readScopes.offersOfRestaurant(offer.restaurantId),
    readScopes.offerLists,
  ],
} as const;
