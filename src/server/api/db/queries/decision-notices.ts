// What a page of moderation-decision notifications needs of their decisions (issue 30): the
// item and outcome, whether it was decided on an appeal (and what that appeal was against),
// whether its appeal is decided already, and whether the recipient appealed it.
import { inArray, sql } from "drizzle-orm";
import type { ModerationKind } from "../../../../domain/moderation.ts";
import type { Database } from "../client.ts";
import { moderationDecisions } from "../schema.ts";

export interface DecisionNoticeRow {
  id: number;
  kind: ModerationKind;
  targetId: number;
  subjectUserId: number | null;
  action: string;
  reason: string;
  createdAt: number;
  /** The action of the decision this one decided on appeal; null when not on appeal. */
  appealedAction: string | null;
  commentPostId: number | null;
  appealDecided: boolean;
  appealedByRecipient: boolean;
}

export async function decisionNotices(db: Database, recipientId: number, ids: number[]): Promise<DecisionNoticeRow[]> {
  if (ids.length === 0) return [];
  const d = moderationDecisions;
  // Raw subqueries: drizzle drops the table names of columns inside sql``, and these correlate
  // on moderation_decisions.id, so every column is named in full.
  const rows = await db
    .select({
      id: d.id,
      kind: d.kind,
      targetId: d.targetId,
      subjectUserId: d.subjectUserId,
      action: d.action,
      reason: d.reason,
      createdAt: d.createdAt,
      appealedAction: sql<string | null>`(SELECT appealed.action FROM moderation_appeals a JOIN moderation_decisions appealed ON appealed.id = a.decision_id WHERE a.id = moderation_decisions.appeal_id)`,
      commentPostId: sql<number | null>`CASE WHEN moderation_decisions.kind = 'comment' THEN (SELECT c.post_id FROM comments c WHERE c.id = moderation_decisions.target_id) END`,
      appealDecided: sql<number>`EXISTS (SELECT 1 FROM moderation_appeals a WHERE a.decision_id = moderation_decisions.id AND a.decided_by IS NOT NULL)`,
      appealedByRecipient: sql<number>`EXISTS (SELECT 1 FROM moderation_appeals a WHERE a.decision_id = moderation_decisions.id AND a.appellant_id = ${recipientId})`,
    })
    .from(d)
    .where(inArray(d.id, ids));
  return rows.map((r) => ({
    ...r,
    appealedAction: r.appealedAction ?? null,
    commentPostId: r.commentPostId === null ? null : Number(r.commentPostId),
    appealDecided: Boolean(Number(r.appealDecided)),
    appealedByRecipient: Boolean(Number(r.appealedByRecipient)),
  }));
}

