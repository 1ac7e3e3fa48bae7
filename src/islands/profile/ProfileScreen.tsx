// Own profile (/profile) and another person's (/user/{userId}) (spec point 2; issue 12): one
// island, since both show the same head, counts, lists and posts. Own: avatar upload, bio,
// Edit menu, Share, tabs Posts, Liked and Saved with the sort select. Other: Follow/Unfollow
// (a private account gets a request), Message (coming soon), and Block, Report and Cancel.
// A visitor may open another person's profile (issue 24): a public one with its posts, a
// private one with the private-profile screen, as the API answers them without a token; the
// actions ask the visitor to log in.
import { useEffect, useRef, useState } from "react";
import { REPORT_RECEIVED_MESSAGE } from "../../domain/report-reasons.ts";
import { SOCIAL_MESSAGES } from "../../domain/social-rules.ts";
import type { Profile } from "../../shared/schemas/social-profiles.ts";
import "../../client/post-card/post-card.css";
import { currentSession, type Session } from "../../client/session.ts";
import { FollowListDialog } from "./FollowListDialog.tsx";
import { userIdFromPath } from "./messages.ts";
import { profileApi, type FollowListKind, type ProfileApi } from "./profile-api.ts";
import { ProfileDialogs, type ProfileDialog } from "./ProfileDialogs.tsx";
import { LockIcon, ProfileHead, type ProfileHeadRefs } from "./ProfileHead.tsx";
import { ProfileTabs } from "./ProfileTabs.tsx";
import { ScreenBoundary, ScreenError, type FailedRead } from "../../client/screen-parts.tsx";
import { useProfileActions } from "./use-profile-actions.ts";
import { VISITOR_SESSION } from "./visitor-session.ts";
import "../../client/signed-in-screens.css";

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
  const [session] = useState<Session | null>(() => currentSession() ?? (own ? null : VISITOR_SESSION));
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
  const [listKind, setListKind] = useState<FollowListKind | null>(null);
  const [dialog, setDialog] = useState<ProfileDialog | null>(null);
  const refs: ProfileHeadRefs = {
    fileRef: useRef<HTMLInputElement>(null),
    followingRef: useRef<HTMLButtonElement>(null),
    followersRef: useRef<HTMLButtonElement>(null),
    messageRef: useRef<HTMLButtonElement>(null),
    moreRef: useRef<HTMLDivElement>(null),
  };
  const actions = useProfileActions({
    api,
    session,
    profile,
    fileRef: refs.fileRef,
    onChange,
    onReload,
    onBlocked,
    closeDialog: () => setDialog(null),
  });

  return (
    <div className="sp-profile">
      <ProfileHead
        api={api}
        session={session}
        profile={profile}
        actions={actions}
        refs={refs}
        onChange={onChange}
        onOpenList={setListKind}
        onOpenDialog={setDialog}
      />

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
        returnFocus={listKind === "following" ? refs.followingRef : refs.followersRef}
      />
      <ProfileDialogs
        api={api}
        session={session}
        profile={profile}
        dialog={dialog}
        busy={actions.busy}
        messageRef={refs.messageRef}
        moreRef={refs.moreRef}
        onClose={() => setDialog(null)}
        onBlock={() => void actions.block()}
        onReported={() => actions.show(REPORT_RECEIVED_MESSAGE)}
      />
    </div>
  );
}
