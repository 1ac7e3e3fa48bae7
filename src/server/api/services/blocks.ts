// Blocks and reports of people (issue 12; docs/social.md). A block hides the two people from
// each other everywhere (profiles, lists, search, suggestions, notifications; posts and
// comments through notBlockedEitherWay in their reads) and removes follows and requests both
// ways. Reports are kept for moderation, one per reporter per person. Someone who blocked the
// caller answers every call here as a nonexistent user would (issue 20). None of these writes
// changes a cached public read.
import { cursorCodec } from "../../../domain/keyset-cursor.ts";
import type { ReportReasonId } from "../../../domain/report-reasons.ts";
import { SOCIAL_MESSAGES } from "../../../domain/social-rules.ts";
import { enforceRateLimit, RATE_LIMITS } from "../auth/rate-limit.ts";
import {
  blockStanding,
  blockUser,
  isBlockedEitherWay,
  readBlocked,
  recordUserReport,
  unblockUser,
} from "../db/queries/social-graph.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { personOf } from "./follows.ts";
import { readCursor } from "./page-cursor.ts";
import { publishReportReceived } from "./transparency.ts";

const blockedCursor = cursorCodec("blocked", ["createdAt", "userId"]);

/**
 * The person `actorId` may act on (block, unblock, report): 404 when there is no such user,
 * and the same 404 when they have blocked the actor (issue 20: a blocked person sees the
 * blocker as not found, so blocking back or reporting cannot tell a block from a deleted
 * account). A block the actor made themselves stays theirs to repeat or lift.
 */
async function actOn(deps: AppDeps, actorId: number, targetId: number): Promise<void> {
  const standing = await blockStanding(deps.db, actorId, targetId);
  if (!standing || (standing.blockedBy && !standing.blocking)) throw new ApiError(404);
}

/**
 * 404 when the person does not exist or either has blocked the other: the same answer, so a
 * block is not announced (GET /users/{id} and every read of a person).
 */
export async function assertVisiblePerson(deps: AppDeps, viewerId: number, userId: number): Promise<void> {
  if (viewerId !== userId && (await isBlockedEitherWay(deps.db, viewerId, userId))) throw new ApiError(404);
}

export async function block(deps: AppDeps, actorId: number, targetId: number): Promise<void> {
  if (actorId === targetId) throw fieldError(400, "id", SOCIAL_MESSAGES.blockSelf);
  await actOn(deps, actorId, targetId);
  await blockUser(deps.db, actorId, targetId, deps.now());
}

export async function unblock(deps: AppDeps, actorId: number, targetId: number): Promise<void> {
  if (actorId === targetId) throw fieldError(400, "id", SOCIAL_MESSAGES.blockSelf);
  await actOn(deps, actorId, targetId);
  await unblockUser(deps.db, actorId, targetId);
}

export async function blockedBy(deps: AppDeps, actorId: number, query: { cursor?: string; limit: number }) {
  const after = readCursor(blockedCursor, query.cursor);
  const rows = await readBlocked(deps.db, actorId, after && [after.createdAt, after.userId], query.limit + 1);
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    blocked: shown.map((row) => ({ ...personOf(row), blockedAt: new Date(row.createdAt).toISOString() })),
    nextCursor: rows.length > query.limit && last ? blockedCursor.encode(last) : null,
  };
}

/** Stores the first report of this person by this reporter; a repeat answers the same words. */
export async function reportUser(
  deps: AppDeps,
  reporterId: number,
  targetId: number,
  report: { reason: ReportReasonId; note?: string },
): Promise<string> {
  if (reporterId === targetId) throw fieldError(400, "id", SOCIAL_MESSAGES.reportSelf);
  await enforceRateLimit(deps.db, RATE_LIMITS.userReportsPerUser, String(reporterId), deps.now());
  await actOn(deps, reporterId, targetId);
  await recordUserReport(deps.db, {
    targetId,
    reporterId,
    reason: report.reason,
    note: report.note ?? "",
    createdAt: deps.now(),
  });
  publishReportReceived(deps);
  return SOCIAL_MESSAGES.reported;
}
