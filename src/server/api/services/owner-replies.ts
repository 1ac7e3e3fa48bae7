// Owners' public replies to reviews (issue 22, docs/owners.md): one per review, by the
// verified owner of the reviewed restaurant or of the reviewed dish's restaurant. A reply
// touches no review, rating or score: it drops only the review lists that show it, and the
// reviewer hears of it. Reports of replies and owners' reports of reviews are here too.
import { OWNER_MESSAGES } from "../../../domain/owners.ts";
import { REPORT_RECEIVED_MESSAGE } from "../../../domain/report-reasons.ts";
import type { AuthUser } from "../auth/require-user.ts";
import { enforceRateLimit, RATE_LIMITS } from "../auth/rate-limit.ts";
import {
  insertReplyReport,
  insertReplyStatement,
  insertReviewReport,
  replyOf,
  replyTarget,
  rewriteDeletedReplyStatement,
  softDeleteReplyStatement,
  updateReplyStatement,
  type ReplyTarget,
} from "../db/queries/owner-replies.ts";
import {
  activeOwnerOf,
  isUniqueViolation,
  ownerLogStatement,
  type BatchStatement,
} from "../db/queries/owners.ts";
import { runBatch } from "../db/batch.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { publishReviewVisibilityChanges } from "./catalogue-changes.ts";
import { notifyInBatch } from "./notifications.ts";
import { publishReportReceived } from "./transparency.ts";

export interface OwnerReply {
  postId: number;
  content: string;
  createdAt: string;
  updatedAt: string | null;
}

/**
 * The review as the caller may see it (issue 29): a private author's review, or one across a
 * block, answers the same 404 as a missing one, so an id reveals nothing.
 */
async function reviewOf(deps: Pick<AppDeps, "db">, viewerId: number, postId: number): Promise<ReplyTarget> {
  const target = await replyTarget(deps.db, postId, viewerId);
  if (!target) throw fieldError(404, "postId", OWNER_MESSAGES.reviewNotFound);
  return target;
}

/** The review, when the caller may see it (404) and is the verified owner of its restaurant (403). */
export async function ownedReview(
  deps: Pick<AppDeps, "db">,
  user: AuthUser,
  postId: number,
): Promise<ReplyTarget> {
  const target = await reviewOf(deps, user.id, postId);
  if ((await activeOwnerOf(deps.db, target.restaurantId)) !== user.id) {
    throw new ApiError(403, OWNER_MESSAGES.notReplyOwner);
  }
  return target;
}

/** The review lists that show the review (and a dish review's restaurant review): only those drop. */
function publishReplyChange(deps: AppDeps, target: ReplyTarget) {
  publishReviewVisibilityChanges(deps, {
    dishIds: target.item.kind === "dish" ? [target.item.id] : [],
    restaurantIds: [
      ...(target.item.kind === "restaurant" ? [target.item.id] : []),
      ...(target.groupRestaurantId === null ? [] : [target.groupRestaurantId]),
    ],
  });
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function logLine(
  deps: AppDeps,
  user: AuthUser,
  target: ReplyTarget,
  action: string,
  before: unknown,
  after: unknown,
): BatchStatement {
  return ownerLogStatement(deps.db, {
    actorId: user.id,
    actorLabel: user.username,
    action,
    restaurantId: target.restaurantId,
    before,
    after: { postId: target.postId, ...(after as object) },
    createdAt: deps.now(),
  });
}

export async function createReply(
  deps: AppDeps,
  user: AuthUser,
  postId: number,
  content: string,
): Promise<OwnerReply> {
  const now = deps.now();
  // Counted before anything is looked up (issue 29): probing review ids costs the limit.
  await enforceRateLimit(deps.db, RATE_LIMITS.ownerRepliesPerUser, String(user.id), now);
  const target = await ownedReview(deps, user, postId);
  const earlier = await replyOf(deps.db, postId);
  // A moderator's removal holds: the owner cannot write the reply again (issue 29).
  if (earlier && earlier.removedAt !== null) throw new ApiError(409, OWNER_MESSAGES.replyRemoved);
  if (earlier && earlier.deletedAt === null) throw new ApiError(409, OWNER_MESSAGES.replyExists);
  const write = { postId, restaurantId: target.restaurantId, authorId: user.id, content, createdAt: now };
  try {
    await runBatch(deps.db, [
      // Where the owner deleted a reply its row stays, with its reports: the new text takes it.
      earlier ? rewriteDeletedReplyStatement(deps.db, write) : insertReplyStatement(deps.db, write),
      // The reviewer hears of the reply once, unless a block stands between.
      notifyInBatch(deps, {
        recipientId: target.authorId,
        actorId: user.id,
        kind: "owner-reply",
        postId,
        createdAt: now,
      }),
      logLine(deps, user, target, "owner:reply", null, { content }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, "owner_replies")) throw new ApiError(409, OWNER_MESSAGES.replyExists);
    throw error;
  }
  publishReplyChange(deps, target);
  return { postId, content, createdAt: new Date(now).toISOString(), updatedAt: null };
}

/** The reply as its owner may change it: 404 none (or deleted), 409 a moderator removed it. */
async function liveReply(deps: AppDeps, postId: number) {
  const reply = await replyOf(deps.db, postId);
  if (!reply || reply.deletedAt !== null) throw fieldError(404, "postId", OWNER_MESSAGES.replyNotFound);
  if (reply.removedAt !== null) throw new ApiError(409, OWNER_MESSAGES.replyRemoved);
  return reply;
}

export async function editReply(
  deps: AppDeps,
  user: AuthUser,
  postId: number,
  content: string,
): Promise<OwnerReply> {
  const now = deps.now();
  await enforceRateLimit(deps.db, RATE_LIMITS.ownerRepliesPerUser, String(user.id), now);
  const target = await ownedReview(deps, user, postId);
  const reply = await liveReply(deps, postId);
  await runBatch(deps.db, [
    updateReplyStatement(deps.db, postId, content, now),
    logLine(deps, user, target, "owner:reply-edited", { content: reply.content }, { content }),
  ]);
  publishReplyChange(deps, target);
  return { postId, content, createdAt: iso(reply.createdAt)!, updatedAt: iso(now) };
}

/**
 * The owner deletes the reply: it leaves every list, but its row and reports stay for moderators
 * (issue 29). A reply a moderator removed cannot be deleted (409): deleting it was the way to
 * write it again.
 */
export async function deleteReply(deps: AppDeps, user: AuthUser, postId: number): Promise<void> {
  const now = deps.now();
  await enforceRateLimit(deps.db, RATE_LIMITS.ownerRepliesPerUser, String(user.id), now);
  const target = await ownedReview(deps, user, postId);
  const reply = await liveReply(deps, postId);
  await runBatch(deps.db, [
    softDeleteReplyStatement(deps.db, postId, now),
    logLine(deps, user, target, "owner:reply-deleted", { content: reply.content }, { deleted: true }),
  ]);
  publishReplyChange(deps, target);
}

/**
 * Anyone signed in may report a reply they are shown, once; a trigger opens its moderation item.
 * The limit counts first, and a reply on a review the reporter may not see answers the same 404
 * as a missing one (issue 29).
 */
export async function reportReply(
  deps: AppDeps,
  user: AuthUser,
  postId: number,
  report: { reason: string; note?: string },
): Promise<string> {
  await enforceRateLimit(deps.db, RATE_LIMITS.commentReportsPerUser, String(user.id), deps.now());
  const review = await replyTarget(deps.db, postId, user.id);
  const reply = review && (await replyOf(deps.db, postId));
  if (!reply || reply.removedAt !== null || reply.deletedAt !== null)
    throw fieldError(404, "postId", OWNER_MESSAGES.replyNotFound);
  await insertReplyReport(deps.db, {
    postId,
    reporterId: user.id,
    reason: report.reason,
    note: report.note ?? "",
    createdAt: deps.now(),
  });
  publishReportReceived(deps);
  return REPORT_RECEIVED_MESSAGE;
}

/**
 * The owner reports a review of their restaurant (extortion among the reasons): a review
 * report like anyone's, so the same trigger opens the item; an extortion reason puts it at the
 * top of the queue (drizzle/0028). It changes nothing the review shows or counts.
 */
export async function ownerReportReview(
  deps: AppDeps,
  user: AuthUser,
  postId: number,
  report: { reason: string; note?: string },
): Promise<string> {
  const now = deps.now();
  await enforceRateLimit(deps.db, RATE_LIMITS.reportsPerUser, String(user.id), now);
  const target = await ownedReview(deps, user, postId);
  await runBatch(deps.db, [
    insertReviewReport(deps.db, {
      postId,
      reporterId: user.id,
      reason: report.reason,
      note: report.note ?? "",
      createdAt: now,
    }),
    logLine(deps, user, target, "owner:report", null, { reason: report.reason }),
  ]);
  publishReportReceived(deps);
  return REPORT_RECEIVED_MESSAGE;
}
