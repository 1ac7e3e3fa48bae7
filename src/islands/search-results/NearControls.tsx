// The lists' "near" controls (issue 31): Near me, a station, postcode district or area to
// search near, then how far (the spec's < 1 to < 10 km) and whether nearest comes first. Every
// choice goes into the page address (near-place.ts), which the lists read, so it combines with
// the price, open now and diet filters already there and can be shared.
import { useId, useRef, useState } from "react";
import { askPosition } from "../../client/near-me.ts";
import { nearHref, rememberPlace, type Near, type NearPlace } from "../../client/near-place.ts";
import { DEFAULT_RADIUS_KM, RADIUS_OPTIONS_KM, type RadiusKm } from "../../domain/near-search.ts";
import { PlaceField } from "../../client/place-field/PlaceField.tsx";
import type { PlaceSuggestion } from "../../client/place-field/use-place-suggestions.ts";
import "../../client/place-field/place-field.css";

const go = (href: string) => window.location.assign(href);
const here = () => ({ search: window.location.search, pathname: window.location.pathname });

/** An area is the lists' own location filter; a station or district is a place to be near. */
function hrefForSuggestion(place: PlaceSuggestion, near: Near | null): string {
  const { search, pathname } = here();
  if (place.kind === "area") {
    const params = new URLSearchParams(nearHref(search, pathname, null).split("?")[1] ?? "");
    params.set("location", place.value);
    return `${pathname}?${params.toString()}`;
  }
  const chosen: NearPlace = { kind: place.kind, value: place.value, label: place.label };
  rememberPlace(chosen);
  return nearHref(search, pathname, { ...near, place: chosen });
}

export function NearControls({ near }: { near: Near | null }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const placeRef = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;

  const nearMe = async () => {
    if (busy) return;
    setBusy(true);
    setError("");
    const outcome = await askPosition();
    setBusy(false);
    if (outcome.kind === "place") return go(nearHref(here().search, here().pathname, { ...near, place: outcome.place }));
    setError(outcome.message);
    placeRef.current?.focus();
  };

  return (
    <div className="near-controls" role="group" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="near-controls__title">
        {near ? `Near ${near.place.label}` : "Near a place"}
      </h2>
      <div className="near-controls__pick">
        <button
          type="button"
          className="btn btn-secondary near-controls__me"
          aria-disabled={busy || undefined}
          onClick={() => void nearMe()}
        >
          {busy ? "Finding you…" : "Near me"}
        </button>
        <PlaceField
          id={id}
          label={near ? "Or near somewhere else" : "Or a station, postcode district or area"}
          inputRef={placeRef}
          describedBy={error ? errorId : undefined}
          onChoose={(place) => go(hrefForSuggestion(place, near))}
        />
      </div>
      {error && (
        <p className="near-controls__error" id={errorId} role="alert">
          {error}
        </p>
      )}
      {near && <DistanceForm near={near} />}
    </div>
  );
}

/** How far and in what order: applied with its button, so nothing moves while choosing. */
function DistanceForm({ near }: { near: Near }) {
  const id = useId();
  const [radiusKm, setRadiusKm] = useState<RadiusKm>(near.radiusKm ?? DEFAULT_RADIUS_KM);
  const [byDistance, setByDistance] = useState(near.sort === "distance");
  return (
    <form
      className="near-controls__distance"
      onSubmit={(event) => {
        event.preventDefault();
        const { search, pathname } = here();
        go(nearHref(search, pathname, { place: near.place, radiusKm, ...(byDistance ? { sort: "distance" } : {}) }));
      }}
    >
      <label htmlFor={`${id}-radius`}>Distance</label>
      <select id={`${id}-radius`} value={radiusKm} onChange={(event) => setRadiusKm(Number(event.target.value) as RadiusKm)}>
        {RADIUS_OPTIONS_KM.map((km) => (
          <option key={km} value={km}>{`< ${km} km`}</option>
        ))}
      </select>
      <label className="near-controls__sort">
        <input type="checkbox" checked={byDistance} onChange={(event) => setByDistance(event.target.checked)} />
        Sort by distance
      </label>
      <button type="submit" className="btn btn-primary">
        Apply
      </button>
      <a className="near-controls__clear" href={nearHref(here().search, here().pathname, null)}>
        Clear place
      </a>
    </form>
  );
}
