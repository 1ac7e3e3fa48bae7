import { APPEAL_WINDOW_DAYS, type ModerationKind } from "../../../domain/moderation.ts";
import { composeEmail } from "./email-layout.ts";
import type { MailMessage } from "./mailer.ts";

const THING: Record<ModerationKind, string> = {
  review: "review",
  comment: "comment",
  user: "profile",
  restaurant: "restaurant listing",
  dish: "dish listing",
  reply: "reply to a review",
};

const OUTCOME: Record<string, { author: string; reporter: string }> = {
  keep: {
    author: "We looked at a report about your {thing} and kept it as it is.",
    reporter: "We looked at the {thing} you reported and kept it: we found it within our review policy.",
  },
  remove: {
    author: "We removed your {thing}. It is no longer shown to anyone but you.",
    reporter: "We removed the {thing} you reported.",
  },
  warn: {
    author: "This is a warning about your {thing}. Further breaches may lead to a suspension.",
    reporter: "We warned the author of the {thing} you reported.",
  },
  suspend: {
    author: "Your account is suspended {until}: you cannot post, comment, like, save or follow until then.",
    reporter: "We suspended the author of the {thing} you reported.",
  },
};

/** A decision on appeal that keeps what the appealed decision acted on undoes it (issue 30). */
const UNDONE_ON_APPEAL: Record<string, string> = {
  remove: "Your appeal succeeded: we restored your {thing}, and it is shown again as before.",
  warn: "Your appeal succeeded: we withdrew the warning about your {thing}.",
  suspend: "Your appeal succeeded: we lifted your suspension, and you can post, comment, like, save and follow again.",
};

export interface DecisionEmailInput {
  to: string;
  role: "author" | "reporter";
  kind: ModerationKind;
  action: string;
  reasonLabel: string;
  note?: string;
  /** "until 2026-12-01 10:00 UTC" or "permanently", for a suspension. */
  until?: string;
  appealable: boolean;
  /** A decision on appeal: the action of the decision appealed. */
  appealed?: string;
  publicOrigin: string;
}

/**
 * A moderation decision, to its author or a reporter (issue 21): what we did, the reason's
 * label from the published policy, and how to appeal. The moderator is never named.
 */
export function moderationDecisionEmail(input: DecisionEmailInput): MailMessage {
  const thing = THING[input.kind];
  const undone =
    input.appealed !== undefined && input.action === "keep" && input.role === "author"
      ? UNDONE_ON_APPEAL[input.appealed]
      : undefined;
  const outcome = (undone ? { author: undone, reporter: undone } : OUTCOME[input.action] ?? {
    author: "We made a decision about your {thing}.",
    reporter: "We made a decision about the {thing} you reported.",
  })[input.role]
    .replaceAll("{thing}", thing)
    .replaceAll("{until}", input.until ?? "");
  // Only the side a decision went against may appeal it (issue 30); the other side is told
  // nothing about appealing, and a decision on appeal is final.
  const appeal = input.appealable
    ? [
        `If you think this is wrong, you can appeal once within ${APPEAL_WINDOW_DAYS} days from the notification in your account: a different moderator will decide, and that decision is final.`,
      ]
    : input.appealed !== undefined
      ? ["This decision was made on appeal and is final."]
      : [];
  return composeEmail({
    to: input.to,
    subject:
      undone
        ? "Your appeal on Dishcovery succeeded"
        : input.role === "author"
        ? `A decision about your ${thing} on Dishcovery`
        : `Your report on Dishcovery: our decision`,
    heading: "Our moderation decision",
    intro: [
      outcome,
      `Reason: ${input.reasonLabel}.`,
      ...(input.role === "author" && input.note ? [`Moderator's note: ${input.note}`] : []),
    ],
    action: { label: "Read our review policy", url: `${input.publicOrigin}/review-policy` },
    outro: appeal,
  });
}
