// Reporting someone else's review to the moderators (issue 20).
import { REPORT_RECEIVED_MESSAGE, type ReportReasonId } from "../../../domain/report-reasons.ts";
import { REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import { enforceRateLimit, RATE_LIMITS } from "../auth/rate-limit.ts";
import { recordReport } from "../db/queries/review-edits.ts";
import { visiblePost } from "../db/queries/social-posts.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../http/envelope.ts";
import { publishReportReceived } from "./transparency.ts";

type Deps = Pick<AppDeps, "db" | "cache" | "now">;

export async function reportReview(
  deps: Deps,
  userId: number,
  report: { postId: number; reason: ReportReasonId; note?: string },
): Promise<string> {
  // Only a review the reporter may see (issue 20): a hidden one answers as a nonexistent one.
  const post = await visiblePost(deps.db, userId, report.postId);
  if (!post) throw new ApiError(404, REVIEW_MESSAGES.reviewNotFound);
  await enforceRateLimit(deps.db, RATE_LIMITS.reportsPerUser, String(userId), deps.now());
  await recordReport(deps.db, {
    postId: post.id,
    reporterId: userId,
    reason: report.reason,
    note: report.note ?? "",
    createdAt: deps.now(),
  });
  publishReportReceived(deps);
  return REPORT_RECEIVED_MESSAGE;
}
