// The search bar's keyword box (spec points 4 and 5): a combobox whose suggestions close when
// the focus leaves the box, so they never cover what the keyboard goes to next (WCAG 2.4.11,
// 1.4.13).
import type { FocusEvent, RefObject } from "react";
import type { SuggestionKind } from "../../shared/schemas/search-suggestions.ts";
import type { useKeywordSuggestions } from "./use-keyword-suggestions.ts";

/** What each kind of suggestion is called beside its name. */
const KIND_LABELS: Record<SuggestionKind, string> = {
  tag: "Cuisine",
  dish: "Dish",
  restaurant: "Restaurant",
  area: "Area",
};

export function KeywordField({
  id,
  keyword,
  error,
  errorId,
  keywordRef,
  keywordBoxRef,
  suggest,
  onType,
}: {
  id: string;
  keyword: string;
  error: string;
  errorId: string;
  keywordRef: RefObject<HTMLInputElement | null>;
  keywordBoxRef: RefObject<HTMLDivElement | null>;
  suggest: ReturnType<typeof useKeywordSuggestions>;
  onType: (keyword: string) => void;
}) {
  const { suggestions, showSuggestions, activeSuggestion, setSuggestOpen } = suggest;
  const suggestionsId = `${id}-suggestions`;

  // Options take no focus (pointerdown is prevented on them), so a click on one keeps the
  // focus in the box.
  const onKeywordBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!keywordBoxRef.current?.contains(event.relatedTarget as Node | null)) setSuggestOpen(false);
  };

  return (
    <div className="search-field search-keyword" ref={keywordBoxRef} onBlur={onKeywordBlur}>
      <label htmlFor={`${id}-keyword`} className="visually-hidden">
        Dish, restaurant or cuisine
      </label>
      <svg className="search-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z"
        />
      </svg>
      <input
        ref={keywordRef}
        id={`${id}-keyword`}
        name="keyword"
        type="search"
        required
        autoComplete="off"
        placeholder="Try ramen, tacos, pizza…"
        value={keyword}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showSuggestions}
        aria-controls={suggestionsId}
        aria-activedescendant={
          showSuggestions && activeSuggestion >= 0 ? `${suggestionsId}-${activeSuggestion}` : undefined
        }
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          onType(event.target.value);
          suggest.typed(event.target.value);
          setSuggestOpen(true);
          suggest.setActiveSuggestion(-1);
        }}
        onFocus={() => setSuggestOpen(true)}
        onKeyDown={suggest.onKeywordKeyDown}
      />
      {/* tabIndex -1: Chromium puts a scrollable box in the Tab order, and the focus belongs in
          the keyword box (aria-activedescendant points into the list). */}
      <ul
        className="search-popup"
        id={suggestionsId}
        role="listbox"
        aria-label="Suggestions"
        tabIndex={-1}
        hidden={!showSuggestions}
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={`${suggestion.kind}-${suggestion.id}`}
            id={`${suggestionsId}-${index}`}
            role="option"
            aria-selected={index === activeSuggestion}
            className="search-option"
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => suggest.chooseSuggestion(suggestion)}
          >
            <span>{suggestion.label}</span>
            <span className="search-option-kind">{KIND_LABELS[suggestion.kind]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
