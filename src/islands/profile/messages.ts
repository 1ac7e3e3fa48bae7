// The profile screens' own rules. The contract's words and limits they show come from
// src/domain/social-rules.ts (no zod in the islands' JavaScript).
import { MAX_AVATAR_BYTES, SOCIAL_MESSAGES } from "../../domain/social-rules.ts";

/** The avatar picker's own check before any upload (spec point 5: image files only). */
export function avatarProblem(file: File | undefined): string | null {
  if (!file) return SOCIAL_MESSAGES.avatarRequired;
  if (!file.type.startsWith("image/")) return SOCIAL_MESSAGES.avatarNotImage;
  if (file.size > MAX_AVATAR_BYTES) return SOCIAL_MESSAGES.avatarTooLarge;
  return null;
}

/** The id in /user/{userId}, or null when the address holds none. */
export function userIdFromPath(pathname: string): number | null {
  const match = /^\/user\/([1-9][0-9]{0,14})\/?$/.exec(pathname);
  return match ? Number(match[1]) : null;
}

export type ProfileSort = "default" | "post-time";

/**
 * Spec point 2's sort select on the Liked and Saved tabs. Default keeps the tab's own order
 * (the most recently liked or saved first); Post time orders by when each post was written,
 * newest first. The Posts tab asks the server for its order instead (most liked first by
 * Default, see docs/social.md), since it pages through every post the person wrote.
 */
export function sortedPosts<T extends { createdAt: string }>(posts: T[], sort: ProfileSort): T[] {
  if (sort === "default") return posts;
  return [...posts].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
