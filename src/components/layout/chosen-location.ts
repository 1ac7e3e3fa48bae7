// The visitor's location (issue 24): the region chosen through the header's Change, kept on
// this device (localStorage) so every page's label shows it and "Explore near me" starts
// there. "" is all of London. Nothing is sent anywhere: it is a preference of this browser.
// Issue 31: Change chooses a station, postcode district or area (the location picker,
// src/client/place-field/); its name is the label, and a station or district is also kept as
// the place the lists measure distances from (near-place.ts), so the two never disagree.
import { forgetPlace, rememberPlace } from "../../client/near-place.ts";

const STORAGE_KEY = "dishcovery.location";
const CHANGED_EVENT = "dishcovery:location";
/** The label before anything is chosen (spec point 9's default). */
export const DEFAULT_LOCATION_LABEL = "London, Islington";

/** The remembered region, "" for all of London, or null when nothing was chosen. */
export function readChosenLocation(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeLabel(label: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, label);
  } catch {
    // Storage refused (private mode, full): the label still changes on this page.
  }
  window.dispatchEvent(new CustomEvent(CHANGED_EVENT, { detail: label }));
}

/** A region (the search bar's list) or "" for all of London: no station or district any more. */
export function saveChosenLocation(region: string): void {
  forgetPlace();
  storeLabel(region);
}

/** A place from the location picker: a station or district is kept for distances, an area by name. */
export function saveChosenPlace(place: {
  kind: "station" | "district" | "area";
  value: string;
  label: string;
}): void {
  if (place.kind === "area") forgetPlace();
  else rememberPlace({ kind: place.kind, value: place.value, label: place.label });
  storeLabel(place.label);
}

/** What the header shows for a choice. */
export function locationLabel(chosen: string | null): string {
  if (chosen === null) return DEFAULT_LOCATION_LABEL;
  return chosen === "" ? "London" : chosen;
}

/** Calls `apply` with the remembered choice now, and again whenever it changes (any tab). */
export function watchChosenLocation(apply: (chosen: string | null) => void): void {
  apply(readChosenLocation());
  window.addEventListener(CHANGED_EVENT, (event) => apply((event as CustomEvent<string>).detail));
  window.addEventListener("storage", (event) => {
    if (event.key === STORAGE_KEY) apply(event.newValue);
  });
}
