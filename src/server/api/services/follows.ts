// Follows, follow requests and people search (issue 12; docs/social.md). Rules that hold
// across it: the acting user is the caller (routes check ids with assertSelf); two people
// where either has blocked the other do not exist for each other (404, never 403, so a block
// is not announced); a private account shows its lists only to itself and its followers.
// Counts are count(*) over index ranges, exact after any number of parallel writes. None of
// these writes changes a cached public read, so none publishes catalogue changes.
import { cursorCodec } from "../../../domain/keyset-cursor.ts";
import { fileUrl } from "../../../domain/file-url.ts";
import { MAX_PEOPLE_RESULTS, SOCIAL_MESSAGES } from "../../../domain/social-rules.ts";
import {
  type FollowEntry,
  type FollowState,
  type PeopleResult,
  type Person,
  SUGGESTION_REASONS,
} from "../../../shared/schemas/social-profiles.ts";
import { enforceRateLimit, RATE_LIMITS } from "../auth/rate-limit.ts";
import { searchPeople, suggestActiveReviewers, suggestFollowedByFollowing, type PersonRow } from "../db/queries/people.ts";
import {
  acceptFollowRequest,
  countFollowing,
  declineFollowRequest,
  findListOwner,
  findPersonRelation,
  followOrRequest,
  readFollowList,
  readFollowRequests,
  unfollowPair,
  type PersonRelation,
} from "../db/queries/social-graph.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { notify } from "./notifications.ts";
import { invalidCursor, readCursor } from "./page-cursor.ts";

/** A visitor's id in relation queries: no user has it, so every relation reads false. */
export const VISITOR = 0;

// A follow list and the requests page by the same key; each list's cursor is its own kind.
const followListCursor = cursorCodec("follows", ["createdAt", "userId"]);
const requestCursor = cursorCodec("requests", ["createdAt", "userId"]);
const peopleCursor = cursorCodec("people", ["offset"]);

/** Who `viewer` may see: 404 for nobody or a block either way (the same answer). */
export async function visiblePerson(deps: AppDeps, viewer: number, userId: number): Promise<PersonRelation> {
  const person = await findPersonRelation(deps.db, viewer, userId);
  if (!person || person.blocked) throw new ApiError(404);
  return person;
}

/** The owner, a follower, or anyone for a public account. */
export function canSeeContent(
  viewer: number,
  person: Pick<PersonRelation, "userId" | "isPrivate" | "isFollowing">,
): boolean {
  return viewer === person.userId || !person.isPrivate || person.isFollowing;
}

export function personOf(row: { userId: number; username: string; name: string; profileImage: string | null }): Person {
  return { userId: row.userId, username: row.username, name: row.name, avatar: fileUrl(row.profileImage) };
}

function personKey(codec: typeof followListCursor, cursor: string | undefined): [number, number] | undefined {
  const key = readCursor(codec, cursor);
  return key && [key.createdAt, key.userId];
}

export interface ListQuery {
  cursor?: string;
  limit: number;
  q?: string;
}

async function followList(
  deps: AppDeps,
  viewer: number,
  ownerId: number,
  direction: "following" | "followers",
  query: ListQuery,
): Promise<{ entries: FollowEntry[]; nextCursor: string | null }> {
  // visiblePerson's rule (nobody and a block answer the same 404) without its counts.
  const owner = await findListOwner(deps.db, viewer, ownerId);
  if (!owner || owner.blocked) throw new ApiError(404);
  if (!canSeeContent(viewer, owner)) throw new ApiError(403, SOCIAL_MESSAGES.privateProfile);
  const contains = query.q?.trim().toLowerCase() || undefined;
  const rows = await readFollowList(deps.db, {
    viewer,
    ownerId,
    direction,
    after: personKey(followListCursor, query.cursor),
    limit: query.limit + 1,
    contains,
  });
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    entries: shown.map((row) => ({
      ...personOf(row),
      isFollowing: row.isFollowing,
      isFollower: row.isFollower,
    })),
    nextCursor: rows.length > query.limit && last ? followListCursor.encode(last) : null,
  };
}

export async function followingOf(deps: AppDeps, viewer: number, ownerId: number, query: ListQuery) {
  const { entries, nextCursor } = await followList(deps, viewer, ownerId, "following", query);
  return { following: entries, nextCursor };
}

export async function followersOf(deps: AppDeps, viewer: number, ownerId: number, query: ListQuery) {
  const { entries, nextCursor } = await followList(deps, viewer, ownerId, "followers", query);
  return { follower: entries, followers: entries, nextCursor };
}

async function stateAfter(deps: AppDeps, actorId: number, targetId: number): Promise<FollowState> {
  const person = await visiblePerson(deps, actorId, targetId);
  return {
    userId: targetId,
    isFollowing: person.isFollowing,
    followRequested: person.followRequested,
    followersCount: person.followersCount,
    followingCount: await countFollowing(deps.db, actorId),
  };
}

/**
 * Follows a public account, or asks a private one. Repeats change nothing and say so; every
 * call counts against the daily limit, so it cannot be dodged by repeating
 * (nor by unfollowing and following again, which notifies once: notifications_once_idx).
 */
export async function follow(
  deps: AppDeps,
  actorId: number,
  targetId: number,
): Promise<{ state: FollowState; message: string }> {
  if (actorId === targetId) throw fieldError(400, "followingId", SOCIAL_MESSAGES.followSelf);
  await enforceRateLimit(deps.db, RATE_LIMITS.followsPerUser, String(actorId), deps.now());
  const outcome = await followOrRequest(deps.db, actorId, targetId, deps.now());
  if (outcome === "followed") await notify(deps, { recipientId: targetId, actorId, kind: "follow" });
  if (outcome === "requested") await notify(deps, { recipientId: targetId, actorId, kind: "follow-request" });
  const state = await stateAfter(deps, actorId, targetId);
  const message =
    outcome === "followed"
      ? SOCIAL_MESSAGES.followed
      : outcome === "requested"
        ? SOCIAL_MESSAGES.requested
        : state.isFollowing
          ? SOCIAL_MESSAGES.alreadyFollowing
          : SOCIAL_MESSAGES.alreadyRequested;
  return { state, message };
}

/** Ends a follow, or withdraws a waiting request; a repeat answers the same. */
export async function unfollow(
  deps: AppDeps,
  actorId: number,
  targetId: number,
): Promise<{ state: FollowState; message: string }> {
  if (actorId === targetId) throw fieldError(400, "followingId", SOCIAL_MESSAGES.followSelf);
  await visiblePerson(deps, actorId, targetId);
  const { withdrawn } = await unfollowPair(deps.db, actorId, targetId);
  const state = await stateAfter(deps, actorId, targetId);
  return { state, message: withdrawn ? SOCIAL_MESSAGES.requestCancelled : SOCIAL_MESSAGES.unfollowed };
}

export async function followRequestsOf(deps: AppDeps, ownerId: number, query: { cursor?: string; limit: number }) {
  const rows = await readFollowRequests(deps.db, ownerId, personKey(requestCursor, query.cursor), query.limit + 1);
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    requests: shown.map((row) => ({ ...personOf(row), requestedAt: new Date(row.createdAt).toISOString() })),
    nextCursor: rows.length > query.limit && last ? requestCursor.encode(last) : null,
  };
}

export async function acceptRequest(deps: AppDeps, ownerId: number, requesterId: number): Promise<void> {
  if (!(await acceptFollowRequest(deps.db, ownerId, requesterId, deps.now()))) {
    throw new ApiError(404, SOCIAL_MESSAGES.noSuchRequest);
  }
  await notify(deps, { recipientId: requesterId, actorId: ownerId, kind: "follow-accepted" });
}

export async function declineRequest(deps: AppDeps, ownerId: number, requesterId: number): Promise<void> {
  if (!(await declineFollowRequest(deps.db, ownerId, requesterId))) {
    throw new ApiError(404, SOCIAL_MESSAGES.noSuchRequest);
  }
}

function peopleResult(row: PersonRow): PeopleResult {
  return { ...personOf(row), isFollowing: row.isFollowing, isFollower: row.isFollower, isPrivate: row.isPrivate };
}

/** People by name and username; the cursor is the offset within the first MAX_PEOPLE_RESULTS. */
export async function findPeople(
  deps: AppDeps,
  viewer: number,
  query: { q: string; cursor?: string; limit: number },
): Promise<{ people: PeopleResult[]; nextCursor: string | null }> {
  const start = readCursor(peopleCursor, query.cursor)?.offset ?? 0;
  if (start >= MAX_PEOPLE_RESULTS) throw invalidCursor();
  const limit = Math.min(query.limit, MAX_PEOPLE_RESULTS - start);
  const rows = await searchPeople(deps.db, viewer, query.q, start, limit + 1);
  const shown = rows.slice(0, limit);
  const next = start + shown.length;
  return {
    people: shown.map(peopleResult),
    nextCursor: rows.length > limit && next < MAX_PEOPLE_RESULTS ? peopleCursor.encode({ offset: next }) : null,
  };
}

/** Followed by people you follow first, then active reviewers; never yourself or a block. */
export async function suggestPeople(deps: AppDeps, viewer: number, limit: number) {
  const friends = await suggestFollowedByFollowing(deps.db, viewer, limit);
  const reviewers =
    friends.length < limit
      ? await suggestActiveReviewers(
          deps.db,
          viewer,
          friends.map((f) => f.userId),
          limit - friends.length,
        )
      : [];
  const [byFriends, active] = SUGGESTION_REASONS;
  return {
    suggestions: [
      ...friends.map((row) => ({ ...peopleResult(row), reason: byFriends, mutualCount: row.mutualCount })),
      ...reviewers.map((row) => ({ ...peopleResult(row), reason: active, mutualCount: 0 })),
    ],
  };
}
