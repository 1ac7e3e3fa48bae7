// The list page's sort (issue 32): by date added (newest first, as the API answers), by rating
// (best first) or by distance from a position (nearest first); what a sort cannot place (no
// rating yet, no position, a removed item) goes last in its added order. Pure, so it is tested
// without a page; loader.ts reads the items' data attributes and moves the markup.
import { distanceMeters, type LatLng } from "../../domain/geo-distance.ts";
import type { ListSort } from "../../domain/lists.ts";

export interface SortableItem {
  added: string;
  rating: number | null;
  position: LatLng | null;
}

export const SORT_LABELS: Record<ListSort, string> = {
  added: "Sorted by date added, newest first",
  rating: "Sorted by rating, best first",
  distance: "Sorted by distance from you, nearest first",
};

/** The items in their new order, and each one's distance when sorted by it. */
export function sortListItems<T extends SortableItem>(
  items: T[],
  sort: ListSort,
  place?: LatLng,
): { order: T[]; distances: Map<T, number> } {
  const distances = new Map<T, number>();
  if (sort === "distance" && place) {
    for (const item of items) if (item.position) distances.set(item, distanceMeters(place, item.position));
  }
  const byAdded = [...items].sort((a, b) => b.added.localeCompare(a.added));
  if (sort === "added") return { order: byAdded, distances };
  const value = (item: T) => (sort === "rating" ? item.rating : (distances.get(item) ?? null));
  const direction = sort === "rating" ? -1 : 1;
  const order = byAdded.sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1;
    return (va - vb) * direction;
  });
  return { order, distances };
}
