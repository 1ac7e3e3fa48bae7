// What a tag or area page carries for its filters (issue 24): this file. The page's lists are
// prerendered unfiltered; only an address with filters, or with a place (issue 31), loads
// React, the cards and the API client (mount-filtered-lists.tsx), so the everyday page pays
// for none of it. With neither, a station or district chosen through the header's Change is
// offered as a link: the lists within a walk of it, each card with its distance.
import {
  FILTER_FAILED_MESSAGE,
  hasListFilters,
  readListFilters,
} from "../../components/filters/list-filters.ts";
import { watchChosenLocation } from "../../components/layout/chosen-location.ts";
import { nearHref, readNear, readRememberedPlace } from "../../client/near-place.ts";
import { DEFAULT_RADIUS_KM } from "../../domain/near-search.ts";

export const FILTERED_LISTS_SELECTOR = "[data-filtered-lists]";

/** The link to these lists near the remembered place, or nothing when none is remembered. */
function offerRememberedPlace(element: HTMLElement, doc: Document): void {
  const place = readRememberedPlace();
  if (!place) return element.replaceChildren();
  const { search, pathname } = doc.location;
  const offer = doc.createElement("p");
  offer.className = "near-offer";
  const link = doc.createElement("a");
  link.href = nearHref(search, pathname, { place });
  link.textContent = `Show what's within ${DEFAULT_RADIUS_KM} km of ${place.label}, with distances`;
  offer.append(link);
  element.replaceChildren(offer);
}

export function installFilteredLists(doc: Document = document): void {
  const element = doc.querySelector<HTMLElement>(FILTERED_LISTS_SELECTOR);
  if (!element) return;
  const search = doc.location.search;
  if (!hasListFilters(readListFilters(search)) && !readNear(search)) {
    watchChosenLocation(() => offerRememberedPlace(element, doc));
    return;
  }
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
