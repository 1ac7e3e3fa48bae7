// A station, a postcode district or an area, with suggestions as you type (issue 31): a
// combobox like the keyword box (KeywordField.tsx). The list opens in the flow, under the box,
// so it covers nothing the keyboard goes to next, and closes when the focus leaves the box.
import { useState, type FocusEvent, type RefObject } from "react";
import { usePlaceSuggestions, type PlaceSuggestion } from "./use-place-suggestions.ts";

const KIND_LABELS: Record<PlaceSuggestion["kind"], string> = {
  station: "Station",
  district: "Postcode",
  area: "Area",
};

export function PlaceField({
  id,
  label,
  inputRef,
  onChoose,
  describedBy,
}: {
  id: string;
  label: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  onChoose: (place: PlaceSuggestion) => void;
  describedBy?: string;
}) {
  const [text, setText] = useState("");
  const suggest = usePlaceSuggestions(text, (place) => {
    setText(place.label);
    onChoose(place);
  });
  const listId = `${id}-places`;
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) suggest.setOpen(false);
  };

  return (
    <div className="place-field" onBlur={onBlur}>
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="text"
        autoComplete="off"
        placeholder="King's Cross, N1, Soho…"
        value={text}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={suggest.shown}
        aria-controls={listId}
        aria-activedescendant={suggest.shown && suggest.active >= 0 ? `${listId}-${suggest.active}` : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          setText(event.target.value);
          suggest.typed(event.target.value);
        }}
        onFocus={() => suggest.setOpen(true)}
        onKeyDown={suggest.onKeyDown}
      />
      {/* tabIndex -1: the focus stays in the box (aria-activedescendant points into the list). */}
      <ul className="place-field__list" id={listId} role="listbox" aria-label="Places" tabIndex={-1} hidden={!suggest.shown}>
        {suggest.places.map((place, index) => (
          <li
            key={`${place.kind}-${place.value}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === suggest.active}
            className="place-field__option"
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => suggest.choose(place)}
          >
            <span className="place-field__name">
              {place.label}
              {place.lines.length > 0 && <span className="place-field__lines">{place.lines.join(", ")}</span>}
            </span>
            <span className="place-field__kind">{KIND_LABELS[place.kind]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
