// The author's own view of a review a moderator removed (issue 30, docs/moderation.md "What the
// author of a removed review sees"): that it was removed, the reason as the policy words it, the
// moderator's note (as the decision's e-mail gives it) and whether it can still be appealed,
// by the same rule as the decision's notification. Only ever built for the author.
import { APPEAL_WINDOW_MS } from "../../../domain/moderation.ts";
import { decisionReasonLabel } from "../../../domain/report-reasons.ts";
import type { Removal } from "../../../shared/schemas/removed-review.ts";
import { appealsOf, decisionsOfTarget } from "../db/queries/moderation-decisions.ts";
import { removedPost } from "../db/queries/removed-review.ts";
import type { AppDeps } from "../deps.ts";
import { decisionNoticesFor } from "./decision-notices.ts";

const iso = (ms: number) => new Date(ms).toISOString();

/** The removal of `postId` as its author `viewer` is told it; null when it is not removed or not theirs. */
export async function removalForAuthor(
  deps: Pick<AppDeps, "db" | "now">,
  viewer: number,
  postId: number,
): Promise<Removal | null> {
  const post = await removedPost(deps.db, postId);
  if (!post || post.authorId !== viewer) return null;
  // A dish review removed with its restaurant review: that review's decision removed it.
  const targets = post.reviewGroupId === null ? [post.id] : [post.id, post.reviewGroupId];
  const decisions = (await Promise.all(targets.map((id) => decisionsOfTarget(deps.db, "review", id)))).flat();
  const decision = decisions.filter((d) => d.action === "remove").sort((a, b) => b.id - a.id)[0];
  if (!decision) {
    // Removed without a decision on record (never by the API): say so, with nothing to appeal.
    return {
      removedAt: iso(deps.now()),
      decisionId: null,
      reason: null,
      reasonLabel: null,
      note: null,
      appealable: false,
      appealed: false,
      final: false,
      appealUntil: null,
    };
  }
  const [notice, appeals] = await Promise.all([
    decisionNoticesFor(deps, viewer, [decision.id]),
    appealsOf(deps.db, decision.id),
  ]);
  const final = decision.appealId !== null || appeals.some((a) => a.decidedBy !== null);
  return {
    removedAt: iso(decision.createdAt),
    decisionId: decision.id,
    reason: decision.reason,
    reasonLabel: decisionReasonLabel(decision.reason),
    note: decision.note || null,
    appealable: notice.get(decision.id)?.appealable ?? false,
    appealed: appeals.some((a) => a.appellantId === viewer),
    final,
    appealUntil: final ? null : iso(decision.createdAt + APPEAL_WINDOW_MS),
  };
}
