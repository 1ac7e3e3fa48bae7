// Every SQL statement about who follows, asks to follow, blocks or reports whom (issue 12).
// Writes are single statements or one batch (libSQL's file mode stalls when interactive
// transactions overlap), and each write carries its own conditions: a follow checks privacy and
// blocks in the INSERT itself, so a block, a privacy change and a follow racing each other end
// in a state one of their orders would have produced. Counts are never stored: they are
// count(*) over an index range, so they are exact whatever ran in parallel.
import { sql, type SQL } from "drizzle-orm";
import { getRow, type Database } from "../client.ts";

/** The viewer's id in queries; 0 for a visitor (no user has it), so every relation is false. */
export type ViewerId = number;

/** Neither has blocked the other: a condition on `viewer` and the person in `column`. */
export function notBlockedEitherWay(viewer: ViewerId, column: SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${viewer} AND b.blocked_id = ${column})
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${column} AND b.blocked_id = ${viewer})`;
}

/** Neither of the people in the columns `a` and `b` has blocked the other. */
function noBlockBetween(a: SQL, b: SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${a} AND b.blocked_id = ${b})
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${b} AND b.blocked_id = ${a})`;
}

/**
 * The comment in the row named `alias` is shown to `viewer` (issue 20): no block stands
 * between the viewer and its writer, nor between its writer and the author of its post (a
 * blocked person's words on the blocker's posts, and the blocker's on theirs, are hidden for
 * everyone); and a reply goes where the first comment of its thread goes. Whether the viewer
 * may see the post itself is the caller's to check.
 */
export function commentShown(viewer: ViewerId, alias: string): SQL {
  const writerShown = (c: string) => {
    const [writer, post] = [sql.raw(`${c}.user_id`), sql.raw(`${c}.post_id`)];
    // Removed by a moderator (issue 21): shown to its writer only, and so are its replies.
    return sql`(${sql.raw(`${c}.removed_at`)} IS NULL OR ${writer} = ${viewer})
      AND ${notBlockedEitherWay(viewer, writer)}
      AND NOT EXISTS (SELECT 1 FROM posts cp WHERE cp.id = ${post} AND NOT (${noBlockBetween(sql`cp.author_id`, writer)}))`;
  };
  const parent = sql.raw(`${alias}.parent_id`);
  return sql`(${writerShown(alias)}
    AND (${parent} IS NULL OR EXISTS (SELECT 1 FROM comments cr WHERE cr.id = ${parent} AND ${writerShown("cr")})))`;
}

export async function isBlockedEitherWay(db: Database, a: number, b: number): Promise<boolean> {
  const row = await db.get<{ blocked: number }>(sql`SELECT EXISTS (
      SELECT 1 FROM blocks WHERE (blocker_id = ${a} AND blocked_id = ${b}) OR (blocker_id = ${b} AND blocked_id = ${a})
    ) AS blocked`);
  return row?.blocked === 1;
}

export interface PersonRelation {
  userId: number;
  username: string;
  profileId: number;
  name: string;
  bio: string;
  profileImage: string | null;
  isPrivate: boolean;
  isFollowing: boolean;
  isFollower: boolean;
  followRequested: boolean;
  blocked: boolean;
  followersCount: number;
  followingCount: number;
}

/** A person as `viewer` sees them, with exact counts; undefined when no such user exists. */
export async function findPersonRelation(
  db: Database,
  viewer: ViewerId,
  userId: number,
): Promise<PersonRelation | undefined> {
  const row = await getRow<Record<string, number | string | null>>(
    db,
    sql`
    SELECT u.id AS user_id, u.username, p.id AS profile_id, coalesce(p.name, '') AS name,
      coalesce(p.bio, '') AS bio, p.profile_image, coalesce(p.is_private, 0) AS is_private,
      EXISTS (SELECT 1 FROM follows WHERE follower_id = ${viewer} AND following_id = u.id) AS is_following,
      EXISTS (SELECT 1 FROM follows WHERE follower_id = u.id AND following_id = ${viewer}) AS is_follower,
      EXISTS (SELECT 1 FROM follow_requests WHERE requester_id = ${viewer} AND target_id = u.id) AS requested,
      NOT (${notBlockedEitherWay(viewer, sql`u.id`)}) AS blocked,
      (SELECT count(*) FROM follows WHERE following_id = u.id) AS followers_count,
      (SELECT count(*) FROM follows WHERE follower_id = u.id) AS following_count
    FROM users u LEFT JOIN profiles p ON p.user_id = u.id
    WHERE u.id = ${userId}`,
  );
  if (!row) return undefined;
  return {
    userId: Number(row.user_id),
    username: String(row.username),
    profileId: Number(row.profile_id ?? 0),
    name: String(row.name),
    bio: String(row.bio),
    profileImage: row.profile_image === null ? null : String(row.profile_image),
    isPrivate: row.is_private === 1,
    isFollowing: row.is_following === 1,
    isFollower: row.is_follower === 1,
    followRequested: row.requested === 1,
    blocked: row.blocked === 1,
    followersCount: Number(row.followers_count),
    followingCount: Number(row.following_count),
  };
}

/** Who may read a person's follow lists: findPersonRelation without the counts, which a list
 * does not show and which cost 0.25 ms at 10,000 followers. */
export type ListOwner = Pick<PersonRelation, "userId" | "isPrivate" | "isFollowing" | "blocked">;

export async function findListOwner(
  db: Database,
  viewer: ViewerId,
  userId: number,
): Promise<ListOwner | undefined> {
  const row = await getRow<Record<string, number>>(
    db,
    sql`
    SELECT u.id AS user_id, coalesce(p.is_private, 0) AS is_private,
      EXISTS (SELECT 1 FROM follows WHERE follower_id = ${viewer} AND following_id = u.id) AS is_following,
      NOT (${notBlockedEitherWay(viewer, sql`u.id`)}) AS blocked
    FROM users u LEFT JOIN profiles p ON p.user_id = u.id
    WHERE u.id = ${userId}`,
  );
  if (!row) return undefined;
  return {
    userId: Number(row.user_id),
    isPrivate: row.is_private === 1,
    isFollowing: row.is_following === 1,
    blocked: row.blocked === 1,
  };
}

export async function countFollowing(db: Database, userId: number): Promise<number> {
  const row = await db.get<{ n: number }>(
    sql`SELECT count(*) AS n FROM follows WHERE follower_id = ${userId}`,
  );
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Follow lists

export interface FollowRow {
  userId: number;
  username: string;
  name: string;
  profileImage: string | null;
  isFollowing: boolean;
  isFollower: boolean;
  createdAt: number;
}

export interface FollowListPage {
  viewer: ViewerId;
  /** Whose list it is. */
  ownerId: number;
  direction: "following" | "followers";
  /** Sort key of the last row of the previous page: [createdAt, userId]. */
  after?: [number, number];
  limit: number;
  /** Lower-cased text the username or name must contain. */
  contains?: string;
}

/**
 * How many rows of a follow list a search reads in order before it asks people_trigrams
 * instead. A text most of the list matches fills its page within a few rows, so reading in
 * order is cheapest there; a text few match would read the whole list (10,000 followers:
 * 16 ms p50, 46 ms p99 through the API), while the trigram index reads only the people whose
 * names hold it. 500 rows cost about 0.3 ms (docs/perf/social.md).
 */
export const FOLLOW_SEARCH_WINDOW = 500;

/** people_trigrams finds texts of at least three characters; shorter ones read the list. */
const TRIGRAM = 3;

/**
 * One page of a follow list, newest follow first: a range of follows_follower_created_idx or
 * follows_following_created_idx from the cursor. Rows the viewer must not see (blocks either
 * way) are left out. With `contains`, the page is the same whichever way it is found: the
 * first FOLLOW_SEARCH_WINDOW rows of the range are read in order, and when they hold fewer
 * than a page of matches and the range goes on, the matches come from people_trigrams
 * intersected with the follows primary key instead (drizzle/0013). Every row is checked with
 * the one exact condition, so the index only narrows who is looked at.
 */
export async function readFollowList(db: Database, page: FollowListPage): Promise<FollowRow[]> {
  const list = followListQueries(page);
  if (page.contains === undefined) return followRows(db, list.inOrder());
  if ([...page.contains].length < TRIGRAM) return followRows(db, list.inOrder(page.contains));
  const [windowRows, inWindow] = await db.batch([
    db.all<{ n: number }>(list.windowSize()),
    db.all<Record<string, number | string | null>>(list.inWindow(page.contains)),
  ]);
  if (inWindow.length >= page.limit || (windowRows[0]?.n ?? 0) < FOLLOW_SEARCH_WINDOW)
    return inWindow.map(toFollowRow);
  return followRows(db, list.throughTrigrams(page.contains));
}

/** The statements of a follow-list page, exported for the query-plan test. */
export function followListQueries(page: FollowListPage) {
  const [listColumn, personColumn] =
    page.direction === "following"
      ? [sql.raw("f.follower_id"), sql.raw("f.following_id")]
      : [sql.raw("f.following_id"), sql.raw("f.follower_id")];
  const range = page.after
    ? sql`${listColumn} = ${page.ownerId} AND (f.created_at, ${personColumn}) < (${page.after[0]}, ${page.after[1]})`
    : sql`${listColumn} = ${page.ownerId}`;
  const order = sql`ORDER BY f.created_at DESC, ${personColumn} DESC`;
  const matching = (contains: string | undefined) =>
    contains === undefined
      ? sql``
      : sql`AND (instr(lower(u.username), ${contains}) > 0 OR instr(lower(coalesce(p.name, '')), ${contains}) > 0)`;
  // `follows f` (or a subquery named f) joined to the person and filtered; the columns of a FollowRow.
  const select = (from: SQL, where: SQL, contains: string | undefined) => sql`
    SELECT ${personColumn} AS user_id, u.username, coalesce(p.name, '') AS name, p.profile_image, f.created_at,
      EXISTS (SELECT 1 FROM follows x WHERE x.follower_id = ${page.viewer} AND x.following_id = ${personColumn}) AS is_following,
      EXISTS (SELECT 1 FROM follows x WHERE x.follower_id = ${personColumn} AND x.following_id = ${page.viewer}) AS is_follower
    FROM ${from}
      JOIN users u ON u.id = ${personColumn}
      LEFT JOIN profiles p ON p.user_id = u.id
    WHERE ${where} ${matching(contains)}
      AND ${notBlockedEitherWay(page.viewer, personColumn)}
    ${order}
    LIMIT ${page.limit}`;
  const window = sql`(SELECT f.follower_id, f.following_id, f.created_at FROM follows f WHERE ${range}
    ${order} LIMIT ${FOLLOW_SEARCH_WINDOW}) f`;
  return {
    /** The range from the cursor, in order: cheapest without a text, or for a short one. */
    inOrder: (contains?: string) => select(sql`follows f`, range, contains),
    /** How many rows the window holds: fewer than FOLLOW_SEARCH_WINDOW means it is the whole range. */
    windowSize: () => sql`SELECT count(*) AS n FROM ${window}`,
    inWindow: (contains: string) => select(window, sql`1`, contains),
    /**
     * People whose names hold every trigram of the text, each looked up in follows by primary
     * key; CROSS JOIN keeps that order (the index first), which SQLite would otherwise weigh
     * against reading the whole list. The user's text is one quoted FTS5 string, never syntax.
     */
    throughTrigrams: (contains: string) =>
      select(
        sql`(SELECT rowid AS id FROM people_trigrams WHERE people_trigrams MATCH ${`"${contains.replaceAll('"', '""')}"`}) s
          CROSS JOIN follows f ON ${personColumn} = s.id`,
        range,
        contains,
      ),
  };
}

async function followRows(db: Database, query: SQL): Promise<FollowRow[]> {
  return (await db.all<Record<string, number | string | null>>(query)).map(toFollowRow);
}

function toFollowRow(row: Record<string, number | string | null>): FollowRow {
  return {
    userId: Number(row.user_id),
    username: String(row.username),
    name: String(row.name),
    profileImage: row.profile_image === null ? null : String(row.profile_image),
    isFollowing: row.is_following === 1,
    isFollower: row.is_follower === 1,
    createdAt: Number(row.created_at),
  };
}

// ---------------------------------------------------------------------------------------------
// Follow, request, unfollow

export type FollowOutcome = "followed" | "requested" | "unchanged";

/**
 * One batch: a follow when the target is public, else a request, each only when neither has
 * blocked the other; ON CONFLICT DO NOTHING on the pair's primary key, so a hundred parallel
 * calls leave one row, and RETURNING says whether this call made it.
 */
export async function followOrRequest(
  db: Database,
  followerId: number,
  followingId: number,
  nowMs: number,
): Promise<FollowOutcome> {
  const allowed = sql`EXISTS (SELECT 1 FROM users WHERE id = ${followingId})
    AND ${notBlockedEitherWay(followerId, sql`${followingId}`)}`;
  const isPrivate = sql`EXISTS (SELECT 1 FROM profiles WHERE user_id = ${followingId} AND is_private = 1)`;
  const [followed, requested] = await db.batch([
    db.all(sql`INSERT INTO follows (follower_id, following_id, created_at)
      SELECT ${followerId}, ${followingId}, ${nowMs} WHERE ${allowed} AND NOT ${isPrivate}
      ON CONFLICT DO NOTHING RETURNING follower_id`),
    db.all(sql`INSERT INTO follow_requests (requester_id, target_id, created_at)
      SELECT ${followerId}, ${followingId}, ${nowMs} WHERE ${allowed} AND ${isPrivate}
        AND NOT EXISTS (SELECT 1 FROM follows WHERE follower_id = ${followerId} AND following_id = ${followingId})
      ON CONFLICT DO NOTHING RETURNING requester_id`),
  ]);
  if (followed.length > 0) return "followed";
  if (requested.length > 0) return "requested";
  return "unchanged";
}

/** Ends a follow and withdraws a waiting request, with the request's notification. */
export async function unfollowPair(db: Database, followerId: number, followingId: number) {
  const [unfollowed, withdrawn] = await db.batch([
    db.all(sql`DELETE FROM follows WHERE follower_id = ${followerId} AND following_id = ${followingId}
      RETURNING follower_id`),
    db.all(sql`DELETE FROM follow_requests WHERE requester_id = ${followerId} AND target_id = ${followingId}
      RETURNING requester_id`),
    db.run(sql`DELETE FROM notifications WHERE recipient_id = ${followingId} AND actor_id = ${followerId}
      AND kind = 'follow-request'`),
  ]);
  return { unfollowed: unfollowed.length > 0, withdrawn: withdrawn.length > 0 };
}

export interface RequestRow {
  userId: number;
  username: string;
  name: string;
  profileImage: string | null;
  createdAt: number;
}

/** Requests waiting for `targetId`, newest first, by keyset on [createdAt, requesterId]. */
export async function readFollowRequests(
  db: Database,
  targetId: number,
  after: [number, number] | undefined,
  limit: number,
): Promise<RequestRow[]> {
  const range = after ? sql`AND (r.created_at, r.requester_id) < (${after[0]}, ${after[1]})` : sql``;
  const rows = await db.all<Record<string, number | string | null>>(sql`
    SELECT r.requester_id AS user_id, u.username, coalesce(p.name, '') AS name, p.profile_image, r.created_at
    FROM follow_requests r JOIN users u ON u.id = r.requester_id LEFT JOIN profiles p ON p.user_id = u.id
    WHERE r.target_id = ${targetId} ${range}
    ORDER BY r.created_at DESC, r.requester_id DESC
    LIMIT ${limit}`);
  return rows.map((row) => ({
    userId: Number(row.user_id),
    username: String(row.username),
    name: String(row.name),
    profileImage: row.profile_image === null ? null : String(row.profile_image),
    createdAt: Number(row.created_at),
  }));
}

/**
 * Accepts: the request becomes a follow in one batch. The follow is written only while the
 * request exists, so accepting twice, or after the requester withdrew, follows nobody.
 */
export async function acceptFollowRequest(
  db: Database,
  targetId: number,
  requesterId: number,
  nowMs: number,
): Promise<boolean> {
  const [, removed] = await db.batch([
    db.run(sql`INSERT INTO follows (follower_id, following_id, created_at)
      SELECT ${requesterId}, ${targetId}, ${nowMs}
      WHERE EXISTS (SELECT 1 FROM follow_requests WHERE requester_id = ${requesterId} AND target_id = ${targetId})
      ON CONFLICT DO NOTHING`),
    db.all(sql`DELETE FROM follow_requests WHERE requester_id = ${requesterId} AND target_id = ${targetId}
      RETURNING requester_id`),
    db.run(sql`DELETE FROM notifications WHERE recipient_id = ${targetId} AND actor_id = ${requesterId}
      AND kind = 'follow-request'`),
  ]);
  return removed.length > 0;
}

export async function declineFollowRequest(
  db: Database,
  targetId: number,
  requesterId: number,
): Promise<boolean> {
  const [removed] = await db.batch([
    db.all(sql`DELETE FROM follow_requests WHERE requester_id = ${requesterId} AND target_id = ${targetId}
      RETURNING requester_id`),
    db.run(sql`DELETE FROM notifications WHERE recipient_id = ${targetId} AND actor_id = ${requesterId}
      AND kind = 'follow-request'`),
  ]);
  return removed.length > 0;
}

/**
 * Sets a profile private or public. Going public accepts every waiting request in the same
 * batch: nothing is left to accept on a public account.
 */
export async function setProfilePrivacy(db: Database, userId: number, isPrivate: boolean, nowMs: number) {
  const update = db.run(sql`UPDATE profiles SET is_private = ${isPrivate ? 1 : 0} WHERE user_id = ${userId}`);
  if (isPrivate) {
    await update;
    return;
  }
  await db.batch([
    update,
    db.run(sql`INSERT INTO follows (follower_id, following_id, created_at)
      SELECT requester_id, target_id, ${nowMs} FROM follow_requests WHERE target_id = ${userId}
      ON CONFLICT DO NOTHING`),
    db.run(sql`DELETE FROM follow_requests WHERE target_id = ${userId}`),
    db.run(sql`DELETE FROM notifications WHERE recipient_id = ${userId} AND kind = 'follow-request'`),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Blocks and reports

/**
 * Blocks in one batch: the block, follows and requests both ways gone, and the notifications
 * each sent the other. Comments and likes stay stored; reads hide them (notBlockedEitherWay).
 */
export async function blockUser(db: Database, blockerId: number, blockedId: number, nowMs: number) {
  const pair = (first: string, second: string) => {
    const [a, b] = [sql.raw(first), sql.raw(second)];
    return sql`((${a} = ${blockerId} AND ${b} = ${blockedId}) OR (${a} = ${blockedId} AND ${b} = ${blockerId}))`;
  };
  await db.batch([
    db.run(sql`INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (${blockerId}, ${blockedId}, ${nowMs})
      ON CONFLICT DO NOTHING`),
    db.run(sql`DELETE FROM follows WHERE ${pair("follower_id", "following_id")}`),
    db.run(sql`DELETE FROM follow_requests WHERE ${pair("requester_id", "target_id")}`),
    db.run(sql`DELETE FROM notifications WHERE ${pair("recipient_id", "actor_id")}`),
  ]);
}

export async function unblockUser(db: Database, blockerId: number, blockedId: number): Promise<void> {
  await db.run(sql`DELETE FROM blocks WHERE blocker_id = ${blockerId} AND blocked_id = ${blockedId}`);
}

export async function readBlocked(
  db: Database,
  blockerId: number,
  after: [number, number] | undefined,
  limit: number,
): Promise<RequestRow[]> {
  const range = after ? sql`AND (b.created_at, b.blocked_id) < (${after[0]}, ${after[1]})` : sql``;
  const rows = await db.all<Record<string, number | string | null>>(sql`
    SELECT b.blocked_id AS user_id, u.username, coalesce(p.name, '') AS name, p.profile_image, b.created_at
    FROM blocks b JOIN users u ON u.id = b.blocked_id LEFT JOIN profiles p ON p.user_id = u.id
    WHERE b.blocker_id = ${blockerId} ${range}
    ORDER BY b.created_at DESC, b.blocked_id DESC
    LIMIT ${limit}`);
  return rows.map((row) => ({
    userId: Number(row.user_id),
    username: String(row.username),
    name: String(row.name),
    profileImage: row.profile_image === null ? null : String(row.profile_image),
    createdAt: Number(row.created_at),
  }));
}

/** One report per reporter per person (primary key): true when this call stored it. */
export async function recordUserReport(
  db: Database,
  report: { targetId: number; reporterId: number; reason: string; note: string; createdAt: number },
): Promise<boolean> {
  const rows = await db.all(sql`INSERT INTO user_reports (target_id, reporter_id, reason, note, created_at)
    VALUES (${report.targetId}, ${report.reporterId}, ${report.reason}, ${report.note}, ${report.createdAt})
    ON CONFLICT DO NOTHING RETURNING target_id`);
  return rows.length > 0;
}

/**
 * How `actorId` stands with `targetId` for acting on them: undefined when no such user;
 * whether the actor has blocked them, and whether they have blocked the actor.
 */
export async function blockStanding(
  db: Database,
  actorId: number,
  targetId: number,
): Promise<{ blocking: boolean; blockedBy: boolean } | undefined> {
  const row = await getRow<{ blocking: number; blockedBy: number }>(
    db,
    sql`
    SELECT EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${actorId} AND blocked_id = u.id) AS blocking,
      EXISTS (SELECT 1 FROM blocks WHERE blocker_id = u.id AND blocked_id = ${actorId}) AS blockedBy
    FROM users u WHERE u.id = ${targetId}`,
  );
  return row ? { blocking: row.blocking === 1, blockedBy: row.blockedBy === 1 } : undefined;
}

export async function userExists(db: Database, userId: number): Promise<boolean> {
  const row = await db.get<{ found: number }>(
    sql`SELECT EXISTS (SELECT 1 FROM users WHERE id = ${userId}) AS found`,
  );
  return row?.found === 1;
}
