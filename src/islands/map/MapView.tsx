// The Map view (issue 31): the page's places on a map, the selected one's card, and the same
// places as a list of buttons, which is how a keyboard or screen reader picks a marker. The
// page's own list stays where it is, the accessible alternative (docs/accessibility.md).
import { useEffect, useMemo, useRef, useState } from "react";
import type { Bounds } from "../../domain/geo-distance.ts";
import { api, outcomeOf } from "../../shared/api-client.ts";
import type { MapPlace } from "../../shared/schemas/map.ts";
import { startMapEngine, type MapEngine } from "./map-engine.ts";
import { mapBoxParam, mapFilterParams, type MapScope } from "./map-request.ts";
import { MAP_FAILED_MESSAGE, MAP_PLACES_FAILED_MESSAGE } from "./map-messages.ts";
import { chooseMapStyle } from "./map-style.ts";
import { listPlaces } from "./list-places.ts";

/** Buttons in the list under the map: the best of what the view shows, a screen's worth. */
export const MAP_LIST_LIMIT = 50;

function ratingText(place: MapPlace): string {
  if (place.rating === 0) return "Not rated yet";
  const out = `${place.rating.toFixed(1)} out of 5`;
  return place.ratingCount > 0
    ? `${out}, ${place.ratingCount} ${place.ratingCount === 1 ? "rating" : "ratings"}`
    : out;
}

function countText(shown: number, capped: boolean): string {
  if (shown === 0) return "No places in this part of the map.";
  const places = `${shown} ${shown === 1 ? "place" : "places"}`;
  return capped ? `The best ${places} here; zoom in to see more.` : `${places} in this part of the map.`;
}

export default function MapView({ scope }: { scope: MapScope }) {
  const canvasRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<MapEngine | null>(null);
  const easeRef = useRef(false);
  const filter = useMemo(() => mapFilterParams(scope, window.location), [scope]);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  const [places, setPlaces] = useState<MapPlace[]>([]);
  const [capped, setCapped] = useState(false);
  const [placesFailed, setPlacesFailed] = useState(false);
  const [selected, setSelected] = useState<MapPlace | null>(null);
  // The engine's click handler reads the latest places without restarting the map.
  const placesRef = useRef(places);
  placesRef.current = places;

  useEffect(() => {
    const element = canvasRef.current;
    if (!element) return;
    let cancelled = false;
    let fitted = false;
    let request: AbortController | null = null;
    const placesIn = async (view: Bounds) => {
      // A list's places are on its page already: shown once, and the view closes in on them.
      if (scope === "list") {
        if (fitted) return;
        fitted = true;
        const own = listPlaces(document);
        setPlaces(own);
        engineRef.current?.showPlaces(own);
        engineRef.current?.fitPlaces(own);
        return;
      }
      const bbox = mapBoxParam(view);
      request?.abort();
      if (!bbox || !filter) return;
      const asking = new AbortController();
      request = asking;
      const outcome = await outcomeOf(
        api.map.places.$get({ query: { bbox, ...filter } }, { init: { signal: asking.signal } }),
      );
      if (cancelled || asking.signal.aborted) return;
      if (outcome.kind !== "ok") {
        setPlacesFailed(true);
        return;
      }
      setPlacesFailed(false);
      setPlaces(outcome.data.places);
      setCapped(outcome.data.capped);
      engineRef.current?.showPlaces(outcome.data.places);
      // The first answer covers London: the view then closes in on where the places are.
      if (!fitted) {
        fitted = true;
        engineRef.current?.fitPlaces(outcome.data.places);
      }
    };
    chooseMapStyle(import.meta.env.PUBLIC_MAP_STYLE_URL, window.location.origin)
      .then(({ style, source }) => {
        element.dataset.mapStyle = source;
        return startMapEngine(element, style, {
          onViewChange: (view) => void placesIn(view),
          onSelect: (id) => {
            easeRef.current = false;
            setSelected((current) => placesRef.current.find((place) => place.id === id) ?? current);
          },
        });
      })
      .then((engine) => {
        if (cancelled) return engine.destroy();
        engineRef.current = engine;
        setStatus("ready");
      })
      .catch((error: unknown) => {
        console.warn("The map could not start.", error);
        if (!cancelled) setStatus("failed");
      });
    return () => {
      cancelled = true;
      request?.abort();
      engineRef.current?.destroy();
      engineRef.current = null;
    };
  }, [filter, scope]);

  useEffect(() => {
    engineRef.current?.select(selected, { ease: easeRef.current });
  }, [selected, status]);

  const choose = (place: MapPlace) => {
    easeRef.current = true;
    setSelected(place);
  };

  return (
    <div className="map-view-body">
      <div
        ref={canvasRef}
        className="map-view-canvas"
        data-map-state={status}
        aria-label="Map of the places on this page"
        role="region"
      />
      {status === "failed" && (
        <p className="map-view-message" role="alert">
          {MAP_FAILED_MESSAGE}
        </p>
      )}
      {!filter && scope === "search" && (
        <p className="map-view-message">Search for something to see it on the map.</p>
      )}
      <p className="map-view-count" role="status">
        {placesFailed
          ? MAP_PLACES_FAILED_MESSAGE
          : status === "ready"
            ? countText(places.length, capped)
            : ""}
      </p>
      <div className="map-view-card-slot" aria-live="polite">
        {selected && (
          <article className="map-view-card" aria-labelledby="map-view-card-name" data-map-card={selected.id}>
            <h3 id="map-view-card-name">{selected.name}</h3>
            <p>{ratingText(selected)}</p>
            <a className="btn btn-primary" href={selected.url}>
              Open {selected.name}
            </a>
          </article>
        )}
      </div>
      {places.length > 0 && (
        <ol className="map-view-places" aria-label="Places on the map">
          {places.slice(0, MAP_LIST_LIMIT).map((place) => (
            <li key={place.id}>
              <button
                type="button"
                className="map-view-place"
                aria-pressed={selected?.id === place.id}
                onClick={() => choose(place)}
              >
                <span className="map-view-place-name">{place.name}</span>
                <span className="map-view-place-rating">{ratingText(place)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
