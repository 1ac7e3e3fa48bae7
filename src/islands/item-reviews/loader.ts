// What a dish or restaurant page carries for its reviews until they come into view: this
// file. React, the list and the API client load when the section nears the viewport, so a
// visitor who never scrolls to it pays nothing (issue 11; the same bargain as Astro's
// client:visible, without an <astro-island> that stays unhydrated below the fold).
import { idFromPath } from "./item-id.ts";
import type { ItemKind } from "./reviews-api.ts";

export const MOUNT_SELECTOR = "[data-item-reviews]";
/** Start loading a little before the section scrolls in, so it is ready when seen. */
const ROOT_MARGIN = "400px 0px";

export interface MountPoint {
  kind: ItemKind;
  itemId: number;
}

/**
 * The item a mount point shows: its kind from the page, its id from the address (a page
 * rendered on demand comes from a template that could not know the id when it was built).
 */
export function mountPointOf(dataset: DOMStringMap, pathname: string): MountPoint | null {
  const kind = dataset.itemReviews;
  if (kind !== "dish" && kind !== "restaurant") return null;
  const itemId = idFromPath(pathname, kind);
  return itemId === null ? null : { kind, itemId };
}

async function mount(element: HTMLElement, point: MountPoint): Promise<void> {
  const { mountItemReviews } = await import("./mount.tsx");
  mountItemReviews(element, point);
}

export function installItemReviews(doc: Document = document): void {
  for (const element of doc.querySelectorAll<HTMLElement>(MOUNT_SELECTOR)) {
    const point = mountPointOf(element.dataset, doc.location.pathname);
    if (!point) continue;
    const start = () =>
      mount(element, point).catch((error: unknown) => {
        // Offline or a new deployment removed the old chunk: say so where the list would be.
        element.querySelector("[data-item-reviews-state]")?.replaceChildren("Failed to fetch reviews.");
        console.warn("The reviews could not load.", error);
      });
    if (typeof IntersectionObserver === "undefined") {
      void start();
      continue;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void start();
      },
      { rootMargin: ROOT_MARGIN },
    );
    observer.observe(element);
  }
}
