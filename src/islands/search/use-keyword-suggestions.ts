// The keyword box's suggestions (spec point 4, issue 23): cuisines, dishes, restaurants and
// areas from the live catalogue (GET /api/search/suggestions), asked at most once per 150 ms
// of typing with the request before aborted (suggestion-requests.ts); moved through with the
// arrow keys, chosen with Enter or a click, closed with Escape.
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { api, outcomeOf } from "../../shared/api-client.ts";
import type { Suggestion } from "../../shared/schemas/search-suggestions.ts";
import { moveActiveIndex } from "../../client/listbox-keys.ts";
import { suggestionRequester, type SuggestionRequester } from "../../client/suggestion-requests.ts";

async function fetchSuggestions(keyword: string, signal: AbortSignal): Promise<Suggestion[]> {
  const outcome = await outcomeOf(api.search.suggestions.$get({ query: { keyword } }, { init: { signal } }));
  // Over the search limit, or offline: no suggestions, and the box works as a plain search.
  return outcome.kind === "ok" ? outcome.data : [];
}

export function useKeywordSuggestions(keyword: string, onChoose: (suggestion: Suggestion) => void) {
  const [suggestOpen, setSuggestOpen] = useState(false);
  const [activeSuggestion, setActiveSuggestion] = useState(-1);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const requester = useRef<SuggestionRequester | null>(null);

  useEffect(() => {
    const made = suggestionRequester({ fetch: fetchSuggestions, show: setSuggestions });
    requester.current = made;
    return () => made.stop();
  }, []);
  // Only what the person typed asks: not the keyword read from the URL on the results page.
  const typed = (text: string) => requester.current?.typed(text);

  const showSuggestions = suggestOpen && suggestions.length > 0 && keyword.trim().length > 0;

  const chooseSuggestion = (suggestion: Suggestion) => {
    setSuggestOpen(false);
    onChoose(suggestion);
  };

  const onKeywordKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape" && showSuggestions) {
      event.preventDefault();
      setSuggestOpen(false);
      return;
    }
    if (event.key === "Enter" && showSuggestions && activeSuggestion >= 0) {
      event.preventDefault();
      const chosen = suggestions[activeSuggestion];
      if (chosen) chooseSuggestion(chosen);
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const next = moveActiveIndex(event.key, activeSuggestion, suggestions.length);
    if (next === null) return;
    event.preventDefault();
    setSuggestOpen(true);
    setActiveSuggestion(next);
  };

  return {
    suggestOpen,
    setSuggestOpen,
    activeSuggestion,
    setActiveSuggestion,
    suggestions,
    showSuggestions,
    chooseSuggestion,
    onKeywordKeyDown,
    typed,
  };
}
