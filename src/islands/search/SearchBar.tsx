// The search island (spec points 2, 4, 5): a required keyword with suggestions from the live
// catalogue (issue 23: a restaurant or area opens its page, a cuisine or dish searches), a region
// dropdown (opens on click, closes on outside click, selection or Escape) and a Search button
// that goes to /search?keyword=&location=. Server-rendered as a plain GET form to /search, so
// it works before hydration too.
import { useEffect, useId, useRef, useState } from "react";
import { KeywordField } from "./KeywordField.tsx";
import { RegionField } from "./RegionField.tsx";
import { KEYWORD_REQUIRED_MESSAGE, searchUrl } from "./search-url.ts";
import { useKeywordSuggestions } from "./use-keyword-suggestions.ts";
import { useRegionPicker } from "./use-region-picker.ts";
import "./search-bar.css";

export interface SearchBarProps {
  regionNames: string[];
  initialKeyword?: string;
  initialLocation?: string;
  /** On the results page: fill keyword and location from the URL after hydration. */
  readFromUrl?: boolean;
}

export default function SearchBar({
  regionNames,
  initialKeyword = "",
  initialLocation = "",
  readFromUrl = false,
}: SearchBarProps) {
  const id = useId();
  const [keyword, setKeyword] = useState(initialKeyword);
  const [location, setLocation] = useState(initialLocation);
  const [error, setError] = useState("");
  const keywordRef = useRef<HTMLInputElement>(null);
  const keywordBoxRef = useRef<HTMLDivElement>(null);

  const go = (chosenKeyword: string) => {
    if (!chosenKeyword.trim()) {
      setError(KEYWORD_REQUIRED_MESSAGE);
      keywordRef.current?.focus();
      return;
    }
    window.location.assign(searchUrl(chosenKeyword, location));
  };

  const suggest = useKeywordSuggestions(keyword, (suggestion) => {
    if (suggestion.kind === "restaurant") return window.location.assign(`/restaurant/${suggestion.id}`);
    if (suggestion.kind === "area") return window.location.assign(`/area/${suggestion.id}`);
    setKeyword(suggestion.label);
    go(suggestion.label);
  });
  const picker = useRegionPicker(regionNames, location, setLocation);
  const { suggestOpen, setSuggestOpen } = suggest;
  const { regionOpen, setRegionOpen, regionBoxRef } = picker;

  useEffect(() => {
    if (!readFromUrl) return;
    const params = new URLSearchParams(window.location.search);
    setKeyword(params.get("keyword") ?? "");
    setLocation(params.get("location") ?? "");
  }, [readFromUrl]);

  // Letters typed into the server-rendered form before React arrived (the home page hydrates on
  // interaction) are in the box but not in state: take them, or Search would find it empty.
  useEffect(() => {
    const typedBefore = keywordRef.current?.value ?? "";
    if (typedBefore.trim() && typedBefore !== keyword) setKeyword(typedBefore);
  }, []);

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

  const errorId = `${id}-error`;

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
      <KeywordField
        id={id}
        keyword={keyword}
        error={error}
        errorId={errorId}
        keywordRef={keywordRef}
        keywordBoxRef={keywordBoxRef}
        suggest={suggest}
        onType={(value) => {
          setKeyword(value);
          if (error) setError("");
        }}
      />
      <RegionField listId={`${id}-regions`} location={location} picker={picker} />

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
