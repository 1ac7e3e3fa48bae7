// The contract's words and limits the profile screens show, copied so the islands load no
// zod (the contract modules import it); messages.test.ts holds them equal to the contract's.
export const PROFILE_TEXT = {
  privateProfile: "Private account. Request to follow to see their profile.",
  avatarRequired: "Please choose an image file.",
  avatarNotImage: "Only image files can be uploaded: JPEG, PNG, WebP or AVIF.",
  avatarTooLarge: "The image must be at most 10 MB.",
  bioTooLong: "Bio can be at most 300 characters long.",
} as const;

export const BIO_LIMIT = 300;
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

/** The avatar picker's own check before any upload (spec point 5: image files only). */
export function avatarProblem(file: File | undefined): string | null {
  if (!file) return PROFILE_TEXT.avatarRequired;
  if (!file.type.startsWith("image/")) return PROFILE_TEXT.avatarNotImage;
  if (file.size > AVATAR_MAX_BYTES) return PROFILE_TEXT.avatarTooLarge;
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
