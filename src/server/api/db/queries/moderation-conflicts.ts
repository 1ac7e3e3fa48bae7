// Who has a stake in a moderation item (issue 29, docs/moderation.md "Nobody decides their
// own case"): the people who reported it, appealed a decision on it or decided it before, the
// verified owner of the restaurant it is about, a claimant waiting on that restaurant, and the
// author of the review a comment or an owner's reply answers. One batch per item (one round
// trip to a remote database) of the reads its kind has, each an index lookup.
import { and, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { DeciderConflict, ModerationKind } from "../../../../domain/moderation.ts";
import type { Database } from "../client.ts";
import {
  commentReports,
  comments,
  dishes,
  moderationAppeals,
  moderationDecisions,
  moderationItems,
  posts,
  replyReports,
  restaurantClaims,
  restaurantOwners,
  reviewReports,
  userReports,
} from "../schema.ts";

type BatchRead = Parameters<Database["batch"]>[0][number];

export interface ConflictRow {
  userId: number;
  conflict: DeciderConflict;
}

/** One source's rows, in the one shape every part of the union has. */
const stake = (userId: SQLiteColumn | SQL, conflict: DeciderConflict) => ({
  userId: sql<number>`${userId}`.as("user_id"),
  conflict: sql<DeciderConflict>`${conflict}`.as("conflict"),
});

/** The restaurant a review is about: its own, or its dish's. */
const restaurantOfPost = (db: Database, postId: SQL | number) =>
  db
    .select({
      id: sql<number>`coalesce(${posts.restaurantId}, (SELECT ${dishes.restaurantId} FROM ${dishes} WHERE ${dishes.id} = ${posts.dishId}))`,
    })
    .from(posts)
    .where(eq(posts.id, postId));

/** The review a comment is on, or an owner's reply answers (a reply's target id is the review's). */
function postOf(db: Database, kind: ModerationKind, targetId: number): SQL | number | undefined {
  if (kind === "comment") {
    return sql`(${db.select({ id: comments.postId }).from(comments).where(eq(comments.id, targetId))})`;
  }
  return kind === "review" || kind === "reply" ? targetId : undefined;
}

function restaurantOf(db: Database, kind: ModerationKind, targetId: number) {
  switch (kind) {
    case "restaurant":
      return sql`${targetId}`;
    case "dish":
      return db.select({ id: dishes.restaurantId }).from(dishes).where(eq(dishes.id, targetId));
    case "user":
      return undefined;
    default:
      return restaurantOfPost(db, postOf(db, kind, targetId)!);
  }
}

function reportersOf(db: Database, kind: ModerationKind, targetId: number) {
  switch (kind) {
    case "review":
      return db
        .select(stake(reviewReports.reporterId, "reporter"))
        .from(reviewReports)
        .where(eq(reviewReports.postId, targetId));
    case "comment":
      return db
        .select(stake(commentReports.reporterId, "reporter"))
        .from(commentReports)
        .where(eq(commentReports.commentId, targetId));
    case "user":
      return db
        .select(stake(userReports.reporterId, "reporter"))
        .from(userReports)
        .where(eq(userReports.targetId, targetId));
    case "reply":
      return db
        .select(stake(replyReports.reporterId, "reporter"))
        .from(replyReports)
        .where(eq(replyReports.postId, targetId));
    default:
      return undefined;
  }
}

/** Everyone with a stake in the target, with why; a person may appear more than once. */
export async function conflictsOf(
  db: Database,
  kind: ModerationKind,
  targetId: number,
): Promise<ConflictRow[]> {
  const itemsOfTarget = db
    .select({ id: moderationItems.id })
    .from(moderationItems)
    .where(and(eq(moderationItems.kind, kind), eq(moderationItems.targetId, targetId)));
  const d = moderationDecisions;
  const restaurant = restaurantOf(db, kind, targetId);
  const post = kind === "review" ? undefined : postOf(db, kind, targetId);
  const parts = [
    db
      .select(stake(d.moderatorId, "earlier-decider"))
      .from(d)
      .where(and(inArray(d.itemId, itemsOfTarget), isNotNull(d.moderatorId))),
    db
      .select(stake(moderationAppeals.appellantId, "appellant"))
      .from(moderationAppeals)
      .innerJoin(d, eq(d.id, moderationAppeals.decisionId))
      .where(inArray(d.itemId, itemsOfTarget)),
    reportersOf(db, kind, targetId),
    restaurant === undefined
      ? undefined
      : db
          .select(stake(restaurantOwners.userId, "owner"))
          .from(restaurantOwners)
          .where(
            and(eq(restaurantOwners.restaurantId, sql`(${restaurant})`), eq(restaurantOwners.active, true)),
          ),
    kind !== "restaurant"
      ? undefined
      : db
          .select(stake(restaurantClaims.userId, "claimant"))
          .from(restaurantClaims)
          .where(and(eq(restaurantClaims.restaurantId, targetId), eq(restaurantClaims.state, "pending"))),
    // A comment on a moderator's review, or an owner's reply to it, is their own quarrel.
    post === undefined
      ? undefined
      : db.select(stake(posts.authorId, "party")).from(posts).where(eq(posts.id, post)),
  ];
  const reads = parts.filter((part) => part !== undefined) as BatchRead[];
  const answers = (await db.batch(reads as [BatchRead, ...BatchRead[]])) as ConflictRow[][];
  return answers.flat();
}
