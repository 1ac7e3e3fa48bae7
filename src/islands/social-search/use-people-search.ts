// People search (spec point 2, issue 12): a name or username, paged by cursor; the searches
// made in this browser; the API's suggestions, read when the tab is first shown; and Follow.
import { useEffect, useState } from "react";
import { SOCIAL_MESSAGES } from "../../domain/social-rules.ts";
import type { PeopleResult } from "../../shared/schemas/social-profiles.ts";
import type { Session } from "../../client/session.ts";
import { failureText } from "../../client/failure-text.ts";
import { SIGNED_OUT } from "../../client/screen-parts.tsx";
import type { SearchApi } from "./search-api.ts";
import { readRecentSearches, rememberSearch } from "./search-filters.ts";

export type Person = PeopleResult & { reason?: string; mutualCount?: number };

export function usePeopleSearch(api: SearchApi, session: Session, active: boolean) {
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<Person[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [searchedFor, setSearchedFor] = useState("");
  const [recent, setRecent] = useState<string[]>(() => readRecentSearches(window.localStorage));
  const [suggestions, setSuggestions] = useState<Person[] | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [followed, setFollowed] = useState<Record<number, string>>({});

  useEffect(() => {
    if (!active || suggestions) return;
    void api
      .suggestions(session.token)
      .then((outcome) => setSuggestions(outcome.kind === "ok" ? outcome.data.suggestions : []));
  }, [active, api, session, suggestions]);

  async function search(text: string, after: string | null) {
    const q = text.trim();
    if (!q) {
      setError(SOCIAL_MESSAGES.peopleQueryRequired);
      return;
    }
    setBusy(true);
    setError("");
    const outcome = await api.people(session.token, q, after);
    setBusy(false);
    if (outcome.kind !== "ok") {
      setError(failureText(outcome, "Failed to fetch data", SIGNED_OUT));
      return;
    }
    if (!after) setRecent(rememberSearch(window.localStorage, q));
    setSearchedFor(q);
    setResults((all) => (after && all ? [...all, ...outcome.data.people] : outcome.data.people));
    setCursor(outcome.data.nextCursor);
  }

  async function follow(person: Person) {
    const outcome = await api.follow(session.token, person.userId);
    setFollowed((all) => ({
      ...all,
      [person.userId]:
        outcome.kind === "ok"
          ? outcome.data.isFollowing
            ? "Following"
            : outcome.data.followRequested
              ? "Requested"
              : "Follow"
          : failureText(outcome, "Failed to follow. Please try again.", SIGNED_OUT),
    }));
  }

  return {
    query,
    setQuery,
    results,
    cursor,
    searchedFor,
    recent,
    setRecent,
    suggestions,
    error,
    setError,
    busy,
    followed,
    search,
    follow,
  };
}
