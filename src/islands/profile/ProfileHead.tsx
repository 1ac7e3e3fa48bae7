// The head of a profile (spec point 2): avatar, name, counts, bio and the actions (own: Edit
// and Share; another person's: Follow, Message and the More menu), with the status line that
// says how an action went.
import { useId, useRef, useState, type RefObject } from "react";
import { formatCount, formatGroupedCount } from "../../domain/format-count.ts";
import { SOCIAL_MESSAGES } from "../../domain/social-rules.ts";
import type { Profile } from "../../shared/schemas/social-profiles.ts";
import type { Session } from "../../client/session.ts";
import { Avatar } from "../../client/post-card/post-pieces.tsx";
import { failureText } from "../../client/failure-text.ts";
import { BioForm } from "./BioForm.tsx";
import type { FollowListKind, ProfileApi } from "./profile-api.ts";
import type { ProfileDialog } from "./ProfileDialogs.tsx";
import { MenuButton, SIGNED_OUT } from "../../client/screen-parts.tsx";
import type { useProfileActions } from "./use-profile-actions.ts";
import { isVisitor } from "./visitor-session.ts";
import { loginHref } from "../../client/login-return.ts";

export interface ProfileHeadRefs {
  fileRef: RefObject<HTMLInputElement | null>;
  followingRef: RefObject<HTMLButtonElement | null>;
  followersRef: RefObject<HTMLButtonElement | null>;
  messageRef: RefObject<HTMLButtonElement | null>;
  moreRef: RefObject<HTMLDivElement | null>;
}

type ProfileActions = ReturnType<typeof useProfileActions>;

export function ProfileHead({
  api,
  session,
  profile,
  actions,
  refs,
  onChange,
  onOpenList,
  onOpenDialog,
}: {
  api: ProfileApi;
  session: Session;
  profile: Profile;
  actions: ProfileActions;
  refs: ProfileHeadRefs;
  onChange: (profile: Profile) => void;
  onOpenList: (kind: FollowListKind) => void;
  onOpenDialog: (dialog: ProfileDialog) => void;
}) {
  const [editingBio, setEditingBio] = useState(false);
  const headingId = useId();
  const displayName = profile.name || profile.username;
  const listsOpen = profile.canSeePosts;
  const { status } = actions;

  return (
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
              buttonRef={refs.followingRef}
              count={profile.followingCount}
              label="Following"
              enabled={listsOpen}
              onOpen={() => onOpenList("following")}
            />
          </li>
          <li>
            <CountButton
              buttonRef={refs.followersRef}
              count={profile.followersCount}
              label={profile.followersCount === 1 ? "Follower" : "Followers"}
              enabled={listsOpen}
              onOpen={() => onOpenList("followers")}
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
              actions.show(outcome.message || SOCIAL_MESSAGES.bioSaved);
              return null;
            }}
          />
        ) : (
          profile.bio && <p className="sp-head__bio">{profile.bio}</p>
        )}
        <HeadActions
          visitor={isVisitor(session)}
          profile={profile}
          actions={actions}
          refs={refs}
          onEditBio={() => setEditingBio(true)}
          onOpenDialog={onOpenDialog}
        />
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
  );
}

function HeadActions({
  visitor,
  profile,
  actions,
  refs,
  onEditBio,
  onOpenDialog,
}: {
  visitor: boolean;
  profile: Profile;
  actions: ProfileActions;
  refs: ProfileHeadRefs;
  onEditBio: () => void;
  onOpenDialog: (dialog: ProfileDialog) => void;
}) {
  const editRef = useRef<HTMLDivElement>(null);
  const followLabel = profile.isFollowing
    ? "Unfollow"
    : profile.followRequested
      ? "Cancel request"
      : "Follow";

  if (visitor) {
    // Following, messaging, blocking and reporting need an account; login comes back here.
    return (
      <div className="sp-actions">
        <a className="btn btn-primary" href={loginHref()}>
          Log in to follow
        </a>
      </div>
    );
  }
  return (
    <div className="sp-actions">
      {profile.isOwn ? (
        <>
          <div ref={editRef}>
            <MenuButton
              label="Edit profile"
              visibleLabel="Edit"
              items={[
                { label: "Edit Photo", onSelect: () => refs.fileRef.current?.click() },
                { label: "Edit Bio", onSelect: onEditBio },
              ]}
            />
          </div>
          <input
            ref={refs.fileRef}
            className="visually-hidden"
            type="file"
            accept="image/*"
            tabIndex={-1}
            aria-label="Choose a profile photo"
            onChange={(event) => void actions.uploadAvatar(event.target.files?.[0])}
          />
          <button type="button" className="btn btn-secondary" onClick={() => void actions.share()}>
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
            aria-disabled={actions.busy || undefined}
            onClick={() => void actions.toggleFollow()}
          >
            {followLabel}
          </button>
          {profile.canSeePosts && (
            <button
              ref={refs.messageRef}
              type="button"
              className="btn btn-secondary"
              aria-haspopup="dialog"
              onClick={() => onOpenDialog("message")}
            >
              Message
            </button>
          )}
          <div ref={refs.moreRef}>
            <MenuButton
              label={`More actions for @${profile.username}`}
              visibleLabel={<span aria-hidden="true">⋯</span>}
              items={[
                { label: "Block", onSelect: () => onOpenDialog("block") },
                { label: "Report", onSelect: () => onOpenDialog("report") },
                { label: "Cancel", onSelect: () => {} },
              ]}
            />
          </div>
        </>
      )}
    </div>
  );
}

export function LockIcon({ size = 16 }: { size?: number }) {
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
  buttonRef: RefObject<HTMLButtonElement | null>;
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
