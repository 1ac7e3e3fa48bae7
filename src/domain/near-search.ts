// "Near" for lists and search (issue 31, spec: the distance filter's options). Pure: no I/O.

/** The spec's distance options: < 1, < 2, < 3, < 5 and < 10 km. */
export const RADIUS_OPTIONS_KM = [1, 2, 3, 5, 10] as const;
export type RadiusKm = (typeof RADIUS_OPTIONS_KM)[number];
export const MAX_RADIUS_KM = 10;

/**
 * The radius when a place is given without one: "near King's Cross" means a walk, and 2 km is
 * the spec's second option, about 25 minutes on foot.
 */
export const DEFAULT_RADIUS_KM: RadiusKm = 2;

export type NearSort = "distance";
