// Appeals (issue 21, docs/moderation.md): the author or a reporter of a decision may appeal it
// once, within APPEAL_WINDOW_DAYS; the item goes back to the queue, hidden from the moderator
// who decided, and the decision on the appeal is final.
import { appealOpen, MODERATION_MESSAGES } from "../../../domain/moderation.ts";
import { APPEAL_SIDE_MESSAGE, mayAppealAs } from "../../../domain/moderation-notices.ts";
import type { AuthUser } from "../auth/require-user.ts";
import {
  appealIdSql,
  appealsOf,
  decisionById,
  insertAppealStatement,
  logStatement,
  reportedBy,
  runModerationBatch,
} from "../db/queries/moderation-decisions.ts";
import { itemById, reopenForAppealStatements } from "../db/queries/moderation-items.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../http/envelope.ts";
import { publishCatalogueChanges } from "./catalogue-changes.ts";

export async function appeal(
  deps: AppDeps,
  appellant: AuthUser,
  input: { decisionId: number; note: string },
): Promise<{ appealId: number }> {
  const decision = await decisionById(deps.db, input.decisionId);
  const role =
    decision === undefined
      ? undefined
      : decision.subjectUserId === appellant.id
        ? ("author" as const)
        : (await reportedBy(deps.db, decision.kind, decision.targetId, appellant.id))
          ? ("reporter" as const)
          : undefined;
  // Someone else's decision answers as a missing one: it is not theirs to learn about.
  if (!decision || !role) throw new ApiError(404, MODERATION_MESSAGES.decisionNotFound);
  if (decision.appealId !== null) throw new ApiError(409, MODERATION_MESSAGES.appealFinal);
  const appeals = await appealsOf(deps.db, decision.id);
  if (appeals.some((a) => a.decidedBy !== null)) throw new ApiError(409, MODERATION_MESSAGES.appealFinal);
  if (appeals.some((a) => a.appellantId === appellant.id))
    throw new ApiError(409, MODERATION_MESSAGES.appealedAlready);
  // Issue 30: only the side the decision went against may appeal (a reporter whose report was
  // upheld, or an author whose content was kept, has nothing to appeal).
  if (!mayAppealAs(role, decision.action)) throw new ApiError(403, APPEAL_SIDE_MESSAGE);
  const now = deps.now();
  if (!appealOpen(decision.createdAt, now)) throw new ApiError(410, MODERATION_MESSAGES.appealWindowPassed);
  const item = (await itemById(deps.db, decision.itemId))!;
  const appealId = appealIdSql(decision.id, appellant.id);
  // An open appeal of the same decision already holds the item: this one joins it.
  const firstAppeal = appeals[0] === undefined ? appealId : appeals[0].id;
  try {
    await runModerationBatch(deps.db, [
      insertAppealStatement(deps.db, {
        decisionId: decision.id,
        appellantId: appellant.id,
        role,
        note: input.note,
        createdAt: now,
      }),
      ...reopenForAppealStatements(deps.db, {
        itemId: item.id,
        kind: decision.kind,
        targetId: decision.targetId,
        appealId: firstAppeal,
        moderatorId: decision.moderatorId,
        now,
      }),
      logStatement(deps.db, {
        actorId: appellant.id,
        actorLabel: appellant.username,
        action: "appeal",
        kind: decision.kind,
        targetId: decision.targetId,
        note: input.note,
        before: { decisionId: decision.id, action: decision.action, reason: decision.reason },
        after: { role },
        createdAt: now,
      }),
    ]);
  } catch (error) {
    const text = `${String((error as Error)?.message)} ${String((error as { cause?: Error })?.cause?.message)}`;
    if (/UNIQUE constraint failed: moderation_appeals/.test(text)) {
      throw new ApiError(409, MODERATION_MESSAGES.appealedAlready);
    }
    throw error;
  }
  // An appeal moves the transparency report's figures; on Node its page follows.
  await publishCatalogueChanges(deps, { transparency: true });
  const mine = (await appealsOf(deps.db, decision.id)).find((a) => a.appellantId === appellant.id)!;
  return { appealId: mine.id };
}
