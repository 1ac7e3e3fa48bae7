// Following and Followers as searchable dialogs (spec point 2): the API's `q` filters the
// list by username or name as the person types; Load more follows the keyset cursor.
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { Avatar } from "../../client/post-card/post-pieces.tsx";
import type { FollowEntry } from "../../shared/schemas/social-profiles.ts";
import type { FollowListKind, ProfileApi } from "./profile-api.ts";
import { Dialog } from "../../client/screen-parts.tsx";

const SEARCH_DELAY_MS = 250;

export function FollowListDialog({ api, token, userId, viewerId, kind, onClose, returnFocus }: {
  api: ProfileApi;
  token: string;
  userId: number;
  viewerId: number;
  kind: FollowListKind | null;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const [query, setQuery] = useState("");
  const [people, setPeople] = useState<FollowEntry[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [error, setError] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const title = kind === "following" ? "Following" : "Followers";

  async function load(q: string, after: string | null) {
    if (!kind) return;
    setState("loading");
    const outcome = await api.followList(token, userId, kind, q, after);
    if (outcome.kind !== "ok") {
      setError(outcome.message || "Failed to fetch data");
      setState("failed");
      return;
    }
    const list = "following" in outcome.data ? outcome.data.following : outcome.data.followers;
    setPeople((current) => (after ? [...current, ...list] : list));
    setCursor(outcome.data.nextCursor);
    setState("ready");
  }

  useEffect(() => {
    if (!kind) {
      setQuery("");
      setPeople([]);
      return;
    }
    const timer = setTimeout(() => void load(query.trim(), null), query ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
    // load reads the latest kind and query through this effect's dependencies.
  }, [kind, query]);

  return (
    <Dialog open={kind !== null} title={title} onClose={onClose} returnFocus={returnFocus} initialFocus={inputRef}>
      <div className="sp-field">
        <label htmlFor={searchId}>Search {title.toLowerCase()}</label>
        <input
          ref={inputRef}
          id={searchId}
          type="search"
          value={query}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <p className="visually-hidden" role="status">
        {state === "loading" ? "Loading…" : state === "ready" ? `${people.length}${cursor ? " or more" : ""} people shown` : ""}
      </p>
      {state === "failed" && <p className="ir-error" role="alert">{error}</p>}
      {state !== "failed" && people.length === 0 && state === "ready" && (
        <p>{query.trim() ? `Nobody matches “${query.trim()}”.` : kind === "following" ? "Not following anyone yet." : "No followers yet."}</p>
      )}
      <ul className="sp-people">
        {people.map((person) => (
          <li key={person.userId} className="sp-person">
            <Avatar name={person.username} avatar={person.avatar} />
            <span className="sp-person__names">
              <a href={person.userId === viewerId ? "/profile" : `/user/${person.userId}`}>{person.name || person.username}</a>
              <span className="sp-person__username">@{person.username}</span>
            </span>
            {person.isFollowing && <span className="sp-tag">Following</span>}
          </li>
        ))}
      </ul>
      {cursor && state !== "loading" && (
        <button type="button" className="btn btn-secondary" onClick={() => void load(query.trim(), cursor)}>
          Load more
        </button>
      )}
    </Dialog>
  );
}
