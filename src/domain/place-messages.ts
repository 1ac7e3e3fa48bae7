// What the API and forms say about places (issue 31): a postcode outside London, and the
// "near" parameters of the lists. Pure: no I/O.
import { MAX_RADIUS_KM, RADIUS_OPTIONS_KM } from "./near-search.ts";

export const PLACE_MESSAGES = {
  postCodeNotInLondon: "PostCode must be a London postcode, such as N1 9GU.",
  latitude: "must be a latitude from -90 to 90",
  longitude: "must be a longitude from -180 to 180",
  latLngTogether: "lat and lng go together: give both or neither",
  outsideLondon: "is outside London: Dishcovery lists places in Greater London only",
  unknownStation: (slug: string) => `no station "${slug}": use a slug from /api/places/suggest`,
  unknownDistrict: (district: string) => `no London postcode district "${district}"`,
  onePlace: "give one place: lat and lng, station, or district",
  radius: `must be one of ${RADIUS_OPTIONS_KM.join(", ")} (km), at most ${MAX_RADIUS_KM}`,
  radiusNeedsPlace: "needs a place: lat and lng, station, or district",
  placeWithRestaurant: "lists one restaurant's dishes: give no place with it",
  distanceSortNeedsPlace: "sort=distance needs a place: lat and lng, station, or district",
} as const;
