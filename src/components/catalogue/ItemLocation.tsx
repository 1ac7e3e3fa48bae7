// Where a restaurant (or a dish's restaurant) is, the London way (issue 31): its postcode
// district, the stations within a walk with their lines, and a "Directions" link that hands the
// coordinates to the phone's map app. The same component for prerendered and on-demand pages.
import type { ItemPlace } from "./page-data.ts";
import { formatDistance } from "../../domain/geo-distance.ts";
import { isWithinStationWalk } from "../../domain/station-pages.ts";

/**
 * A Google Maps URL (maps/dir, api=1): the documented cross-platform form that opens the maps
 * app on Android and iOS, and the web map elsewhere. A link, no script: nothing loads until
 * someone follows it. A geo: URI would do nothing on iOS or a desktop.
 */
export function directionsUrl(position: { lat: number; lng: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${position.lat},${position.lng}`;
}

export function ItemLocation({ place, name }: { place: ItemPlace | undefined; name: string }) {
  if (!place) return null;
  const { postcodeDistrict, position, nearestStations } = place;
  if (!position && !postcodeDistrict) return null;
  return (
    <section className="cat-block item-location" aria-labelledby="item-location-title">
      <h2 id="item-location-title">Getting there</h2>
      {postcodeDistrict && (
        <p className="item-location__district">
          Postcode district <strong>{postcodeDistrict}</strong>
          {position?.pinSource === "district" && (
            <span className="item-location__pin"> · Pin at the district's centre</span>
          )}
        </p>
      )}
      {nearestStations.length > 0 ? (
        <ul className="item-location__stations" aria-label="Nearest stations">
          {nearestStations.map((station) => (
            <li key={station.slug}>
              <span className="item-location__station">
                {/* A station within a walk has a page listing this place among its best
                    (/station/{slug}); one further away may have none. */}
                {isWithinStationWalk(station.distanceMeters) ? (
                  <a className="item-location__name" href={`/station/${station.slug}`}>
                    {station.name}
                  </a>
                ) : (
                  <span className="item-location__name">{station.name}</span>
                )}
                <span className="item-location__walk">
                  {formatDistance(station.distanceMeters)} · {station.walkingMinutes} min walk
                </span>
              </span>
              <span className="item-location__lines">{station.lines.join(", ")}</span>
            </li>
          ))}
        </ul>
      ) : (
        position && <p className="muted">No station within a 25-minute walk.</p>
      )}
      {position && (
        <a
          className="btn btn-secondary item-location__directions"
          href={directionsUrl(position)}
          rel="noopener"
        >
          Directions<span className="visually-hidden"> to {name} (opens your map app)</span>
        </a>
      )}
    </section>
  );
}
