// Own profile (/profile) and another person's (/user/{userId}) (spec point 2; issue 12): one
// island, since both show the same head, counts, lists and posts. Own: avatar upload, bio,
// Edit menu, Share, tabs Posts, Liked and Saved with the sort select. Other: Follow/Unfollow
// (a private account gets a request), Message (coming soon), and Block, Report and Cancel.
import { useEffect, useId, useRef, useState, type SubmitEvent } from "react";
import { formatCount, formatGroupedCount } from "../../domain/format-count.ts";
import { REPORT_RECEIVED_MESSAGE } from "../../domain/report-reasons.ts";
import { BIO_MAX_LENGTH, SOCIAL_MESSAGES, SOCIAL_POST_MESSAGES } from "../../domain/social-rules.ts";
import type { FollowState, Profile } from "../../shared/schemas/social-profiles.ts";
import { Avatar, ReportForm, failureText } from "../post-card/PostPieces.tsx";
import "../post-card/post-card.css";
import { currentSession, type Session } from "../accounts/session.ts";
import { PostCard } from "../social-feed/PostCard.tsx";
import { feedApi } from "../social-feed/feed-api.ts";
import { FEED_MESSAGES } from "../social-feed/messages.ts";
import type { PostCard as FeedPost } from "../../shared/schemas/social-posts.ts";
import { FollowListDialog } from "./FollowListDialog.tsx";
import { ProfileCard, type ProfilePostCard } from "./ProfileCards.tsx";
import { avatarProblem, sortedPosts, userIdFromPath, type ProfileSort } from "./messages.ts";
import { profileApi, type FollowListKind, type ProfileApi } from "./profile-api.ts";
import {
  Dialog,
  MenuButton,
  ScreenBoundary,
  ScreenError,
  SIGNED_OUT,
  type FailedRead,
} from "./screen-parts.tsx";
import "./profile.css";

type Tab = "posts" | "liked" | "saved";
const TAB_LABELS: Record<Tab, string> = { posts: "Posts", liked: "Liked", saved: "Saved" };

interface TabList {
  posts: ProfilePostCard[];
  cursor: string | null;
  state: "idle" | "loading" | "ready" | "failed";
  error: string;
  /** A failed first page: the tab shows point 8's error screen instead of its posts. */
  failure: FailedRead | null;
}
const EMPTY_LIST: TabList = { posts: [], cursor: null, state: "idle", error: "", failure: null };

type View =
  | { status: "loading" }
  | { status: "failed"; failure: FailedRead }
  | { status: "no-user" }
  | { status: "blocked"; username: string }
  | { status: "ready"; profile: Profile };

export default function ProfileScreen({ own }: { own: boolean }) {
  return (
    <ScreenBoundary>
      <ProfileView own={own} api={profileApi()} />
    </ScreenBoundary>
  );
}

function ProfileView({ own, api }: { own: boolean; api: ProfileApi }) {
  const [session] = useState<Session | null>(currentSession);
  const [view, setView] = useState<View>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const subjectId = own ? (session?.userId ?? null) : userIdFromPath(location.pathname);

  useEffect(() => {
    if (!session) return;
    if (subjectId === null) {
      setView({ status: "no-user" });
      return;
    }
    if (!own && subjectId === session.userId) {
      location.replace("/profile");
      return;
    }
    let current = true;
    void api.profile(session.token, subjectId).then((outcome) => {
      if (!current) return;
      if (outcome.kind === "ok") setView({ status: "ready", profile: outcome.data });
      else setView({ status: "failed", failure: outcome });
    });
    return () => {
      current = false;
    };
  }, [api, own, session, subjectId, attempt]);

  useEffect(() => {
    if (view.status === "ready")
      document.title = `${view.profile.name || view.profile.username} (@${view.profile.username}) | Dishcovery`;
  }, [view]);

  if (!session || view.status === "loading") return <p role="status">Loading profile…</p>;
  if (view.status === "no-user")
    return <ScreenError failure={{ kind: "failed", status: 404, message: "", fields: {} }} />;
  if (view.status === "failed")
    return <ScreenError failure={view.failure} onRetry={() => setAttempt((n) => n + 1)} />;
  if (view.status === "blocked") {
    return (
      <section aria-labelledby="sp-blocked-heading">
        <h1 id="sp-blocked-heading" tabIndex={-1} ref={(el) => el?.focus()}>
          You blocked @{view.username}
        </h1>
        <p>Blocked. You will no longer see each other's posts, comments or profiles.</p>
        <p>
          <a href="/home">Back to your feed</a>
        </p>
      </section>
    );
  }
  return (
    <ProfileBody
      key={view.profile.userId}
      api={api}
      session={session}
      profile={view.profile}
      onChange={(profile) => setView({ status: "ready", profile })}
      onReload={() => setAttempt((n) => n + 1)}
      onBlocked={() => setView({ status: "blocked", username: view.profile.username })}
    />
  );
}

function ProfileBody({
  api,
  session,
  profile,
  onChange,
  onReload,
  onBlocked,
}: {
  api: ProfileApi;
  session: Session;
  profile: Profile;
  onChange: (profile: Profile) => void;
  onReload: () => void;
  onBlocked: () => void;
}) {
  const own = profile.isOwn;
  const [status, setStatus] = useState<{ text: string; tone: "done" | "error" } | null>(null);
  const [listKind, setListKind] = useState<FollowListKind | null>(null);
  const [editingBio, setEditingBio] = useState(false);
  const [dialog, setDialog] = useState<"message" | "block" | "report" | null>(null);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const followingRef = useRef<HTMLButtonElement>(null);
  const followersRef = useRef<HTMLButtonElement>(null);
  const editRef = useRef<HTMLDivElement>(null);
  const messageRef = useRef<HTMLButtonElement>(null);
  const moreRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const displayName = profile.name || profile.username;
  const listsOpen = profile.canSeePosts;

  function show(text: string, tone: "done" | "error" = "done") {
    setStatus({ text, tone });
  }

  async function uploadAvatar(file: File | undefined) {
    const problem = avatarProblem(file);
    if (problem || !file) {
      show(problem ?? SOCIAL_MESSAGES.avatarRequired, "error");
      return;
    }
    setBusy(true);
    show("Uploading your photo…");
    const outcome = await api.uploadAvatar(session.token, session.userId, file);
    setBusy(false);
    if (fileRef.current) fileRef.current.value = "";
    if (outcome.kind !== "ok") {
      show(failureText(outcome, "Failed to upload the photo. Please try again.", SIGNED_OUT), "error");
      return;
    }
    onChange(outcome.data);
    show(outcome.message || SOCIAL_MESSAGES.avatarSaved);
  }

  function applyFollow(state: FollowState) {
    onChange({
      ...profile,
      isFollowing: state.isFollowing,
      followRequested: state.followRequested,
      followersCount: state.followersCount,
    });
  }

  async function toggleFollow() {
    if (busy) return;
    setBusy(true);
    const wasFollowing = profile.isFollowing || profile.followRequested;
    const outcome = wasFollowing
      ? await api.unfollow(session.token, profile.userId)
      : await api.follow(session.token, profile.userId);
    setBusy(false);
    if (outcome.kind !== "ok") {
      show(failureText(outcome, "Failed to update. Please try again.", SIGNED_OUT), "error");
      return;
    }
    show(outcome.message);
    applyFollow(outcome.data);
    // Following a public account, or leaving a private one, changes what may be shown.
    if (outcome.data.isFollowing !== profile.isFollowing && (profile.isPrivate || !profile.canSeePosts))
      onReload();
  }

  async function block() {
    setBusy(true);
    const outcome = await api.block(session.token, profile.userId);
    setBusy(false);
    if (outcome.kind !== "ok") {
      show(failureText(outcome, "Failed to block. Please try again.", SIGNED_OUT), "error");
      setDialog(null);
      return;
    }
    setDialog(null);
    onBlocked();
  }

  async function share() {
    const url = `${location.origin}/user/${profile.userId}`;
    const data = { title: `${displayName} on Dishcovery`, url };
    if (typeof navigator.share === "function" && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      show("Profile link copied.");
    } catch {
      show(`Copy this link to share the profile: ${url}`);
    }
  }

  const followLabel = profile.isFollowing
    ? "Unfollow"
    : profile.followRequested
      ? "Cancel request"
      : "Follow";

  return (
    <div className="sp-profile">
      <section className="sp-head" aria-labelledby={headingId}>
        <div className="sp-head__avatar">
          <Avatar name={displayName} avatar={profile.profileImage} size={112} />
        </div>
        <div className="sp-head__main">
          <h1 id={headingId} className="sp-head__name">
            {displayName}
            {profile.isPrivate && (
              <span className="sp-lock-tag">
                <LockIcon /> Private
              </span>
            )}
          </h1>
          <p className="sp-head__username">@{profile.username}</p>
          <ul className="sp-counts" aria-label="Follows">
            <li>
              <CountButton
                buttonRef={followingRef}
                count={profile.followingCount}
                label="Following"
                enabled={listsOpen}
                onOpen={() => setListKind("following")}
              />
            </li>
            <li>
              <CountButton
                buttonRef={followersRef}
                count={profile.followersCount}
                label={profile.followersCount === 1 ? "Follower" : "Followers"}
                enabled={listsOpen}
                onOpen={() => setListKind("followers")}
              />
            </li>
          </ul>
          {editingBio ? (
            <BioForm
              bio={profile.bio}
              onCancel={() => setEditingBio(false)}
              onSave={async (bio) => {
                const outcome = await api.updateBio(session.token, session.userId, bio);
                if (outcome.kind !== "ok")
                  return failureText(outcome, "Failed to save your bio. Please try again.", SIGNED_OUT);
                onChange(outcome.data);
                setEditingBio(false);
                show(outcome.message || SOCIAL_MESSAGES.bioSaved);
                return null;
              }}
            />
          ) : (
            profile.bio && <p className="sp-head__bio">{profile.bio}</p>
          )}
          <div className="sp-actions">
            {own ? (
              <>
                <div ref={editRef}>
                  <MenuButton
                    label="Edit profile"
                    visibleLabel="Edit"
                    items={[
                      { label: "Edit Photo", onSelect: () => fileRef.current?.click() },
                      { label: "Edit Bio", onSelect: () => setEditingBio(true) },
                    ]}
                  />
                </div>
                <input
                  ref={fileRef}
                  className="visually-hidden"
                  type="file"
                  accept="image/*"
                  tabIndex={-1}
                  aria-label="Choose a profile photo"
                  onChange={(event) => void uploadAvatar(event.target.files?.[0])}
                />
                <button type="button" className="btn btn-secondary" onClick={() => void share()}>
                  Share
                </button>
              </>
            ) : (
              <>
                <button
                  type="button"
                  className={
                    profile.isFollowing || profile.followRequested ? "btn btn-secondary" : "btn btn-primary"
                  }
                  aria-disabled={busy || undefined}
                  onClick={() => void toggleFollow()}
                >
                  {followLabel}
                </button>
                {profile.canSeePosts && (
                  <button
                    ref={messageRef}
                    type="button"
                    className="btn btn-secondary"
                    aria-haspopup="dialog"
                    onClick={() => setDialog("message")}
                  >
                    Message
                  </button>
                )}
                <div ref={moreRef}>
                  <MenuButton
                    label={`More actions for @${profile.username}`}
                    visibleLabel={<span aria-hidden="true">⋯</span>}
                    items={[
                      { label: "Block", onSelect: () => setDialog("block") },
                      { label: "Report", onSelect: () => setDialog("report") },
                      { label: "Cancel", onSelect: () => {} },
                    ]}
                  />
                </div>
              </>
            )}
          </div>
          {profile.followRequested && (
            <p className="sp-note">Follow request sent. You'll see their posts once they accept.</p>
          )}
          <p
            className={`sp-status${status?.tone === "error" ? " ir-error" : ""}`}
            role={status?.tone === "error" ? "alert" : "status"}
          >
            {status?.text ?? ""}
          </p>
        </div>
      </section>

      {profile.canSeePosts ? (
        <ProfileTabs api={api} session={session} profile={profile} onReload={onReload} />
      ) : (
        <section className="sp-private" aria-labelledby="sp-private-heading">
          <LockIcon size={40} />
          <h2 id="sp-private-heading">{SOCIAL_MESSAGES.privateProfile}</h2>
        </section>
      )}

      <FollowListDialog
        api={api}
        token={session.token}
        userId={profile.userId}
        viewerId={session.userId}
        kind={listKind}
        onClose={() => setListKind(null)}
        returnFocus={listKind === "following" ? followingRef : followersRef}
      />
      <Dialog
        open={dialog === "message"}
        title={`Message @${profile.username}`}
        onClose={() => setDialog(null)}
        returnFocus={messageRef}
      >
        <p className="sp-soon">Coming soon</p>
        <p>
          Messaging isn't ready yet, and nothing here pretends to send. Until then, follow them and comment on
          their reviews.
        </p>
      </Dialog>
      <Dialog
        open={dialog === "block"}
        title={`Block @${profile.username}?`}
        onClose={() => setDialog(null)}
        returnFocus={moreButton(moreRef)}
      >
        <p>
          You will no longer see each other's posts, comments or profiles, and follows both ways are removed.
        </p>
        <div className="ir-buttons">
          <button
            type="button"
            className="btn btn-primary ir-danger"
            aria-disabled={busy || undefined}
            onClick={() => void block()}
          >
            Block
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setDialog(null)}>
            Cancel
          </button>
        </div>
      </Dialog>
      <Dialog
        open={dialog === "report"}
        title={`Report @${profile.username}`}
        onClose={() => setDialog(null)}
        returnFocus={moreButton(moreRef)}
      >
        <ReportForm
          text={{
            name: `Report @${profile.username}`,
            legend: "Why are you reporting this person?",
            reasonMissing: FEED_MESSAGES.reportReason,
            failed: FEED_MESSAGES.reportFailed,
            signedOut: SIGNED_OUT,
          }}
          send={(reason) => api.report(session.token, profile.userId, reason)}
          onDone={(sent) => {
            setDialog(null);
            if (sent) show(REPORT_RECEIVED_MESSAGE);
          }}
        />
      </Dialog>
    </div>
  );
}

function isFeedPost(post: ProfilePostCard): post is FeedPost {
  return "likedByUser" in post;
}

function moreButton(ref: React.RefObject<HTMLDivElement | null>) {
  return {
    get current() {
      return ref.current?.querySelector("button") ?? null;
    },
  };
}

function LockIcon({ size = 16 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className="sp-lock"
    >
      <path
        fill="currentColor"
        d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1h1Zm2 0h6V7a3 3 0 0 0-6 0v3Z"
      />
    </svg>
  );
}

function CountButton({
  count,
  label,
  enabled,
  onOpen,
  buttonRef,
}: {
  count: number;
  label: string;
  enabled: boolean;
  onOpen: () => void;
  buttonRef: React.RefObject<HTMLButtonElement | null>;
}) {
  const inner = (
    <>
      <strong aria-hidden="true">{formatCount(count)}</strong>
      <span aria-hidden="true"> {label}</span>
      <span className="visually-hidden">
        {formatGroupedCount(count)} {label}
      </span>
    </>
  );
  if (!enabled) return <span className="sp-count">{inner}</span>;
  return (
    <button
      ref={buttonRef}
      type="button"
      className="sp-count sp-count--button"
      aria-haspopup="dialog"
      onClick={onOpen}
    >
      {inner}
    </button>
  );
}

function BioForm({
  bio,
  onSave,
  onCancel,
}: {
  bio: string;
  onSave: (bio: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [text, setText] = useState(bio);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const length = Array.from(text).length;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (length > BIO_MAX_LENGTH) {
      setError(SOCIAL_MESSAGES.bioTooLong);
      return;
    }
    setBusy(true);
    const problem = await onSave(text.trim());
    setBusy(false);
    setError(problem);
  }

  return (
    <form
      className="ir-form sp-bio-form"
      onSubmit={(event) => void submit(event)}
      aria-label="Edit bio"
      noValidate
    >
      <div className="ir-field">
        <label htmlFor={`${id}-bio`}>Bio</label>
        <textarea
          id={`${id}-bio`}
          value={text}
          ref={(el) => {
            if (el && !el.dataset.focused) {
              el.dataset.focused = "1";
              el.focus();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
        <p id={`${id}-count`} className="sp-note">
          {length} of {BIO_MAX_LENGTH} characters
        </p>
      </div>
      {error && (
        <p id={`${id}-error`} className="ir-error" role="alert">
          {error}
        </p>
      )}
      <div className="ir-buttons">
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? "Saving…" : "Save bio"}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ProfileTabs({
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
  const [tab, setTab] = useState<Tab>("posts");
  const [sort, setSort] = useState<ProfileSort>("default");
  const [lists, setLists] = useState<Record<Tab, TabList>>({
    posts: EMPTY_LIST,
    liked: EMPTY_LIST,
    saved: EMPTY_LIST,
  });
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const [now] = useState(() => Date.now());
  const [cardApi] = useState(() => feedApi());
  const baseId = useId();
  const list = lists[tab];

  // Only the newest request of a tab may fill it: a sort change can overtake a slow page.
  const requests = useRef<Record<Tab, number>>({ posts: 0, liked: 0, saved: 0 });

  async function load(which: Tab, cursor: string | null, order: ProfileSort = sort) {
    const request = ++requests.current[which];
    setLists((all) => ({ ...all, [which]: { ...all[which], state: "loading" } }));
    const outcome =
      which === "posts"
        ? await api.posts(
            session.token,
            profile.userId,
            order === "default" ? "most-liked" : "newest",
            cursor,
          )
        : which === "liked"
          ? await api.liked(session.token, profile.userId, cursor)
          : await api.saved(session.token, profile.userId, cursor);
    if (request !== requests.current[which]) return;
    setLists((all) => {
      const before = all[which];
      if (outcome.kind !== "ok") {
        return {
          ...all,
          [which]: {
            ...before,
            state: "failed",
            error: failureText(outcome, SOCIAL_POST_MESSAGES.feedFailed, SIGNED_OUT),
            failure: cursor ? null : outcome,
          },
        };
      }
      const posts: ProfilePostCard[] = "cards" in outcome.data ? outcome.data.cards : outcome.data.data;
      return {
        ...all,
        [which]: {
          posts: cursor ? [...before.posts, ...posts] : posts,
          cursor: outcome.data.nextCursor,
          state: "ready",
          error: "",
          failure: null,
        },
      };
    });
  }

  useEffect(() => {
    if (lists[tab].state === "idle") void load(tab, null);
    // Each tab loads once, when first shown; the Posts tab again after a sort change.
  }, [tab, lists.posts.state]);

  function changeSort(next: ProfileSort) {
    setSort(next);
    // The Posts tab is sorted by the server, from its first page; Liked and Saved are sorted here.
    if (tab === "posts") void load("posts", null, next);
    else setLists((all) => ({ ...all, posts: EMPTY_LIST }));
  }

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

  const shown = tab === "posts" ? list.posts : sortedPosts(list.posts, sort);
  const panel = list.failure ? (
    <ScreenError
      failure={list.failure}
      // A private account's posts (403) or a vanished person (404): the profile itself says why.
      onRetry={
        list.failure.kind === "failed" && [403, 404].includes(list.failure.status)
          ? onReload
          : () => void load(tab, null)
      }
    />
  ) : (
    <>
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
                setLists((all) => ({
                  ...all,
                  [tab]: {
                    ...all[tab],
                    posts: all[tab].posts.map((p) => (p.id === post.id && isFeedPost(p) ? change(p) : p)),
                  },
                }))
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
