// Profiles (spec points 3 "Profile", 6, 7 "Follow and profile"; issue 12; docs/social.md):
// reading one as a visitor, its owner, a follower or anyone else, and the owner's bio, privacy
// and photo. A private profile answers a non-follower with its name, photo and counts, and no
// posts. A privacy switch and a new photo change cached public reads: the item review lists
// that show or leave out the person's reviews, with their photo.
import { cursorCodec } from "../../../domain/keyset-cursor.ts";
import { fileUrl } from "../../../domain/file-url.ts";
import { MAX_AVATAR_BYTES, PROFILE_POSTS_PAGE_SIZE, SOCIAL_MESSAGES } from "../../../domain/social-rules.ts";
import { PhotoRejectedError, type PreparedAvatar } from "../files/image-pipeline.ts";
import type {
  Profile,
  ProfilePost,
  ProfilePostSort,
  ProfilePostsPage,
} from "../../../shared/schemas/social-profiles.ts";
import { enforceRateLimit, RATE_LIMITS } from "../auth/rate-limit.ts";
import {
  readProfilePosts,
  replaceAvatar,
  setBio,
  type MostLikedKey,
  type NewestKey,
  type ProfilePostRow,
  type ProfilePostsOrder,
} from "../db/queries/profiles.ts";
import { itemsReviewedBy } from "../db/queries/reviews-reads.ts";
import { setProfilePrivacy } from "../db/queries/social-graph.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { publishReviewVisibilityChanges } from "./catalogue-changes.ts";
import { postCards } from "./feed.ts";
import { canSeeContent, visiblePerson } from "./follows.ts";
import { readCursor } from "./page-cursor.ts";

const newestCursor = cursorCodec("profilenewest", ["createdAt", "id"]);
const mostLikedCursor = cursorCodec("profileliked", ["likes", "createdAt", "id"]);
const newestKey = (k?: { createdAt: number; id: number }): NewestKey | undefined => k && [k.createdAt, k.id];
const mostLikedKey = (k?: { likes: number; createdAt: number; id: number }): MostLikedKey | undefined =>
  k && [k.likes, k.createdAt, k.id];

/** One page of a person's posts in `sort` order; a cursor is read back in its own order only. */
async function postsPage(
  deps: AppDeps,
  authorId: number,
  sort: ProfilePostSort,
  cursor: string | undefined,
  limit: number,
): Promise<{ rows: ProfilePostRow[]; nextCursor: string | null }> {
  // Each order's cursor is its own kind, so one order's cursor is refused by the other instead
  // of starting at a wrong place.
  const order: ProfilePostsOrder =
    sort === "newest"
      ? { sort, after: newestKey(readCursor(newestCursor, cursor)) }
      : { sort, after: mostLikedKey(readCursor(mostLikedCursor, cursor)) };
  const rows = await readProfilePosts(deps.db, authorId, order, limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  const codec = sort === "newest" ? newestCursor : mostLikedCursor;
  return { rows: shown, nextCursor: rows.length > limit && last ? codec.encode(last) : null };
}

const tile = (row: ProfilePostRow): ProfilePost => ({ id: row.id, imageUrl: fileUrl(row.imageName) });

/** The profile as `viewer` (0 for a visitor) sees it; 404 for nobody or a block either way. */
export async function profileFor(deps: AppDeps, viewer: number, userId: number): Promise<Profile> {
  const person = await visiblePerson(deps, viewer, userId);
  const visible = canSeeContent(viewer, person);
  const page = visible ? await postsPage(deps, userId, "newest", undefined, PROFILE_POSTS_PAGE_SIZE) : undefined;
  return {
    id: person.profileId,
    userId: person.userId,
    username: person.username,
    name: person.name,
    bio: person.bio,
    profileImage: fileUrl(person.profileImage),
    followingCount: person.followingCount,
    followersCount: person.followersCount,
    posts: page?.rows.map(tile) ?? [],
    postsNextCursor: page?.nextCursor ?? null,
    isPrivate: person.isPrivate,
    isFollowing: person.isFollowing,
    isFollower: person.isFollower,
    followRequested: person.followRequested,
    isOwn: viewer === person.userId,
    canSeePosts: visible,
  };
}

/** More of the posts grid, in either order, with each post as the feed's card too. */
export async function profilePosts(
  deps: AppDeps,
  viewer: number,
  userId: number,
  query: { cursor?: string; limit: number; sort: ProfilePostSort },
): Promise<ProfilePostsPage> {
  const person = await visiblePerson(deps, viewer, userId);
  if (!canSeeContent(viewer, person)) throw new ApiError(403, SOCIAL_MESSAGES.privateProfile);
  const page = await postsPage(deps, userId, query.sort, query.cursor, query.limit);
  const source = viewer === userId ? "own" : person.isFollowing ? "following" : "other";
  return {
    posts: page.rows.map(tile),
    cards: await postCards(deps, viewer, page.rows, () => source),
    nextCursor: page.nextCursor,
  };
}

export async function updateBio(deps: AppDeps, userId: number, bio: string): Promise<Profile> {
  await setBio(deps.db, userId, bio);
  return profileFor(deps, userId, userId);
}

/**
 * Item review lists leave a private account's reviews out (docs/social.md "Privacy of
 * reviews"), so the cached lists of every item this person reviewed change with the switch.
 */
export async function updatePrivacy(deps: AppDeps, userId: number, isPrivate: boolean): Promise<Profile> {
  await setProfilePrivacy(deps.db, userId, isPrivate, deps.now());
  publishReviewVisibilityChanges(deps, await itemsReviewedBy(deps.db, userId));
  return profileFor(deps, userId, userId);
}

export async function uploadAvatar(deps: AppDeps, userId: number, upload: File): Promise<Profile> {
  if (upload.size === 0) throw fieldError(400, "file", SOCIAL_MESSAGES.avatarRequired);
  if (upload.size > MAX_AVATAR_BYTES) throw fieldError(400, "file", SOCIAL_MESSAGES.avatarTooLarge);
  await enforceRateLimit(deps.db, RATE_LIMITS.avatarsPerUser, String(userId), deps.now());
  // The host's pipeline checks the bytes, then decodes and re-encodes them to a square WebP of
  // at most 512 px (deps.images: sharp on Node, WebAssembly codecs on Cloudflare).
  let image: PreparedAvatar;
  try {
    image = await deps.images.avatar({ name: upload.name, bytes: new Uint8Array(await upload.arrayBuffer()) });
  } catch (error) {
    if (error instanceof PhotoRejectedError) throw fieldError(400, "file", error.message);
    throw error;
  }
  const { name, body, contentType, width, height } = image;
  await deps.files.put(name, body, contentType);
  let replaced: string | null;
  try {
    replaced = await replaceAvatar(deps.db, userId, { name, contentType, width, height, bytes: body.byteLength }, deps.now());
  } catch (error) {
    await deps.files.delete(name).catch(() => {});
    throw error;
  }
  if (replaced) {
    await deps.files.delete(replaced).catch((error: unknown) => deps.log("warn", "Could not remove an old avatar", error));
  }
  // Each review in an item's list shows its author's photo.
  publishReviewVisibilityChanges(deps, await itemsReviewedBy(deps.db, userId));
  return profileFor(deps, userId, userId);
}
