// Telling people about a moderation decision (issue 21): the author (or the person acted on)
// and every reporter get a notification and an e-mail with the reason's label and how to
// appeal. Best effort, after the decision has committed: a mail server that fails is logged
// and never undoes a decision.
import { suspensionEnd, suspensionMessage } from "../../../domain/moderation.ts";
import { decisionReasonLabel } from "../../../domain/report-reasons.ts";
import { mayAppealAs } from "../../../domain/moderation-notices.ts";
import { reporterIdsOf } from "../db/queries/moderation-items.ts";
import { appealById, decisionById, emailsOf, type DecisionRow } from "../db/queries/moderation-decisions.ts";
import type { AppDeps } from "../deps.ts";
import { moderationDecisionEmail } from "../mail/moderation-decision-email.ts";
import { notify } from "./notifications.ts";

export async function tellDecision(
  deps: AppDeps,
  decision: DecisionRow,
  options: { days?: number; final: boolean },
): Promise<void> {
  const reporters = await reporterIdsOf(deps.db, decision.kind, decision.targetId);
  const recipients = new Map<number, "author" | "reporter">();
  for (const id of reporters) recipients.set(id, "reporter");
  if (decision.subjectUserId !== null) recipients.set(decision.subjectUserId, "author");
  if (decision.moderatorId !== null) recipients.delete(decision.moderatorId);
  const emails = await emailsOf(deps.db, [...recipients.keys()]);
  // A decision on appeal says what became of the decision appealed ("we restored your review").
  const appealRow = decision.appealId === null ? undefined : await appealById(deps.db, decision.appealId);
  const appealed = appealRow === undefined ? undefined : (await decisionById(deps.db, appealRow.decisionId))?.action;
  const reasonLabel = decisionReasonLabel(decision.reason);
  const until =
    decision.action === "suspend"
      ? suspensionMessage(suspensionEnd(decision.createdAt, options.days), reasonLabel)
          .replace("Your account is suspended ", "")
          .replace(/ \(.*\)\.$/, "")
      : undefined;
  await Promise.all(
    [...recipients].map(async ([recipientId, role]) => {
      // From the site: no block stands in the way of hearing a decision about oneself.
      await notify(deps, {
        recipientId,
        actorId: decision.moderatorId ?? recipientId,
        kind: "moderation-decision",
        decisionId: decision.id,
        createdAt: decision.createdAt,
      });
      const to = emails.get(recipientId);
      if (!to) return;
      const message = moderationDecisionEmail({
        to,
        role,
        kind: decision.kind,
        action: decision.action,
        reasonLabel,
        note: decision.note,
        until,
        appealable: !options.final && mayAppealAs(role, decision.action),
        appealed,
        publicOrigin: deps.config.publicOrigin,
      });
      deps.mail.sendAfterAnswer(message, "a moderation decision e-mail");
    }),
  );
}
