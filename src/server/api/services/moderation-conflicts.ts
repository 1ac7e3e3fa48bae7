// Nobody decides their own case (issue 29, docs/moderation.md): the moderators excluded from
// deciding an item, as one set, read by every path that decides (actions, the appeals they
// decide, approve-claim and refuse-claim, all through decide()) and by the queue, which does
// not offer an item to the people it excludes.
import {
  CONFLICT_MESSAGES,
  DECIDER_CONFLICTS,
  MODERATION_MESSAGES,
  type DeciderConflict,
  type ModerationKind,
} from "../../../domain/moderation.ts";
import type { Database } from "../db/client.ts";
import { conflictsOf } from "../db/queries/moderation-conflicts.ts";
import { subjectUserOf } from "../db/queries/moderation-targets.ts";

/** The people excluded from deciding an item, each with the first reason (DECIDER_CONFLICTS order). */
export type ExcludedDeciders = ReadonlyMap<number, DeciderConflict>;

/**
 * Everyone who may not decide the item or an appeal of it: its author (or the person it is),
 * whoever reported it, appealed a decision on it or decided it before, the verified owner of
 * the restaurant it is about, a claimant waiting on that restaurant, and the author of the
 * review a comment or a reply is about. Plain users are in it too; only moderators matter.
 */
export async function excludedDeciders(
  db: Database,
  item: { kind: ModerationKind; targetId: number },
): Promise<ExcludedDeciders> {
  const [subject, conflicts] = await Promise.all([
    subjectUserOf(db, item.kind, item.targetId),
    conflictsOf(db, item.kind, item.targetId),
  ]);
  const rank = (c: DeciderConflict) => DECIDER_CONFLICTS.indexOf(c);
  const rows = [...(subject == null ? [] : [{ userId: subject, conflict: "author" as const }]), ...conflicts];
  const excluded = new Map<number, DeciderConflict>();
  for (const { userId, conflict } of rows.sort((a, b) => rank(a.conflict) - rank(b.conflict))) {
    if (!excluded.has(userId)) excluded.set(userId, conflict);
  }
  return excluded;
}

/**
 * What a refused moderator is told. The moderator whose decision is under appeal hears the
 * appeal rule itself, as before issue 29.
 */
export function conflictMessage(conflict: DeciderConflict, decidedTheAppealedDecision: boolean): string {
  return decidedTheAppealedDecision ? MODERATION_MESSAGES.ownDecisionAppeal : CONFLICT_MESSAGES[conflict];
}
