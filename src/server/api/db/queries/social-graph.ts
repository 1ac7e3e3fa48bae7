// Every SQL statement about who follows, asks to follow, blocks or reports whom (issue 12).
// Writes are single statements or one batch (libSQL's file mode stalls when interactive
// transactions overlap), and each write carries its own conditions: a follow checks privacy and
// blocks in the INSERT itself, so a block, a privacy change and a follow racing each other end
// in a state one of their orders would have produced. Counts are never stored: they are
// count(*) over an index range, so they are exact whatever ran in parallel.
import { and, desc, eq, exists, notExists, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/sqlite-core";
import type { Database } from "../client.ts";
import { parseRows, rawBatchRead, rawRows, sqlBoolean, sqlInteger } from "../raw-rows.ts";
import * as z from "../../../../shared/schemas/zod.ts";
import {
  blocks,
  comments,
  followRequests,
  follows,
  notifications,
  posts,
  profiles,
  userReports,
  users,
} from "../schema.ts";

/** The viewer's id in queries; 0 for a visitor (no user has it), so every relation is false. */
export type ViewerId = number;

/** Builds the subqueries of conditions other modules put in their own statements. */
const qb = new QueryBuilder();
const one = sql`1`;
const b = alias(blocks, "b");

/** Neither of the people `a` and `c` (columns or values) has blocked the other. */
function noBlockBetween(a: SQLWrapper | number, c: SQLWrapper | number): SQL {
  const blocked = (blocker: SQLWrapper | number, blockedOne: SQLWrapper | number) =>
    notExists(
      qb
        .select({ one })
        .from(b)
        .where(and(eq(b.blockerId, blocker), eq(b.blockedId, blockedOne))),
    );
  return and(blocked(a, c), blocked(c, a))!;
}

/** Neither has blocked the other: a condition on `viewer` and the person in `column`. */
export function notBlockedEitherWay(viewer: ViewerId, column: SQLWrapper): SQL {
  return noBlockBetween(viewer, column);
}

/**
 * The comment in the row named `alias` is shown to `viewer` (issue 20): no block stands
 * between the viewer and its writer, nor between its writer and the author of its post (a
 * blocked person's words on the blocker's posts, and the blocker's on theirs, are hidden for
 * everyone); and a reply goes where the first comment of its thread goes. Whether the viewer
 * may see the post itself is the caller's to check.
 */
export function commentShown(viewer: ViewerId, name: string): SQL {
  const writerShown = (c: ReturnType<typeof alias<typeof comments, string>>) => {
    const cp = alias(posts, "cp");
    // Removed by a moderator (issue 21): shown to its writer only, and so are its replies.
    return and(
      or(sql`${c.removedAt} IS NULL`, eq(c.userId, viewer)),
      notBlockedEitherWay(viewer, c.userId),
      notExists(
        qb
          .select({ one })
          .from(cp)
          .where(and(eq(cp.id, c.postId), sql`NOT (${noBlockBetween(cp.authorId, c.userId)})`)),
      ),
    )!;
  };
  const c = alias(comments, name);
  const cr = alias(comments, "cr");
  return sql`(${writerShown(c)}
    AND (${c.parentId} IS NULL OR ${exists(
      qb
        .select({ one })
        .from(cr)
        .where(and(eq(cr.id, c.parentId), writerShown(cr))),
    )}))`;
}

export async function isBlockedEitherWay(db: Database, a: number, c: number): Promise<boolean> {
  const rows = await db
    .select({ one })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, c)),
        and(eq(blocks.blockerId, c), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return rows.length > 0;
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

/** `follower` follows `following` (columns or values). */
const followsPair = (follower: SQLWrapper | number, following: SQLWrapper | number) =>
  exists(
    qb
      .select({ one })
      .from(follows)
      .where(and(eq(follows.followerId, follower), eq(follows.followingId, following))),
  );

/** A condition as a boolean field of a select. */
const asBoolean = (condition: SQL) => sql<boolean>`${condition}`.mapWith(Boolean);

/** The profile's name, empty for a user without a profile row. */
const profileName = sql<string>`coalesce(${profiles.name}, '')`;
const isPrivateProfile = sql<boolean>`coalesce(${profiles.isPrivate}, 0)`.mapWith(Boolean);

/** A person as `viewer` sees them, with exact counts; undefined when no such user exists. */
export async function findPersonRelation(
  db: Database,
  viewer: ViewerId,
  userId: number,
): Promise<PersonRelation | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      username: users.username,
      profileId: sql<number>`coalesce(${profiles.id}, 0)`.mapWith(Number),
      name: profileName,
      bio: sql<string>`coalesce(${profiles.bio}, '')`,
      profileImage: profiles.profileImage,
      isPrivate: isPrivateProfile,
      isFollowing: asBoolean(followsPair(viewer, users.id)),
      isFollower: asBoolean(followsPair(users.id, viewer)),
      followRequested: asBoolean(
        exists(
          qb
            .select({ one })
            .from(followRequests)
            .where(and(eq(followRequests.requesterId, viewer), eq(followRequests.targetId, users.id))),
        ),
      ),
      blocked: asBoolean(sql`NOT (${notBlockedEitherWay(viewer, users.id)})`),
      followersCount: db.$count(follows, eq(follows.followingId, users.id)),
      followingCount: db.$count(follows, eq(follows.followerId, users.id)),
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Who may read a person's follow lists: findPersonRelation without the counts, which a list
 * does not show and which cost 0.25 ms at 10,000 followers. */
export type ListOwner = Pick<PersonRelation, "userId" | "isPrivate" | "isFollowing" | "blocked">;

export async function findListOwner(
  db: Database,
  viewer: ViewerId,
  userId: number,
): Promise<ListOwner | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      isPrivate: isPrivateProfile,
      isFollowing: asBoolean(followsPair(viewer, users.id)),
      blocked: asBoolean(sql`NOT (${notBlockedEitherWay(viewer, users.id)})`),
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function countFollowing(db: Database, userId: number): Promise<number> {
  return db.$count(follows, eq(follows.followerId, userId));
}

// ---------------------------------------------------------------------------------------------
// Follow lists

const followRow = z.object({
  userId: sqlInteger,
  username: z.string(),
  name: z.string(),
  profileImage: z.string().nullable(),
  isFollowing: sqlBoolean,
  isFollower: sqlBoolean,
  createdAt: sqlInteger,
});
export type FollowRow = z.output<typeof followRow>;

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
  if (page.contains === undefined) return rawRows(db, followRow, list.inOrder());
  if ([...page.contains].length < TRIGRAM) return rawRows(db, followRow, list.inOrder(page.contains));
  const [windowRows, inWindow] = await db.batch([
    rawBatchRead(db, list.windowSize()),
    rawBatchRead(db, list.inWindow(page.contains)),
  ]);
  const [windowSize] = parseRows(z.object({ n: sqlInteger }), windowRows);
  if (inWindow.length >= page.limit || (windowSize?.n ?? 0) < FOLLOW_SEARCH_WINDOW)
    return parseRows(followRow, inWindow);
  return rawRows(db, followRow, list.throughTrigrams(page.contains));
}

/**
 * The statements of a follow-list page, exported for the query-plan test. Typed raw SQL
 * (decision 013): the search window is a derived table, the trigram path an FTS5 MATCH whose
 * join order CROSS JOIN pins.
 */
export function followListQueries(page: FollowListPage) {
  const [f, u, p, x] = [alias(follows, "f"), alias(users, "u"), alias(profiles, "p"), alias(follows, "x")];
  const [listColumn, personColumn] =
    page.direction === "following" ? [f.followerId, f.followingId] : [f.followingId, f.followerId];
  const range = page.after
    ? sql`${listColumn} = ${page.ownerId} AND (${f.createdAt}, ${personColumn}) < (${page.after[0]}, ${page.after[1]})`
    : sql`${listColumn} = ${page.ownerId}`;
  const order = sql`ORDER BY ${f.createdAt} DESC, ${personColumn} DESC`;
  const matching = (contains: string | undefined) =>
    contains === undefined
      ? sql``
      : sql`AND (instr(lower(${u.username}), ${contains}) > 0 OR instr(lower(coalesce(${p.name}, '')), ${contains}) > 0)`;
  const followed = (follower: SQLWrapper | number, following: SQLWrapper | number) =>
    exists(
      qb
        .select({ one })
        .from(x)
        .where(and(eq(x.followerId, follower), eq(x.followingId, following))),
    );
  // `follows f` (or a subquery named f) joined to the person and filtered; the columns of a FollowRow.
  const select = (from: SQL, where: SQL, contains: string | undefined) => sql`
    SELECT ${personColumn} AS userId, ${u.username} AS username, coalesce(${p.name}, '') AS name,
      ${p.profileImage} AS profileImage, ${f.createdAt} AS createdAt,
      ${followed(page.viewer, personColumn)} AS isFollowing,
      ${followed(personColumn, page.viewer)} AS isFollower
    FROM ${from}
      JOIN ${users} ${u} ON ${u.id} = ${personColumn}
      LEFT JOIN ${profiles} ${p} ON ${p.userId} = ${u.id}
    WHERE ${where} ${matching(contains)}
      AND ${notBlockedEitherWay(page.viewer, personColumn)}
    ${order}
    LIMIT ${page.limit}`;
  // In a template an alias names itself only: `${follows} ${f}` is "follows" "f".
  // The derived table keeps the name f and follows' column names, so f's columns read it too.
  const window = sql`(SELECT ${f.followerId} AS follower_id, ${f.followingId} AS following_id,
      ${f.createdAt} AS created_at FROM ${follows} ${f} WHERE ${range}
    ${order} LIMIT ${FOLLOW_SEARCH_WINDOW}) f`;
  return {
    /** The range from the cursor, in order: cheapest without a text, or for a short one. */
    inOrder: (contains?: string) => select(sql`${follows} ${f}`, range, contains),
    /** How many rows the window holds: fewer than FOLLOW_SEARCH_WINDOW means it is the whole range. */
    windowSize: () => sql`SELECT count(*) AS n FROM ${window}`,
    inWindow: (contains: string) => select(window, sql`1`, contains),
    /**
     * People whose names hold every trigram of the text, each looked up in follows by primary
     * key; CROSS JOIN keeps that order (the index first), which SQLite would otherwise weigh
     * against reading the whole list. The user's text is one quoted FTS5 string, never syntax.
     * people_trigrams is an FTS5 table (drizzle/0013), which the schema does not model.
     */
    throughTrigrams: (contains: string) =>
      select(
        sql`(SELECT rowid AS id FROM people_trigrams WHERE people_trigrams MATCH ${`"${contains.replaceAll('"', '""')}"`}) s
          CROSS JOIN ${follows} ${f} ON ${personColumn} = s.id`,
        range,
        contains,
      ),
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
  // The target's users row, when neither has blocked the other: each insert selects from it.
  const allowed = and(eq(users.id, followingId), notBlockedEitherWay(followerId, users.id));
  const isPrivate = exists(
    qb
      .select({ one })
      .from(profiles)
      .where(and(eq(profiles.userId, followingId), eq(profiles.isPrivate, true))),
  );
  const pair = {
    follower: sql<number>`${followerId}`.as("follower"),
    createdAt: sql<number>`${nowMs}`.as("created_at"),
  };
  const [followed, requested] = await db.batch([
    db
      .insert(follows)
      .select(
        qb
          .select({ followerId: pair.follower, followingId: users.id, createdAt: pair.createdAt })
          .from(users)
          .where(and(allowed, sql`NOT ${isPrivate}`)),
      )
      .onConflictDoNothing()
      .returning({ followerId: follows.followerId }),
    db
      .insert(followRequests)
      .select(
        qb
          .select({ requesterId: pair.follower, targetId: users.id, createdAt: pair.createdAt })
          .from(users)
          .where(and(allowed, isPrivate, sql`NOT ${followsPair(followerId, followingId)}`)),
      )
      .onConflictDoNothing()
      .returning({ requesterId: followRequests.requesterId }),
  ]);
  if (followed.length > 0) return "followed";
  if (requested.length > 0) return "requested";
  return "unchanged";
}

const requestOf = (requesterId: number, targetId: number) =>
  and(eq(followRequests.requesterId, requesterId), eq(followRequests.targetId, targetId));

/** The follow-request notification `actorId` sent `recipientId`. */
const requestNotice = (recipientId: number, actorId: number) =>
  followRequestNotices(recipientId, eq(notifications.actorId, actorId));

function followRequestNotices(recipientId: number, also: SQL | undefined) {
  return and(eq(notifications.recipientId, recipientId), also, eq(notifications.kind, "follow-request"));
}

/** Ends a follow and withdraws a waiting request, with the request's notification. */
export async function unfollowPair(db: Database, followerId: number, followingId: number) {
  const [unfollowed, withdrawn] = await db.batch([
    db
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
      .returning({ followerId: follows.followerId }),
    db
      .delete(followRequests)
      .where(requestOf(followerId, followingId))
      .returning({ requesterId: followRequests.requesterId }),
    db.delete(notifications).where(requestNotice(followingId, followerId)),
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
  const r = followRequests;
  return db
    .select({
      userId: r.requesterId,
      username: users.username,
      name: profileName,
      profileImage: profiles.profileImage,
      createdAt: r.createdAt,
    })
    .from(r)
    .innerJoin(users, eq(users.id, r.requesterId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(r.targetId, targetId),
        after && sql`(${r.createdAt}, ${r.requesterId}) < (${after[0]}, ${after[1]})`,
      ),
    )
    .orderBy(desc(r.createdAt), desc(r.requesterId))
    .limit(limit);
}

/**
 * Accepts: the request becomes a follow in one batch. The follow is written only while the
 * request exists (it is selected from the request), so accepting twice, or after the
 * requester withdrew, follows nobody.
 */
export async function acceptFollowRequest(
  db: Database,
  targetId: number,
  requesterId: number,
  nowMs: number,
): Promise<boolean> {
  const [, removed] = await db.batch([
    db
      .insert(follows)
      .select(
        qb
          .select({
            followerId: followRequests.requesterId,
            followingId: followRequests.targetId,
            createdAt: sql<number>`${nowMs}`.as("created_at"),
          })
          .from(followRequests)
          .where(requestOf(requesterId, targetId)),
      )
      .onConflictDoNothing(),
    db
      .delete(followRequests)
      .where(requestOf(requesterId, targetId))
      .returning({ requesterId: followRequests.requesterId }),
    db.delete(notifications).where(requestNotice(targetId, requesterId)),
  ]);
  return removed.length > 0;
}

export async function declineFollowRequest(
  db: Database,
  targetId: number,
  requesterId: number,
): Promise<boolean> {
  const [removed] = await db.batch([
    db
      .delete(followRequests)
      .where(requestOf(requesterId, targetId))
      .returning({ requesterId: followRequests.requesterId }),
    db.delete(notifications).where(requestNotice(targetId, requesterId)),
  ]);
  return removed.length > 0;
}

/**
 * Sets a profile private or public. Going public accepts every waiting request in the same
 * batch: nothing is left to accept on a public account.
 */
export async function setProfilePrivacy(db: Database, userId: number, isPrivate: boolean, nowMs: number) {
  const update = db.update(profiles).set({ isPrivate }).where(eq(profiles.userId, userId));
  if (isPrivate) {
    await update;
    return;
  }
  await db.batch([
    update,
    db
      .insert(follows)
      .select(
        qb
          .select({
            followerId: followRequests.requesterId,
            followingId: followRequests.targetId,
            createdAt: sql<number>`${nowMs}`.as("created_at"),
          })
          .from(followRequests)
          .where(eq(followRequests.targetId, userId)),
      )
      .onConflictDoNothing(),
    db.delete(followRequests).where(eq(followRequests.targetId, userId)),
    db.delete(notifications).where(followRequestNotices(userId, undefined)),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Blocks and reports

/**
 * Blocks in one batch: the block, follows and requests both ways gone, and the notifications
 * each sent the other. Comments and likes stay stored; reads hide them (notBlockedEitherWay).
 */
export async function blockUser(db: Database, blockerId: number, blockedId: number, nowMs: number) {
  const eitherWay = (first: SQLWrapper, second: SQLWrapper) =>
    or(and(eq(first, blockerId), eq(second, blockedId)), and(eq(first, blockedId), eq(second, blockerId)));
  await db.batch([
    db.insert(blocks).values({ blockerId, blockedId, createdAt: nowMs }).onConflictDoNothing(),
    db.delete(follows).where(eitherWay(follows.followerId, follows.followingId)),
    db.delete(followRequests).where(eitherWay(followRequests.requesterId, followRequests.targetId)),
    db.delete(notifications).where(eitherWay(notifications.recipientId, notifications.actorId)),
  ]);
}

export async function unblockUser(db: Database, blockerId: number, blockedId: number): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

export async function readBlocked(
  db: Database,
  blockerId: number,
  after: [number, number] | undefined,
  limit: number,
): Promise<RequestRow[]> {
  return db
    .select({
      userId: blocks.blockedId,
      username: users.username,
      name: profileName,
      profileImage: profiles.profileImage,
      createdAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(blocks.blockerId, blockerId),
        after && sql`(${blocks.createdAt}, ${blocks.blockedId}) < (${after[0]}, ${after[1]})`,
      ),
    )
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(limit);
}

/** One report per reporter per person (a unique index): true when this call stored it. */
export async function recordUserReport(
  db: Database,
  report: { targetId: number; reporterId: number; reason: string; note: string; createdAt: number },
): Promise<boolean> {
  const rows = await db
    .insert(userReports)
    .values(report)
    .onConflictDoNothing()
    .returning({ id: userReports.id });
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
  const blockExists = (blocker: SQLWrapper | number, blockedOne: SQLWrapper | number) =>
    asBoolean(
      exists(
        qb
          .select({ one })
          .from(blocks)
          .where(and(eq(blocks.blockerId, blocker), eq(blocks.blockedId, blockedOne))),
      ),
    );
  const [row] = await db
    .select({ blocking: blockExists(actorId, users.id), blockedBy: blockExists(users.id, actorId) })
    .from(users)
    .where(eq(users.id, targetId));
  return row;
}

export async function userExists(db: Database, userId: number): Promise<boolean> {
  const rows = await db.select({ one }).from(users).where(eq(users.id, userId)).limit(1);
  return rows.length > 0;
}
