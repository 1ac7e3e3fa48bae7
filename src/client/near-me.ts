// "Near me" (issue 31): the browser's position, asked only when someone presses the button,
// rounded on the device (near-place.ts) before anything is done with it. A refusal, a timeout or
// no geolocation at all comes back as a message, so the page offers a station or area instead.
import { MY_POSITION_LABEL, roundCoordinate, type NearPlace } from "./near-place.ts";

export const LOCATION_REFUSED_MESSAGE =
  "Your location wasn't shared. Choose a station, postcode district or area instead.";
export const LOCATION_FAILED_MESSAGE =
  "We couldn't find your location. Choose a station, postcode district or area instead.";

export type NearMeOutcome = { kind: "place"; place: NearPlace } | { kind: "failed"; message: string };

export function askPosition(geolocation: Geolocation | undefined = navigator.geolocation): Promise<NearMeOutcome> {
  if (!geolocation) return Promise.resolve({ kind: "failed", message: LOCATION_FAILED_MESSAGE });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          kind: "place",
          place: {
            kind: "position",
            lat: roundCoordinate(coords.latitude),
            lng: roundCoordinate(coords.longitude),
            label: MY_POSITION_LABEL,
          },
        }),
      (error) =>
        resolve({
          kind: "failed",
          message: error.code === error.PERMISSION_DENIED ? LOCATION_REFUSED_MESSAGE : LOCATION_FAILED_MESSAGE,
        }),
      // Coarse is enough (the position is rounded to ~100 m) and answers faster, on less power.
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  });
}
