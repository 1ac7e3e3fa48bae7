// One open item (issue 21): what was reported and why (the reasons with counts, the
// reporters' notes), the item in context, its author's history, what detection noticed, an
// appeal's note and the decision it appeals, and the form that decides it.
import { useState } from "react";
import { decisionReasonLabel } from "../../domain/report-reasons.ts";
import { relativeAge } from "../../domain/relative-age.ts";
import type { QueueItem } from "../../shared/schemas/moderation.ts";
import type { Session } from "../../client/session.ts";
import { ACTION_LABELS } from "./decision-draft.ts";
import { DecisionForm } from "./DecisionForm.tsx";
import { ItemContext } from "./ItemContext.tsx";
import type { ModerationApi } from "./moderation-api.ts";
import { accountAge, itemTitle } from "./queue-view.ts";
import { signalLines } from "./signals-text.ts";

const SOURCE_TEXT: Record<QueueItem["source"], string> = {
  reports: "Reported",
  signals: "Flagged by detection",
  "community-added": "Added by a member",
  "claim-evidence": "Ownership claim",
};

const actionText = (action: string) => ACTION_LABELS[action as keyof typeof ACTION_LABELS] ?? action;

function AuthorFacts({ author, now }: { author: NonNullable<QueueItem["author"]>; now: number }) {
  return (
    <div className="mod-block">
      <h5>The author</h5>
      <p>
        <a href={`/user/${author.id}`}>@{author.username}</a>: account{" "}
        {accountAge(author.accountCreatedAt, now)}, {author.reviewCount} review
        {author.reviewCount === 1 ? "" : "s"}.
      </p>
      {author.earlierDecisions.length === 0 ? (
        <p className="sp-note">No earlier decisions.</p>
      ) : (
        <ul className="mod-lines">
          {author.earlierDecisions.map((d) => (
            <li key={d.id}>
              {d.createdAt.slice(0, 10)}: {actionText(d.action)} ({d.kind}), {decisionReasonLabel(d.reason)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function QueueItemCard({
  api,
  session,
  item,
  headingRef,
  onDecided,
}: {
  api: ModerationApi;
  session: Session;
  item: QueueItem;
  headingRef: (element: HTMLHeadingElement | null) => void;
  onDecided: (message: string) => void;
}) {
  const [now] = useState(() => Date.now());
  const signals = signalLines(item.signals);
  const opened = relativeAge(item.openedAt, now);
  const headingId = `mod-item-${item.id}`;
  return (
    <article className={item.appeal ? "mod-item mod-item--appeal" : "mod-item"} aria-labelledby={headingId}>
      <h4 id={headingId} ref={headingRef} tabIndex={-1}>
        {itemTitle(item)}
      </h4>
      <p className="mod-meta">
        {SOURCE_TEXT[item.source]} {opened.spoken}
        {item.reportCount > 0 && `, ${item.reportCount} report${item.reportCount === 1 ? "" : "s"}`}.
      </p>
      {item.appeal && (
        <div className="mod-block mod-appeal">
          <h5>Appeal by the {item.appeal.byRole}</h5>
          <blockquote className="mod-quote">{item.appeal.note}</blockquote>
          <p>
            The decision appealed: {actionText(item.appeal.decision.action)}, “
            {decisionReasonLabel(item.appeal.decision.reason)}”
            {item.appeal.decision.note && <>, with the note “{item.appeal.decision.note}”</>}. Your decision
            is final.
          </p>
        </div>
      )}
      {item.reasons.length > 0 && (
        <div className="mod-block">
          <h5>Reasons</h5>
          <ul className="mod-reasons">
            {item.reasons.map((reason) => (
              <li key={reason.id}>
                {reason.label} <span className="mod-count">× {reason.count}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {item.reports.some((report) => report.note) && (
        <div className="mod-block">
          <h5>Reporters' notes</h5>
          <ul className="mod-lines">
            {item.reports
              .filter((report) => report.note)
              .map((report, index) => (
                <li key={`${report.reporterId ?? "gone"}-${index}`}>
                  {report.reporterUsername ? `@${report.reporterUsername}` : "A deleted account"} (
                  {decisionReasonLabel(report.reason)}): “{report.note}”
                </li>
              ))}
          </ul>
        </div>
      )}
      <div className="mod-block">
        <h5>The {item.kind === "user" ? "profile" : item.kind}</h5>
        <ItemContext target={item.target} targetId={item.targetId} />
      </div>
      {item.author && <AuthorFacts author={item.author} now={now} />}
      {signals.length > 0 && (
        <div className="mod-block">
          <h5>What detection noticed</h5>
          <ul className="mod-lines">
            {signals.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {item.target && <DecisionForm api={api} session={session} item={item} onDecided={onDecided} />}
    </article>
  );
}
