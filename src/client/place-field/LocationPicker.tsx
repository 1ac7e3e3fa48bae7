// The location picker (issue 31): the header's Change and home's "Explore near me" choose where
// the visitor is with the same place box the search results use (PlaceField: a station, a
// postcode district or an area, suggested as they type), or all of London. The choice is
// remembered on this device as the header's location always was (chosen-location.ts).
import { useEffect, useId, useRef } from "react";
import { saveChosenLocation, saveChosenPlace } from "../../components/layout/chosen-location.ts";
import { PlaceField } from "./PlaceField.tsx";

export const LOCATION_PICKER_LABEL = "Station, postcode district or area";

export function LocationPicker({ onDone, focus = true }: { onDone: () => void; focus?: boolean }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // Opened by Change: the box takes the focus, so typing starts at once.
  useEffect(() => {
    if (focus) inputRef.current?.focus();
  }, [focus]);
  return (
    <div className="location-picker__body">
      <PlaceField
        id={id}
        label={LOCATION_PICKER_LABEL}
        inputRef={inputRef}
        onChoose={(place) => {
          saveChosenPlace(place);
          onDone();
        }}
      />
      <button
        type="button"
        className="btn btn-secondary location-picker__london"
        onClick={() => {
          saveChosenLocation("");
          onDone();
        }}
      >
        All of London
      </button>
    </div>
  );
}
