// Restaurant search with suggestions from GET /restaurants/names (WAI-ARIA combobox with a
// listbox): typing asks the API for names starting with the text, arrows move, Enter or a
// click chooses, Escape closes the list without closing the dialog.
import { useEffect, useId, useRef, useState } from "react";
import type { RestaurantName } from "../../shared/schemas/reviews.ts";
import { moveActiveIndex } from "../../client/listbox-keys.ts";
import { restaurantNames } from "./review-api.ts";
import { exactRestaurant } from "./submission.ts";

/** Enough to skip a request per keystroke while typing, short enough to feel immediate. */
const SUGGEST_DELAY_MS = 200;

interface Props {
  token: string;
  label: string;
  query: string;
  restaurantId: number | null;
  onChange: (query: string, restaurantId: number | null) => void;
  error?: string;
  hint?: string;
  required?: boolean;
}

export function RestaurantCombobox({ token, label, query, restaurantId, onChange, error, hint, required }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [options, setOptions] = useState<RestaurantName[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loadError, setLoadError] = useState<string | null>(null);
  const asked = useRef(0);
  // The request depends on the text only; the parent's callback is a new function each render.
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;

  useEffect(() => {
    const text = query.trim();
    if (!open || text === "" || restaurantId !== null) return;
    const ticket = ++asked.current;
    const timer = setTimeout(async () => {
      const result = await restaurantNames(token, text);
      if (ticket !== asked.current) return;
      if (!result.ok) {
        setLoadError(result.message);
        setOptions([]);
        return;
      }
      setLoadError(null);
      setOptions(result.data);
      setActive(-1);
      // Typing a full name is as good as choosing it.
      const exact = exactRestaurant(text, result.data);
      if (exact) latestOnChange.current(query, exact.id);
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, open, restaurantId, token]);

  const choose = (option: RestaurantName) => {
    onChange(option.name, option.id);
    setOpen(false);
    setActive(-1);
  };

  const expanded = open && options.length > 0 && restaurantId === null;
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : "", loadError ? `${id}-load` : ""].filter(Boolean).join(" ");

  return (
    <div className="rm-field rm-combobox">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="rm-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        value={query}
        onChange={(event) => {
          onChange(event.currentTarget.value, null);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && expanded) {
            // Closes the list, not the dialog.
            event.preventDefault();
            event.stopPropagation();
            setOpen(false);
            return;
          }
          if (event.key === "Enter" && expanded && active >= 0) {
            event.preventDefault();
            choose(options[active]!);
            return;
          }
          if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
          if (!open) setOpen(true);
          const next = moveActiveIndex(event.key, active, options.length);
          if (next !== null) {
            event.preventDefault();
            setActive(next);
          }
        }}
      />
      <ul className="rm-listbox" id={listId} role="listbox" aria-label={`${label} suggestions`} hidden={!expanded}>
        {options.map((option, i) => (
          <li
            key={option.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
          >
            {option.name}
          </li>
        ))}
      </ul>
      {restaurantId !== null && (
        <p className="rm-chosen">
          <span aria-hidden="true">✓</span> Chosen: {query}
        </p>
      )}
      {loadError && (
        <p className="rm-error" id={`${id}-load`} role="alert">
          {loadError}
        </p>
      )}
      {error && (
        <p className="rm-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
