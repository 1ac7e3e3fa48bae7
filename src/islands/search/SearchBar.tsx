// The search island (spec points 2, 4, 5): a required keyword with suggestions, a region
// dropdown (opens on click, closes on outside click, selection or Escape) and a Search button
// that goes to /search?keyword=&location=. Server-rendered as a plain GET form to /search, so
// it works before hydration too.
import { useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { CHOOSE_REGION_HASH } from "./choose-region.ts";
import { moveActiveIndex } from "./listbox-keys.ts";
import { KEYWORD_REQUIRED_MESSAGE, searchUrl } from "./search-url.ts";
import { filterSuggestions } from "./suggestions.ts";
import "./search-bar.css";

export interface SearchBarProps {
  tagNames: string[];
  dishNames: string[];
  regionNames: string[];
  initialKeyword?: string;
  initialLocation?: string;
  /** On the results page: fill keyword and location from the URL after hydration. */
  readFromUrl?: boolean;
}

const ALL_LONDON = "All London";

export default function SearchBar({ tagNames, dishNames, regionNames, initialKeyword = "", initialLocation = "", readFromUrl = false }: SearchBarProps) {
  const id = useId();
  const [keyword, setKeyword] = useState(initialKeyword);
  const [location, setLocation] = useState(initialLocation);
  const [suggestOpen, setSuggestOpen] = useState(false);
  const [activeSuggestion, setActiveSuggestion] = useState(-1);
  const [regionOpen, setRegionOpen] = useState(false);
  const [activeRegion, setActiveRegion] = useState(0);
  const [error, setError] = useState("");
  const keywordRef = useRef<HTMLInputElement>(null);
  const regionButtonRef = useRef<HTMLButtonElement>(null);
  const regionListRef = useRef<HTMLUListElement>(null);
  const regionBoxRef = useRef<HTMLDivElement>(null);
  const keywordBoxRef = useRef<HTMLDivElement>(null);

  const suggestions = useMemo(() => filterSuggestions(keyword, tagNames, dishNames), [keyword, tagNames, dishNames]);
  const regionOptions = useMemo(() => ["", ...regionNames], [regionNames]);
  const showSuggestions = suggestOpen && suggestions.length > 0;

  useEffect(() => {
    if (!readFromUrl) return;
    const params = new URLSearchParams(window.location.search);
    setKeyword(params.get("keyword") ?? "");
    setLocation(params.get("location") ?? "");
  }, [readFromUrl]);

  // Outside clicks close whichever list is open (spec point 4).
  useEffect(() => {
    if (!regionOpen && !suggestOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (regionOpen && !regionBoxRef.current?.contains(target)) setRegionOpen(false);
      if (suggestOpen && !keywordBoxRef.current?.contains(target)) setSuggestOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [regionOpen, suggestOpen]);

  useEffect(() => {
    if (regionOpen) regionListRef.current?.focus();
  }, [regionOpen]);

  // The header's Change link asks for the region choice through the address (issue 16); the
  // fragment is taken out again so the next Change changes the hash and is heard too.
  useEffect(() => {
    const openIfAsked = () => {
      if (window.location.hash !== CHOOSE_REGION_HASH) return;
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
      setActiveRegion(Math.max(0, regionOptions.indexOf(location)));
      setRegionOpen(true);
    };
    openIfAsked();
    window.addEventListener("hashchange", openIfAsked);
    return () => window.removeEventListener("hashchange", openIfAsked);
  }, [regionOptions, location]);

  // Suggestions close when the focus leaves the keyword box, so they never cover what the
  // keyboard goes to next (WCAG 2.4.11, 1.4.13). Options take no focus (pointerdown is
  // prevented on them), so a click on one keeps the focus in the box.
  const onKeywordBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!keywordBoxRef.current?.contains(event.relatedTarget as Node | null)) setSuggestOpen(false);
  };

  const go = (chosenKeyword: string) => {
    if (!chosenKeyword.trim()) {
      setError(KEYWORD_REQUIRED_MESSAGE);
      keywordRef.current?.focus();
      return;
    }
    window.location.assign(searchUrl(chosenKeyword, location));
  };

  const chooseSuggestion = (label: string) => {
    setKeyword(label);
    setSuggestOpen(false);
    go(label);
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

  const openRegions = () => {
    setActiveRegion(Math.max(0, regionOptions.indexOf(location)));
    setRegionOpen(true);
  };
  const closeRegions = () => {
    setRegionOpen(false);
    regionButtonRef.current?.focus();
  };
  const chooseRegion = (index: number) => {
    setLocation(regionOptions[index] ?? "");
    closeRegions();
  };

  const onRegionButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openRegions();
    }
  };

  const onRegionListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      closeRegions();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      chooseRegion(activeRegion);
    } else if (event.key === "Tab") {
      setRegionOpen(false);
    } else {
      const next = moveActiveIndex(event.key, activeRegion, regionOptions.length);
      if (next === null) return;
      event.preventDefault();
      setActiveRegion(next);
    }
  };

  const suggestionsId = `${id}-suggestions`;
  const regionListId = `${id}-regions`;
  const errorId = `${id}-error`;
  const regionLabel = location || ALL_LONDON;

  return (
    <form
      className="search-bar"
      role="search"
      aria-label="Search dishes and restaurants"
      action="/search"
      method="get"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        go(keyword);
      }}
    >
      <div className="search-field search-keyword" ref={keywordBoxRef} onBlur={onKeywordBlur}>
        <label htmlFor={`${id}-keyword`} className="visually-hidden">
          Dish, restaurant or cuisine
        </label>
        <svg className="search-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="currentColor" d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z" />
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
          aria-activedescendant={showSuggestions && activeSuggestion >= 0 ? `${suggestionsId}-${activeSuggestion}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setKeyword(event.target.value);
            setSuggestOpen(true);
            setActiveSuggestion(-1);
            if (error) setError("");
          }}
          onFocus={() => setSuggestOpen(true)}
          onKeyDown={onKeywordKeyDown}
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
              key={`${suggestion.kind}-${suggestion.label}`}
              id={`${suggestionsId}-${index}`}
              role="option"
              aria-selected={index === activeSuggestion}
              className="search-option"
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => chooseSuggestion(suggestion.label)}
            >
              <span>{suggestion.label}</span>
              <span className="search-option-kind">{suggestion.kind === "tag" ? "Cuisine" : "Dish"}</span>
            </li>
          ))}
        </ul>
      </div>

      <div className="search-field search-region" ref={regionBoxRef} data-search-region>
        <input type="hidden" name="location" value={location} />
        <button
          ref={regionButtonRef}
          type="button"
          className="search-region-button"
          aria-haspopup="listbox"
          aria-expanded={regionOpen}
          aria-controls={regionListId}
          aria-label={`Region: ${regionLabel}`}
          onClick={() => (regionOpen ? setRegionOpen(false) : openRegions())}
          onKeyDown={onRegionButtonKeyDown}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="currentColor" d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
          </svg>
          <span className="search-region-label">{regionLabel}</span>
          <svg className="search-caret" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path fill="currentColor" d="m7 10 5 5 5-5z" />
          </svg>
        </button>
        <ul
          ref={regionListRef}
          className="search-popup search-region-list"
          id={regionListId}
          role="listbox"
          aria-label="Region"
          tabIndex={-1}
          hidden={!regionOpen}
          aria-activedescendant={regionOpen ? `${regionListId}-${activeRegion}` : undefined}
          onKeyDown={onRegionListKeyDown}
        >
          {regionOptions.map((name, index) => (
            <li
              key={name || ALL_LONDON}
              id={`${regionListId}-${index}`}
              role="option"
              aria-selected={name === location}
              data-active={index === activeRegion || undefined}
              className="search-option"
              onClick={() => chooseRegion(index)}
              onPointerMove={() => setActiveRegion(index)}
            >
              {name || ALL_LONDON}
            </li>
          ))}
        </ul>
      </div>

      <button type="submit" className="btn btn-primary search-submit">
        Search
      </button>
      {error && (
        <p className="search-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
