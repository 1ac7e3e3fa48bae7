// The keyword box's suggestions (spec point 4): cuisines and dishes matching what is typed,
// moved through with the arrow keys, chosen with Enter or a click, closed with Escape.
import { useMemo, useState, type KeyboardEvent } from "react";
import { moveActiveIndex } from "./listbox-keys.ts";
import { filterSuggestions } from "./suggestions.ts";

export function useKeywordSuggestions(
  keyword: string,
  tagNames: string[],
  dishNames: string[],
  onChoose: (label: string) => void,
) {
  const [suggestOpen, setSuggestOpen] = useState(false);
  const [activeSuggestion, setActiveSuggestion] = useState(-1);
  const suggestions = useMemo(() => filterSuggestions(keyword, tagNames, dishNames), [keyword, tagNames, dishNames]);
  const showSuggestions = suggestOpen && suggestions.length > 0;

  const chooseSuggestion = (label: string) => {
    setSuggestOpen(false);
    onChoose(label);
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
      if (chosen) chooseSuggestion(chosen.label);
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
  };
}
