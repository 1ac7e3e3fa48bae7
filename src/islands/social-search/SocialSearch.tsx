// Social search (/social-search; spec point 2, issue 12). Posts: keyword and point 5's rating
// filter, the only filters the API applies. Users: people search by name and username, the
// searches made in this browser, and suggestions from the API. No sample data.
import { useEffect, useId, useRef, useState, type SubmitEvent } from "react";
import type { PostCard as FeedPost } from "../../shared/schemas/social-posts.ts";
import { Avatar } from "../../client/post-card/post-pieces.tsx";
import { failureText } from "../../client/failure-text.ts";
import "../../client/post-card/post-card.css";
import { currentSession, type Session } from "../../client/session.ts";
import { PostCard } from "../../client/post-card/post-card.tsx";
import { feedApi } from "../../client/feed-api.ts";
import "../../client/signed-in-screens.css";
import { ScreenBoundary, SIGNED_OUT } from "../../client/screen-parts.tsx";
import { RATING_BANDS, type RatingBandId } from "../../domain/rating-label.ts";
import { PEOPLE_QUERY_MAX_LENGTH, SOCIAL_POST_MESSAGES } from "../../domain/social-rules.ts";
import { ratingQuery } from "./search-filters.ts";
import { searchApi, type SearchApi } from "./search-api.ts";
import { usePeopleSearch, type Person } from "./use-people-search.ts";

type Tab = "posts" | "users";

export default function SocialSearch() {
  return (
    <ScreenBoundary>
      <Search api={searchApi()} />
    </ScreenBoundary>
  );
}

function Search({ api }: { api: SearchApi }) {
  const [session] = useState<Session | null>(currentSession);
  const [tab, setTab] = useState<Tab>(() =>
    new URLSearchParams(location.search).get("tab") === "users" ? "users" : "posts",
  );
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ posts: null, users: null });
  const id = useId();
  if (!session) return <p role="status">Loading…</p>;

  function choose(next: Tab, focus = false) {
    setTab(next);
    if (focus) tabRefs.current[next]?.focus();
    const url = new URL(location.href);
    url.searchParams.set("tab", next);
    history.replaceState(null, "", url);
  }

  return (
    <div className="sp-screen">
      <h1>Search</h1>
      <div role="tablist" aria-label="Search for" className="sp-tabs">
        {(["posts", "users"] as const).map((name) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => choose(name)}
            onKeyDown={(event) => {
              if (["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) {
                event.preventDefault();
                choose(name === "posts" ? "users" : "posts", true);
              }
            }}
          >
            {name === "posts" ? "Posts" : "Users"}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-posts`}
        aria-labelledby={`${id}-posts`}
        hidden={tab !== "posts"}
        className="sp-panel"
      >
        <PostSearch api={api} session={session} />
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-users`}
        aria-labelledby={`${id}-users`}
        hidden={tab !== "users"}
        className="sp-panel"
      >
        <PeopleSearch api={api} session={session} active={tab === "users"} />
      </div>
    </div>
  );
}

function PostSearch({ api, session }: { api: SearchApi; session: Session }) {
  const [keyword, setKeyword] = useState(() => new URLSearchParams(location.search).get("keyword") ?? "");
  const [band, setBand] = useState<RatingBandId>("all");
  const [posts, setPosts] = useState<FeedPost[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "ready" | "failed">("idle");
  const [error, setError] = useState("");
  const [searched, setSearched] = useState<{ keyword: string; band: RatingBandId } | null>(null);
  const [now] = useState(() => Date.now());
  const [cardApi] = useState(() => feedApi());
  const id = useId();

  async function run(next: { keyword: string; band: RatingBandId }, after: string | null) {
    setState("loading");
    const outcome = await api.posts(session.token, next.keyword, ratingQuery(next.band), after);
    if (outcome.kind !== "ok") {
      setError(failureText(outcome, SOCIAL_POST_MESSAGES.feedFailed, SIGNED_OUT));
      setState("failed");
      return;
    }
    setSearched(next);
    setPosts((all) => (after ? [...all, ...outcome.data.data] : outcome.data.data));
    setCursor(outcome.data.nextCursor);
    setState("ready");
  }

  useEffect(() => {
    void run({ keyword: keyword.trim(), band }, null);
    // The first search runs once with what the address carried.
  }, []);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run({ keyword: keyword.trim(), band }, null);
  }

  return (
    <>
      <form role="search" aria-label="Search posts" className="sp-search-form" onSubmit={submit}>
        <div className="sp-field">
          <label htmlFor={`${id}-keyword`}>Keyword</label>
          <input
            id={`${id}-keyword`}
            type="search"
            value={keyword}
            maxLength={100}
            onChange={(event) => setKeyword(event.target.value)}
            placeholder="Ramen, Soho, dumplings…"
          />
        </div>
        <div className="sp-field">
          <label htmlFor={`${id}-rating`}>Rating</label>
          <select
            id={`${id}-rating`}
            value={band}
            onChange={(event) => setBand(event.target.value as RatingBandId)}
          >
            {RATING_BANDS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
                {option.id === "all" || option.id === "must-try"
                  ? ""
                  : ` (${option.min.toFixed(1)} to ${option.max.toFixed(1)})`}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary" aria-disabled={state === "loading" || undefined}>
          Search
        </button>
      </form>
      <p role="status" className="sp-note">
        {state === "loading"
          ? "Searching…"
          : state === "ready" && searched
            ? posts.length === 0
              ? SOCIAL_POST_MESSAGES.noPosts
              : `${posts.length}${cursor ? "+" : ""} ${posts.length === 1 && !cursor ? "post" : "posts"}${searched.keyword ? ` for “${searched.keyword}”` : ""}`
            : ""}
      </p>
      {state === "failed" && (
        <p className="ir-error" role="alert">
          {error}
        </p>
      )}
      <div className="sp-feed-cards">
        {posts.map((post) => (
          <PostCard
            key={post.id}
            post={post}
            session={session}
            api={cardApi}
            now={now}
            onChange={(change) => setPosts((all) => all.map((p) => (p.id === post.id ? change(p) : p)))}
          />
        ))}
      </div>
      {cursor && state === "ready" && searched && (
        <button type="button" className="btn btn-secondary" onClick={() => void run(searched, cursor)}>
          Load More
        </button>
      )}
    </>
  );
}

function PeopleSearch({ api, session, active }: { api: SearchApi; session: Session; active: boolean }) {
  const people = usePeopleSearch(api, session, active);
  const { query, setQuery, results, cursor, searchedFor, recent, setRecent, suggestions, error, setError } =
    people;
  const { busy, followed, search, follow } = people;
  const id = useId();

  return (
    <>
      <form
        role="search"
        aria-label="Search people"
        className="sp-search-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void search(query, null);
        }}
      >
        <div className="sp-field">
          <label htmlFor={`${id}-q`}>Name or username</label>
          <input
            id={`${id}-q`}
            type="search"
            value={query}
            maxLength={PEOPLE_QUERY_MAX_LENGTH}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setQuery(event.target.value);
              setError("");
            }}
          />
        </div>
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          Search
        </button>
      </form>
      {error && (
        <p id={`${id}-error`} className="ir-error" role="alert">
          {error}
        </p>
      )}
      <p role="status" className="sp-note">
        {busy
          ? "Searching…"
          : results
            ? results.length === 0
              ? `Nobody matches “${searchedFor}”.`
              : `${results.length}${cursor ? "+" : ""} ${results.length === 1 && !cursor ? "person" : "people"} for “${searchedFor}”`
            : ""}
      </p>
      {results && results.length > 0 && (
        <section aria-label="People found">
          <PeopleList people={results} session={session} followed={followed} onFollow={follow} />
          {cursor && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void search(searchedFor, cursor)}
            >
              Load more
            </button>
          )}
        </section>
      )}
      {recent.length > 0 && (
        <RecentSearches
          id={id}
          recent={recent}
          onSearch={(text) => {
            setQuery(text);
            void search(text, null);
          }}
          onClear={() => {
            window.localStorage.removeItem("recentPeopleSearches");
            setRecent([]);
          }}
        />
      )}
      <section className="sp-panel-box" aria-labelledby={`${id}-suggested`}>
        <h2 id={`${id}-suggested`}>Suggested</h2>
        {suggestions === null ? (
          <p role="status">Loading suggestions…</p>
        ) : suggestions.length === 0 ? (
          <p>No suggestions right now. Follow a few people and we'll suggest who they follow.</p>
        ) : (
          <PeopleList people={suggestions} session={session} followed={followed} onFollow={follow} />
        )}
      </section>
    </>
  );
}

function PeopleList({
  people,
  session,
  followed,
  onFollow,
}: {
  people: Person[];
  session: Session;
  followed: Record<number, string>;
  onFollow: (person: Person) => Promise<void>;
}) {
  return (
    <ul className="sp-list">
      {people.map((person) => (
        <PersonRow
          key={person.userId}
          person={person}
          session={session}
          followed={followed}
          onFollow={onFollow}
        />
      ))}
    </ul>
  );
}

/** One person found or suggested, with Follow unless it is the reader or already followed. */
function PersonRow({
  person,
  session,
  followed,
  onFollow,
}: {
  person: Person;
  session: Session;
  followed: Record<number, string>;
  onFollow: (person: Person) => Promise<void>;
}) {
  return (
    <li className="sp-row">
      <Avatar name={person.username} avatar={person.avatar} />
      <span className="sp-person__names">
        <a href={person.userId === session.userId ? "/profile" : `/user/${person.userId}`}>
          {person.name || person.username}
        </a>
        <span className="sp-person__username">
          @{person.username}
          {person.isPrivate ? " · Private" : ""}
          {person.mutualCount ? ` · followed by ${person.mutualCount} you follow` : ""}
        </span>
      </span>
      {person.userId !== session.userId &&
        (followed[person.userId] ? (
          <span className="sp-tag" role="status">
            {followed[person.userId]}
          </span>
        ) : person.isFollowing ? (
          <span className="sp-tag">Following</span>
        ) : (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void onFollow(person)}
            aria-label={`Follow @${person.username}`}
          >
            Follow
          </button>
        ))}
    </li>
  );
}

/** The searches made in this browser, each a button that searches again. */
function RecentSearches({
  id,
  recent,
  onSearch,
  onClear,
}: {
  id: string;
  recent: string[];
  onSearch: (text: string) => void;
  onClear: () => void;
}) {
  return (
    <section className="sp-panel-box" aria-labelledby={`${id}-recent`}>
      <h2 id={`${id}-recent`}>Recent</h2>
      <ul className="sp-chips">
        {recent.map((text) => (
          <li key={text}>
            <button type="button" className="btn btn-secondary" onClick={() => onSearch(text)}>
              {text}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="ir-link" onClick={onClear}>
        Clear recent searches
      </button>
    </section>
  );
}
