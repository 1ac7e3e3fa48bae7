// The friend signal (issue 32): what the people a member follows think of an item. Typed raw
// SQL (decision 013) for CROSS JOIN, which pins the plan: the item page's signal walks the
// member's follows (the primary key's range, at most their follow count) and seeks each
// followed person's review of the item (posts_one_*_review_idx) and their saves of it
// (list_items_owner_item_idx), or, when the item has fewer reviews than the member follows
// people, walks its reviews and seeks the follows. Cost is bounded by the follows, never by how
// popular the item is.
// The cards' batch goes the other way (the items' reviews and savers, then a follows seek),
// since many items times a thousand follows would be too many seeks.
// A follows row is an approved follow, so a private account's review reaches only its
// followers; blocks end follows both ways, and the block check stays for safety.
// Nothing here touches an aggregate: the signal never changes public ranking.
import { sql, type SQL } from "drizzle-orm";
import type { ListItemKind } from "../../../../domain/lists.ts";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { rawRow, rawRows, sqlInteger } from "../raw-rows.ts";
import { follows, listActivity, listItems, lists, posts, profiles, users } from "../schema.ts";
import { notBlockedEitherWay } from "./social-graph.ts";

const itemColumn = (kind: ListItemKind) => (kind === "dish" ? posts.dishId : posts.restaurantId);

/** A review the caller may see as a follower: live, a top voice (not removed). */
const liveReview = sql`${posts.removedAt} IS NULL`;

// The item page shows a few faces but counts everyone: each read below finds all the matching
// rows (window functions count and sum them), keeps the newest `limit`, and only those reach
// the users and profiles tables and the client. A member whose 1,000 follows all saved an item
// so costs 6 people's rows, not 1,000 (docs/perf/lists.md). The block check names the matched
// row's column, so it runs on matches only, not on every follow.

const raterRow = z.object({
  userId: sqlInteger,
  username: z.string(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  ratingTenths: sqlInteger,
  content: z.string(),
  postId: sqlInteger,
  createdAt: sqlInteger,
  /** Of every review by someone followed, not only the rows answered: */
  rated: sqlInteger,
  ratingSum: sqlInteger,
  ratingCount: sqlInteger,
});
export type RaterRow = z.output<typeof raterRow>;

/** Where the raters read starts: the viewer's follows, or the item's reviews. */
export type RaterSide = "follows" | "item";

/** The newest `limit` reviews of the item by people `viewer` follows, each with the totals of all. */
export function followedRaterQuery(viewer: number, kind: ListItemKind, itemId: number, limit: number, from: RaterSide): SQL {
  const rated = sql`CASE WHEN ${posts.ratingTenths} > 0 THEN ${posts.ratingTenths} END`;
  // CROSS JOIN keeps the order written: each row of the first table seeks the second by key.
  const tables = from === "follows" ? sql`${follows} CROSS JOIN ${posts}` : sql`${posts} CROSS JOIN ${follows}`;
  return sql`
    SELECT r.userId, ${users.username} AS username, ${profiles.name} AS name, ${profiles.profileImage} AS avatar,
      r.ratingTenths, r.content, r.postId, r.createdAt, r.rated, r.ratingSum, r.ratingCount
    FROM (
      SELECT ${posts.authorId} AS userId, ${posts.ratingTenths} AS ratingTenths, ${posts.content} AS content,
        ${posts.id} AS postId, ${posts.createdAt} AS createdAt, count(*) OVER () AS rated,
        coalesce(sum(${rated}) OVER (), 0) AS ratingSum, count(${rated}) OVER () AS ratingCount
      FROM ${tables}
      WHERE ${follows.followerId} = ${viewer}
        AND ${posts.authorId} = ${follows.followingId} AND ${itemColumn(kind)} = ${itemId}
        AND ${liveReview} AND ${notBlockedEitherWay(viewer, posts.authorId)}
      ORDER BY ${posts.createdAt} DESC
      LIMIT ${limit}
    ) AS r
    JOIN ${users} ON ${users.id} = r.userId
    LEFT JOIN ${profiles} ON ${profiles.userId} = r.userId
    ORDER BY r.createdAt DESC`;
}

const sidesRow = z.object({ follows: sqlInteger, reviews: sqlInteger });

/**
 * How many people `viewer` follows, and how many reviews the item has counted no further than
 * that: two index-only counts, each bounded by the follows.
 */
export function raterSidesQuery(viewer: number, kind: ListItemKind, itemId: number): SQL {
  const followCount = sql`(SELECT count(*) FROM ${follows} WHERE ${follows.followerId} = ${viewer})`;
  return sql`SELECT ${followCount} AS follows,
    (SELECT count(*) FROM (SELECT 1 FROM ${posts} WHERE ${itemColumn(kind)} = ${itemId} LIMIT ${followCount})) AS reviews`;
}

/**
 * The raters, read from whichever side is smaller: a member following 1,000 people looking at
 * a dish with 36 reviews seeks 36 follows rows rather than 1,000 reviews by key (0.03 ms
 * against 0.7 at scale 100), and a popular item is still never read past the follows.
 */
export async function followedRaters(
  db: Database,
  viewer: number,
  kind: ListItemKind,
  itemId: number,
  limit: number,
): Promise<RaterRow[]> {
  const sides = await rawRow(db, sidesRow, raterSidesQuery(viewer, kind, itemId));
  const from: RaterSide = sides && sides.reviews < sides.follows ? "item" : "follows";
  return rawRows(db, raterRow, followedRaterQuery(viewer, kind, itemId, limit, from));
}

const wanterRow = z.object({
  userId: sqlInteger,
  username: z.string(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  /** Of everyone followed who wants it, not only the rows answered. */
  wanted: sqlInteger,
});
export type WanterRow = z.output<typeof wanterRow>;

/**
 * The newest `limit` of the people `viewer` follows whose "Want to try" holds the item and is
 * not private (a followers-only or public list is theirs to show a follower), each with how
 * many there are in all.
 */
export function followedWanterQuery(viewer: number, kind: ListItemKind, itemId: number, limit: number): SQL {
  return sql`
    SELECT w.userId, ${users.username} AS username, ${profiles.name} AS name,
      ${profiles.profileImage} AS avatar, w.wanted
    FROM (
      SELECT ${listItems.ownerId} AS userId, ${listItems.addedAt} AS addedAt, count(*) OVER () AS wanted
      FROM ${follows} CROSS JOIN ${listItems}
      JOIN ${lists} ON ${lists.id} = ${listItems.listId}
      WHERE ${follows.followerId} = ${viewer}
        AND ${listItems.ownerId} = ${follows.followingId} AND ${listItems.itemKind} = ${kind}
        AND ${listItems.itemId} = ${itemId}
        AND ${lists.system} = 'want' AND ${lists.visibility} <> 'private'
        AND ${notBlockedEitherWay(viewer, listItems.ownerId)}
      ORDER BY ${listItems.addedAt} DESC
      LIMIT ${limit}
    ) AS w
    JOIN ${users} ON ${users.id} = w.userId
    LEFT JOIN ${profiles} ON ${profiles.userId} = w.userId
    ORDER BY w.addedAt DESC`;
}

export function followedWanters(
  db: Database,
  viewer: number,
  kind: ListItemKind,
  itemId: number,
  limit: number,
): Promise<WanterRow[]> {
  return rawRows(db, wanterRow, followedWanterQuery(viewer, kind, itemId, limit));
}

const countRow = z.object({ itemId: sqlInteger, rated: sqlInteger, ratingSum: sqlInteger, ratingCount: sqlInteger });
const wantCountRow = z.object({ itemId: sqlInteger, wanted: sqlInteger });

const idValues = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** Per item: reviews by people `viewer` follows, their rating sum and how many rated. */
export function batchRatedQuery(viewer: number, kind: ListItemKind, ids: number[]): SQL {
  const column = itemColumn(kind);
  return sql`
    SELECT ${column} AS itemId, count(*) AS rated,
      coalesce(sum(CASE WHEN ${posts.ratingTenths} > 0 THEN ${posts.ratingTenths} END), 0) AS ratingSum,
      count(CASE WHEN ${posts.ratingTenths} > 0 THEN 1 END) AS ratingCount
    FROM ${posts} CROSS JOIN ${follows}
    WHERE ${column} IN (${idValues(ids)}) AND ${liveReview}
      AND ${follows.followerId} = ${viewer} AND ${follows.followingId} = ${posts.authorId}
      AND ${notBlockedEitherWay(viewer, posts.authorId)}
    GROUP BY ${column}`;
}

/** Per item: people `viewer` follows whose shown "Want to try" holds it. */
export function batchWantQuery(viewer: number, kind: ListItemKind, ids: number[]): SQL {
  return sql`
    SELECT ${listItems.itemId} AS itemId, count(*) AS wanted
    FROM ${listItems} CROSS JOIN ${follows}
    JOIN ${lists} ON ${lists.id} = ${listItems.listId}
    WHERE ${listItems.itemKind} = ${kind} AND ${listItems.itemId} IN (${idValues(ids)})
      AND ${follows.followerId} = ${viewer} AND ${follows.followingId} = ${listItems.ownerId}
      AND ${lists.system} = 'want' AND ${lists.visibility} <> 'private'
      AND ${notBlockedEitherWay(viewer, listItems.ownerId)}
    GROUP BY ${listItems.itemId}`;
}

export async function batchSignal(db: Database, viewer: number, kind: ListItemKind, ids: number[]) {
  const [rated, wanted] = await Promise.all([
    rawRows(db, countRow, batchRatedQuery(viewer, kind, ids)),
    rawRows(db, wantCountRow, batchWantQuery(viewer, kind, ids)),
  ]);
  return { rated, wanted };
}

const activityRow = z.object({
  listId: sqlInteger,
  listName: z.string(),
  userId: sqlInteger,
  username: z.string(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  kind: z.enum(["restaurant", "dish"]),
  itemId: sqlInteger,
  createdAt: sqlInteger,
});
export type ActivityRow = z.output<typeof activityRow>;

/**
 * "X saved Y to Z" entries since `since` by people `viewer` follows: for each follow, one range
 * of list_activity_owner_created_idx. Only lists public now, of members who leave it on.
 */
export function followedActivityQuery(viewer: number, since: number, limit: number): SQL {
  return sql`
    SELECT ${lists.id} AS listId, ${lists.name} AS listName, ${users.id} AS userId,
      ${users.username} AS username, ${profiles.name} AS name, ${profiles.profileImage} AS avatar,
      ${listActivity.itemKind} AS kind, ${listActivity.itemId} AS itemId, ${listActivity.createdAt} AS createdAt
    FROM ${follows} CROSS JOIN ${listActivity}
    JOIN ${lists} ON ${lists.id} = ${listActivity.listId}
    JOIN ${users} ON ${users.id} = ${listActivity.ownerId}
    LEFT JOIN ${profiles} ON ${profiles.userId} = ${users.id}
    WHERE ${follows.followerId} = ${viewer}
      AND ${listActivity.ownerId} = ${follows.followingId} AND ${listActivity.createdAt} > ${since}
      AND ${lists.visibility} = 'public' AND coalesce(${profiles.listActivityInFeed}, 1) = 1
      AND ${notBlockedEitherWay(viewer, follows.followingId)}
    ORDER BY ${listActivity.createdAt} DESC
    LIMIT ${limit}`;
}

export function followedActivity(db: Database, viewer: number, since: number, limit: number): Promise<ActivityRow[]> {
  return rawRows(db, activityRow, followedActivityQuery(viewer, since, limit));
}
