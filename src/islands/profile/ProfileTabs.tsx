// The profile's posts (spec point 2): one Posts list, or on the own profile the tabs Posts,
// Liked and Saved (arrow keys move between them), with the sort select beside them.
import { useId, useRef, useState } from "react";
import { SOCIAL_POST_MESSAGES } from "../../domain/social-rules.ts";
import type { PostCard as FeedPost } from "../../shared/schemas/social-posts.ts";
import type { Profile } from "../../shared/schemas/social-profiles.ts";
import type { Session } from "../../client/session.ts";
import { PostCard } from "../../client/post-card/post-card.tsx";
import { feedApi, type FeedApi } from "../../client/feed-api.ts";
import { sortedPosts, type ProfileSort } from "./messages.ts";
import { ProfileCard, type ProfilePostCard } from "./ProfileCards.tsx";
import type { ProfileApi } from "./profile-api.ts";
import { ScreenError } from "../../client/screen-parts.tsx";
import { useProfileTabs, type Tab } from "./use-profile-tabs.ts";
import { SavedLists } from "./SavedLists.tsx";

const TAB_LABELS: Record<Tab, string> = { posts: "Posts", liked: "Liked", saved: "Saved" };

export function ProfileTabs({
  api,
  session,
  profile,
  onReload,
}: {
  api: ProfileApi;
  session: Session;
  profile: Profile;
  onReload: () => void;
}) {
  const tabs: Tab[] = profile.isOwn ? ["posts", "liked", "saved"] : ["posts"];
  const lists = useProfileTabs({ api, session, profile });
  const { tab, setTab, sort, changeSort } = lists;
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const [now] = useState(() => Date.now());
  const [cardApi] = useState(() => feedApi());
  const baseId = useId();

  function onTabKey(event: React.KeyboardEvent, index: number) {
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % tabs.length
        : event.key === "ArrowLeft"
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tabs.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    setTab(tabs[next]!);
    tabRefs.current[tabs[next]!]?.focus();
  }

  const panel = <TabPanel lists={lists} session={session} cardApi={cardApi} now={now} onReload={onReload} />;

  return (
    <section className="sp-tabs-section" aria-label="Posts">
      <div className="sp-tabs-bar">
        {tabs.length > 1 ? (
          <div role="tablist" aria-label="Profile posts" className="sp-tabs">
            {tabs.map((name, index) => (
              <button
                key={name}
                ref={(el) => {
                  tabRefs.current[name] = el;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${name}`}
                aria-selected={tab === name}
                aria-controls={`${baseId}-panel`}
                tabIndex={tab === name ? 0 : -1}
                onClick={() => setTab(name)}
                onKeyDown={(event) => onTabKey(event, index)}
              >
                {TAB_LABELS[name]}
              </button>
            ))}
          </div>
        ) : (
          <h2 className="sp-tabs-heading">Posts</h2>
        )}
        <div className="sp-field sp-sort">
          <label htmlFor={`${baseId}-sort`}>Sort</label>
          <select
            id={`${baseId}-sort`}
            value={sort}
            onChange={(event) => changeSort(event.target.value as ProfileSort)}
            aria-describedby={`${baseId}-sort-hint`}
          >
            <option value="default">Default</option>
            <option value="post-time">Post time</option>
          </select>
          <span id={`${baseId}-sort-hint`} className="visually-hidden">
            Default lists posts with the most likes first (Liked and Saved: the most recently liked or saved
            first); Post time lists the newest post first.
          </span>
        </div>
      </div>
      {tabs.length > 1 ? (
        <div
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={`${baseId}-tab-${tab}`}
          className="sp-panel"
        >
          {/* The cards' h3s need an h2 above them (heading order): the tab's name, for
              people who move by headings; the tab itself shows it to everyone else. */}
          <h2 className="visually-hidden">{TAB_LABELS[tab]}</h2>
          {panel}
        </div>
      ) : (
        <div className="sp-panel">{panel}</div>
      )}
    </section>
  );
}

function isFeedPost(post: ProfilePostCard): post is FeedPost {
  return "likedByUser" in post;
}

/** What a tab shows: its error, its cards, Loading and Load More. */
function TabPanel({
  lists,
  session,
  cardApi,
  now,
  onReload,
}: {
  lists: ReturnType<typeof useProfileTabs>;
  session: Session;
  cardApi: FeedApi;
  now: number;
  onReload: () => void;
}) {
  const { tab, sort, list, load, changePost } = lists;
  const shown = tab === "posts" ? list.posts : sortedPosts(list.posts, sort);

  if (list.failure) {
    return (
      <ScreenError
        failure={list.failure}
        // A private account's posts (403) or a vanished person (404): the profile itself says why.
        onRetry={
          list.failure.kind === "failed" && [403, 404].includes(list.failure.status)
            ? onReload
            : () => void load(tab, null)
        }
      />
    );
  }
  return (
    <>
      {tab === "saved" && <SavedLists token={session.token} />}
      {list.state === "failed" && (
        <p className="ir-error" role="alert">
          {list.error}{" "}
          <button type="button" className="ir-link" onClick={() => void load(tab, list.cursor)}>
            Try again
          </button>
        </p>
      )}
      {list.state === "ready" && list.posts.length === 0 && (
        <p>
          {tab === "posts"
            ? SOCIAL_POST_MESSAGES.noPosts
            : tab === "liked"
              ? "No liked posts yet."
              : "No saved posts yet."}
        </p>
      )}
      {tab === "posts" ? (
        <div className="sp-cards">
          {shown.map((post) => (
            <ProfileCard key={post.id} post={post} showAuthor={false} now={now} />
          ))}
        </div>
      ) : (
        // Liked and Saved hold feed posts: the feed's own card, with like, save and comments.
        <div className="sp-feed-cards">
          {shown.filter(isFeedPost).map((post) => (
            <PostCard
              key={post.id}
              post={post}
              session={session}
              api={cardApi}
              now={now}
              onChange={(change) =>
                changePost(tab, (posts) =>
                  posts.map((p) => (p.id === post.id && isFeedPost(p) ? change(p) : p)),
                )
              }
            />
          ))}
        </div>
      )}
      {list.state === "loading" && <p role="status">Loading posts…</p>}
      {list.cursor && list.state === "ready" && (
        <button type="button" className="btn btn-secondary" onClick={() => void load(tab, list.cursor)}>
          Load More
        </button>
      )}
    </>
  );
}
