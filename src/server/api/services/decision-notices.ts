// A moderation decision as its notification tells it (issue 30): the item and the outcome,
// where to read it, and the Appeal button only for the side the decision went against, while
// an appeal is still possible (docs/moderation.md).
import { appealOpen } from "../../../domain/moderation.ts";
import { decidedItemHref, mayAppealAs } from "../../../domain/moderation-notices.ts";
import { decisionReasonLabel } from "../../../domain/report-reasons.ts";
import type { DecisionNotice } from "../../../shared/schemas/social-profiles.ts";
import { decisionNotices } from "../db/queries/decision-notices.ts";
import type { AppDeps } from "../deps.ts";

export async function decisionNoticesFor(
  deps: Pick<AppDeps, "db" | "now">,
  recipientId: number,
  decisionIds: number[],
): Promise<Map<number, DecisionNotice>> {
  const rows = await decisionNotices(deps.db, recipientId, decisionIds);
  const now = deps.now();
  return new Map(
    rows.map((row) => {
      const role = row.subjectUserId === recipientId ? ("author" as const) : ("reporter" as const);
      const appealable =
        mayAppealAs(role, row.action) &&
        row.appealedAction === null &&
        !row.appealDecided &&
        !row.appealedByRecipient &&
        appealOpen(row.createdAt, now);
      return [
        row.id,
        {
          kind: row.kind,
          action: row.action,
          reasonLabel: decisionReasonLabel(row.reason),
          role,
          appealedAction: row.appealedAction,
          href: decidedItemHref(row.kind, row.targetId, row.commentPostId),
          appealable,
        },
      ];
    }),
  );
}
