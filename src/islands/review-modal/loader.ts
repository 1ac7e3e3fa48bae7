// Every "Post a Review" action on any page (the header, restaurant and dish pages): a button
// with data-post-review. This file is all a page carries until someone presses one; the
// modal, React and the API client load on that first press (issue 11: no cost until opened).
import type { ReviewPreset } from "./review-state.ts";

export const TRIGGER_SELECTOR = "[data-post-review]";

function positiveId(value: string | undefined): number | undefined {
  if (!value || !/^[1-9][0-9]{0,14}$/.test(value)) return undefined;
  return Number(value);
}

/** data-restaurant-id, data-restaurant-name and data-dish-id of the pressed button. */
export function presetOf(dataset: DOMStringMap): ReviewPreset {
  const restaurantId = positiveId(dataset.restaurantId);
  const dishId = positiveId(dataset.dishId);
  return {
    ...(restaurantId !== undefined ? { restaurantId, restaurantName: dataset.restaurantName ?? "" } : {}),
    ...(restaurantId !== undefined && dishId !== undefined ? { dishId } : {}),
  };
}

let modal: Promise<typeof import("./open-review-modal.tsx")> | null = null;

/** Listens once per document, so buttons rendered after it is installed work too. */
export function installReviewModalTriggers(doc: Document = document): void {
  doc.addEventListener("click", (event) => {
    const trigger =
      event.target instanceof Element ? event.target.closest<HTMLElement>(TRIGGER_SELECTOR) : null;
    if (!trigger) return;
    event.preventDefault();
    if (trigger.getAttribute("aria-busy") === "true") return;
    trigger.setAttribute("aria-busy", "true");
    modal ??= import("./open-review-modal.tsx");
    modal
      .then(({ openReviewModal }) => openReviewModal(trigger, presetOf(trigger.dataset)))
      .catch((error: unknown) => {
        // Offline or a new deployment removed the old chunk: the next press tries again.
        modal = null;
        console.warn("The review form could not load.", error);
      })
      .finally(() => trigger.removeAttribute("aria-busy"));
  });
}
