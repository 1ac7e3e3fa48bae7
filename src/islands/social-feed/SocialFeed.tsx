// The feed at /home (issue 12; spec points 2, 4, 8 and 9): the posts of the people you follow
// and your own, newest first, then "Popular in London" suggestions when you follow few
// people. One page of 5 first; each Load More reads three more pages and stops at a short
// one. After each batch, a Suggested Friends strip.
import { useEffect, useRef, useState } from "react";
import { loginHref } from "../accounts/login-return.ts";
import { currentSession, type Session } from "../accounts/session.ts";
import type { PostCard as Post } from "../../shared/schemas/social-posts.ts";
import type { FailedOutcome } from "../post-card/PostPieces.tsx";
import { AppErrorBoundary, ErrorScreen } from "./ErrorScreens.tsx";
import { feedApi as defaultFeedApi, FEED_PAGE_SIZE, type FeedApi, type Suggestion } from "./feed-api.ts";
import { appendPosts, PAGES_PER_LOAD_MORE, readBatch } from "./feed-state.ts";
import { FEED_MESSAGES } from "./messages.ts";
import { PostCard } from "./PostCard.tsx";
import { SuggestedFriends } from "./SuggestedFriends.tsx";

interface Batch {
  key: number;
  posts: Post[];
  people: Suggestion[];
}

type Status = "loading" | "ready" | "ended" | "failed";

function Feed({ session, api }: { session: Session; api: FeedApi }) {
  const [batches, setBatches] = useState<Batch[]>([]);
  const [status, setStatus] = useState<Status>("loading");
  const [failure, setFailure] = useState<FailedOutcome | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [now, setNow] = useState(() => Date.now());
  const next = useRef<{ page: number; cursor: string | null }>({ page: 1, cursor: null });
  const busy = useRef(false);
  const endMessage = useRef<HTMLParagraphElement>(null);
  const errorHeading = useRef<HTMLDivElement>(null);
  const total = batches.reduce((sum, batch) => sum + batch.posts.length, 0);

  async function load(pages: number) {
    if (busy.current) return;
    busy.current = true;
    setStatus("loading");
    setFailure(null);
    const { page, cursor } = next.current;
    // The first load always shows suggestions, so they are read beside the feed rather than
    // after it: one round trip less before the first posts paint.
    const firstPeople = page === 1 ? api.suggestions(session.token) : null;
    const batch = await readBatch(
      (p, c) => api.feed(session.token, p, c),
      page,
      cursor,
      pages,
      FEED_PAGE_SIZE,
    );
    next.current = { page: batch.nextPage, cursor: batch.nextCursor };
    // Suggestions are read with every batch: the people followed since drop out of them.
    const people = firstPeople
      ? await firstPeople
      : batch.posts.length > 0
        ? await api.suggestions(session.token)
        : null;
    // Posts and suggestions show in one render, so nothing below them moves twice.
    setNow(Date.now());
    setBatches((shown) => {
      const seen = shown.flatMap((b) => b.posts);
      const fresh = appendPosts(seen, batch.posts).slice(seen.length);
      const shownPeople = new Set(shown.flatMap((b) => b.people.map((person) => person.userId)));
      const newPeople =
        people?.kind === "ok"
          ? people.data.suggestions.filter((person) => !shownPeople.has(person.userId))
          : [];
      return fresh.length > 0 || newPeople.length > 0
        ? [...shown, { key: page, posts: fresh, people: newPeople }]
        : shown;
    });
    busy.current = false;
    if (batch.failure) {
      setFailure(batch.failure);
      setStatus("failed");
      return;
    }
    setAnnouncement(
      page === 1 ? "" : `${batch.posts.length} more ${batch.posts.length === 1 ? "post" : "posts"} loaded.`,
    );
    setStatus(batch.ended ? "ended" : "ready");
  }

  useEffect(() => {
    void load(1);
    // The first page loads once.
  }, []);

  // Load More goes away at the end: the focus goes to the sentence that says why (WCAG 2.4.3).
  const focusEnd = useRef(false);
  useEffect(() => {
    if (status === "ended" && focusEnd.current) endMessage.current?.focus();
    if (status === "failed" && focusEnd.current)
      errorHeading.current?.querySelector<HTMLElement>("h2")?.focus();
    if (status !== "loading") focusEnd.current = false;
  }, [status]);

  const update = (id: number) => (change: (post: Post) => Post) =>
    setBatches((shown) =>
      shown.map((batch) => ({
        ...batch,
        posts: batch.posts.map((post) => (post.id === id ? change(post) : post)),
      })),
    );

  if (status === "failed" && total === 0 && failure) {
    return (
      <div ref={errorHeading}>
        <ErrorScreen failure={failure} detail={FEED_MESSAGES.feedFailed} onRetry={() => void load(1)} />
      </div>
    );
  }

  return (
    <div className="sf-feed">
      {batches.map((batch, batchIndex) => (
        <div key={batch.key} className="sf-batch">
          {batch.posts.length > 0 && (
            <ul className="sf-posts">
              {batch.posts.map((post, postIndex) => (
                <li key={post.id}>
                  <PostCard
                    post={post}
                    session={session}
                    api={api}
                    now={now}
                    onChange={update(post.id)}
                    headingLevel={2}
                    priority={batchIndex === 0 && postIndex === 0}
                  />
                </li>
              ))}
            </ul>
          )}
          <SuggestedFriends people={batch.people} session={session} api={api} />
        </div>
      ))}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {status === "loading" && (
        <p className="ir-state" role="status">
          {FEED_MESSAGES.loading}
        </p>
      )}
      {status === "failed" && total > 0 && (
        <div className="ir-state--failed" role="alert" ref={errorHeading}>
          <p>{FEED_MESSAGES.feedFailed}</p>
        </div>
      )}
      {status === "ended" && (
        <p className="ir-state sf-end" tabIndex={-1} ref={endMessage}>
          {total === 0 ? FEED_MESSAGES.noPosts : FEED_MESSAGES.noMorePosts}
        </p>
      )}
      {(status === "ready" || status === "failed" || (status === "loading" && total > 0)) && (
        <div className="ir-more">
          <button
            type="button"
            className="btn btn-secondary"
            aria-disabled={status === "loading" || undefined}
            onClick={() => {
              if (status === "loading") return;
              focusEnd.current = true;
              void load(PAGES_PER_LOAD_MORE);
            }}
          >
            {status === "loading" ? "Loading…" : status === "failed" ? "Try again" : "Load More"}
          </button>
        </div>
      )}
    </div>
  );
}

export default function SocialFeed({ api = defaultFeedApi() }: { api?: FeedApi }) {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  useEffect(() => {
    const current = currentSession();
    // SocialLayout sends a visitor to the login screen; this covers storage cleared meanwhile.
    if (!current) window.location.replace(loginHref());
    setSession(current);
  }, []);
  if (session === undefined) return <p className="ir-state">{FEED_MESSAGES.loading}</p>;
  if (session === null) return null;
  return (
    <AppErrorBoundary>
      <Feed session={session} api={api} />
    </AppErrorBoundary>
  );
}
