// What a tag or area page carries for its filters (issue 24): this file. The page's lists are
// prerendered unfiltered; only an address with filters loads React, the cards and the API
// client (mount-filtered-lists.tsx), so the everyday page pays for none of it.
import {
  FILTER_FAILED_MESSAGE,
  hasListFilters,
  readListFilters,
} from "../../components/filters/list-filters.ts";

export const FILTERED_LISTS_SELECTOR = "[data-filtered-lists]";

export function installFilteredLists(doc: Document = document): void {
  const element = doc.querySelector<HTMLElement>(FILTERED_LISTS_SELECTOR);
  if (!element || !hasListFilters(readListFilters(doc.location.search))) return;
  // The unfiltered lists go at once, not when React has loaded.
  for (const list of doc.querySelectorAll<HTMLElement>("[data-unfiltered]")) list.hidden = true;
  import("./mount-filtered-lists.tsx")
    .then(({ mountFilteredLists }) => mountFilteredLists(element))
    .catch((error: unknown) => {
      // Offline, or a new deployment removed the old chunk: the unfiltered lists stay.
      element.replaceChildren(FILTER_FAILED_MESSAGE);
      console.warn("The filtered lists could not load.", error);
    });
}
