// The feed's pages (issue 12; spec points 4 and 9): the first page, then three more pages per
// Load More, each batch with the people suggested beside it, and what to announce.
import { useEffect, useRef, useState } from "react";
import type { PostCard as Post } from "../../shared/schemas/social-posts.ts";
import type { Session } from "../../client/session.ts";
import type { FailedOutcome } from "../../client/failure-text.ts";
import { FEED_PAGE_SIZE, type FeedApi, type Suggestion } from "../../client/feed-api.ts";
import { appendPosts, readBatch } from "../../client/feed-state.ts";

export interface Batch {
  key: number;
  posts: Post[];
  people: Suggestion[];
}

export type FeedStatus = "loading" | "ready" | "ended" | "failed";

export function useFeedBatches(session: Session, api: FeedApi) {
  const [batches, setBatches] = useState<Batch[]>([]);
  const [status, setStatus] = useState<FeedStatus>("loading");
  const [failure, setFailure] = useState<FailedOutcome | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [now, setNow] = useState(() => Date.now());
  const next = useRef<{ page: number; cursor: string | null }>({ page: 1, cursor: null });
  const busy = useRef(false);
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

  const update = (id: number) => (change: (post: Post) => Post) =>
    setBatches((shown) =>
      shown.map((batch) => ({
        ...batch,
        posts: batch.posts.map((post) => (post.id === id ? change(post) : post)),
      })),
    );

  return { batches, status, failure, announcement, now, total, load, update };
}
