// The feed at /home (issue 12; spec points 2, 4, 8 and 9): the posts of the people you follow
// and your own, newest first, then "Popular in London" suggestions when you follow few
// people. One page of 5 first; each Load More reads three more pages and stops at a short
// one. After each batch, a Suggested Friends strip. Among the posts, by time, "X saved Y to Z"
// for the public lists of the people you follow (issue 32, feed-activity.ts).
import { Fragment, useEffect, useRef, useState } from "react";
import { loginHref } from "../../client/login-return.ts";
import { isLoggingOut } from "../../client/logout.ts";
import { currentSession, type Session } from "../../client/session.ts";
import { AppErrorBoundary, ErrorScreen } from "../../client/error-screens.tsx";
import { feedApi as defaultFeedApi, type FeedApi } from "../../client/feed-api.ts";
import { PAGES_PER_LOAD_MORE } from "../../client/feed-state.ts";
import { FEED_MESSAGES } from "../../client/feed-messages.ts";
import { placeSavedTo, savedToKey, type SavedToEntry as Entry } from "../../client/feed-activity.ts";
import { PostCard } from "../../client/post-card/post-card.tsx";
import { SavedToEntry } from "./SavedToEntry.tsx";
import { SuggestedFriends } from "./SuggestedFriends.tsx";
import { useFeedBatches } from "./use-feed-batches.ts";

function Feed({ session, api }: { session: Session; api: FeedApi }) {
  const { batches, status, failure, announcement, now, total, load, update } = useFeedBatches(session, api);
  const endMessage = useRef<HTMLParagraphElement>(null);
  const errorHeading = useRef<HTMLDivElement>(null);
  const [savedTo, setSavedTo] = useState<Entry[]>([]);
  useEffect(() => {
    // Extra to the posts: when it cannot be read, the feed shows without it. Read once, as the first page is.
    void api.listActivity(session.token).then((outcome) => {
      if (outcome.kind === "ok") setSavedTo(outcome.data.entries);
    });
  }, []);
  const placed = placeSavedTo(
    batches.flatMap((batch) => batch.posts),
    savedTo,
    status === "ended",
  );
  const entries = (list: Entry[] | undefined) =>
    list?.map((entry) => (
      <li key={savedToKey(entry)}>
        <SavedToEntry entry={entry} now={now} />
      </li>
    ));

  // Load More goes away at the end: the focus goes to the sentence that says why (WCAG 2.4.3).
  const focusEnd = useRef(false);
  useEffect(() => {
    if (status === "ended" && focusEnd.current) endMessage.current?.focus();
    if (status === "failed" && focusEnd.current)
      errorHeading.current?.querySelector<HTMLElement>("h2")?.focus();
    if (status !== "loading") focusEnd.current = false;
  }, [status]);

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
                <Fragment key={post.id}>
                  {entries(placed.before.get(post.id))}
                  <li>
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
                </Fragment>
              ))}
            </ul>
          )}
          <SuggestedFriends people={batch.people} session={session} api={api} />
        </div>
      ))}
      {placed.after.length > 0 && <ul className="sf-posts">{entries(placed.after)}</ul>}
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
    // SocialLayout sends a visitor to the login screen; this covers storage cleared meanwhile,
    // except by this page's own Log Out, which goes to discovery (a feed that mounts late
    // would otherwise send the person to log in again).
    if (!current && !isLoggingOut()) window.location.replace(loginHref());
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
