// The place box's suggestions (issue 31): stations, postcode districts and areas as you type
// (GET /api/places/suggest), asked at most once per 150 ms with the request before aborted, as
// the keyword box asks (suggestion-requests.ts); arrows move, Enter or a click chooses, Escape
// closes (listbox-keys.ts).
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { moveActiveIndex } from "../listbox-keys.ts";
import { api, outcomeOf } from "../../shared/api-client.ts";
import type { placeSuggestionSchema } from "../../shared/schemas/near-queries.ts";
import type * as z from "../../shared/schemas/zod.ts";
import { suggestionRequester, type SuggestionRequester } from "../suggestion-requests.ts";

export type PlaceSuggestion = z.output<typeof placeSuggestionSchema>;

async function fetchPlaces(q: string, signal: AbortSignal): Promise<PlaceSuggestion[]> {
  const outcome = await outcomeOf(api.places.suggest.$get({ query: { q } }, { init: { signal } }));
  return outcome.kind === "ok" ? outcome.data : [];
}

export function usePlaceSuggestions(text: string, onChoose: (place: PlaceSuggestion) => void) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [places, setPlaces] = useState<PlaceSuggestion[]>([]);
  const requester = useRef<SuggestionRequester | null>(null);

  useEffect(() => {
    const made = suggestionRequester({ fetch: fetchPlaces, show: setPlaces });
    requester.current = made;
    return () => made.stop();
  }, []);

  const shown = open && places.length > 0 && text.trim().length > 0;
  const choose = (place: PlaceSuggestion) => {
    setOpen(false);
    onChoose(place);
  };
  const typed = (value: string) => {
    requester.current?.typed(value);
    setOpen(true);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape" && shown) {
      event.preventDefault();
      setOpen(false);
      return;
    }
    if (event.key === "Enter" && shown) {
      event.preventDefault();
      const chosen = places[Math.max(0, active)];
      if (chosen) choose(chosen);
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const next = moveActiveIndex(event.key, active, places.length);
    if (next === null) return;
    event.preventDefault();
    setOpen(true);
    setActive(next);
  };

  return { places, shown, active, setOpen, choose, typed, onKeyDown };
}
