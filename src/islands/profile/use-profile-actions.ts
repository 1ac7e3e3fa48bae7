// What the profile head does: upload an avatar, follow or unfollow, block, share. Each says how
// it went in the head's status line; `busy` keeps a second press from sending twice.
import { useState, type RefObject } from "react";
import { SOCIAL_MESSAGES } from "../../domain/social-rules.ts";
import type { FollowState, Profile } from "../../shared/schemas/social-profiles.ts";
import type { Session } from "../../client/session.ts";
import { failureText } from "../../client/failure-text.ts";
import { ImageDecodeError, jpegName, MAX_AVATAR_EDGE, resizeToJpeg } from "../../client/photo-resize.ts";
import { avatarProblem } from "./messages.ts";
import type { ProfileApi } from "./profile-api.ts";
import { SIGNED_OUT } from "../../client/screen-parts.tsx";

export interface ProfileStatus {
  text: string;
  tone: "done" | "error";
}

export function useProfileActions({
  api,
  session,
  profile,
  fileRef,
  onChange,
  onReload,
  onBlocked,
  closeDialog,
}: {
  api: ProfileApi;
  session: Session;
  profile: Profile;
  fileRef: RefObject<HTMLInputElement | null>;
  onChange: (profile: Profile) => void;
  onReload: () => void;
  onBlocked: () => void;
  closeDialog: () => void;
}) {
  const [status, setStatus] = useState<ProfileStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const displayName = profile.name || profile.username;

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
    // Scaled on the device: the Cloudflare pipeline refuses anything over 8 megapixels, which
    // a phone's camera photo is, and the server keeps only a 512 px square anyway.
    const small = await shrinkAvatar(file);
    const outcome = small ? await api.uploadAvatar(session.token, session.userId, small) : null;
    setBusy(false);
    if (fileRef.current) fileRef.current.value = "";
    if (!outcome) {
      show(SOCIAL_MESSAGES.avatarNotImage, "error");
      return;
    }
    if (outcome.kind !== "ok") {
      show(failureText(outcome, "Failed to upload the photo. Please try again.", SIGNED_OUT), "error");
      return;
    }
    onChange(outcome.data);
    show(outcome.message || SOCIAL_MESSAGES.avatarSaved);
  }

  /** The avatar as a JPEG at most MAX_AVATAR_EDGE px long, or null when it cannot be decoded. */
  async function shrinkAvatar(file: File): Promise<File | null> {
    try {
      const name = jpegName(file.name);
      return new File([await resizeToJpeg(file, MAX_AVATAR_EDGE)], name, { type: "image/jpeg" });
    } catch (error) {
      if (!(error instanceof ImageDecodeError)) console.warn(error);
      return null;
    }
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
      closeDialog();
      return;
    }
    closeDialog();
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

  return { status, busy, show, uploadAvatar, toggleFollow, block, share };
}
