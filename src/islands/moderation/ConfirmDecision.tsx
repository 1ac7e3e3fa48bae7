// The second question before a removal or a suspension (issue 21): what will happen, who will
// be told and with which reason. A native modal dialog (screen-parts.tsx Dialog): the page
// behind is inert, Escape cancels, and the focus goes back to the form's button.
import { useRef, type RefObject } from "react";
import { decisionReasonLabel } from "../../domain/report-reasons.ts";
import type { QueueItem } from "../../shared/schemas/moderation.ts";
import { Dialog } from "../../client/screen-parts.tsx";
import { KIND_NOUN, reporterCount } from "./queue-view.ts";
import type { DecisionState } from "./use-decision.ts";

function whoIsTold(item: QueueItem): string {
  const reporters = reporterCount(item);
  const people = `${reporters} reporter${reporters === 1 ? "" : "s"}`;
  if (item.author && reporters > 0) return `The author and ${people} will be told`;
  if (item.author) return "The author will be told";
  return reporters > 0 ? `${people} will be told` : "Nobody else will be told";
}

export function ConfirmDecision({
  item,
  decision,
  returnFocus,
}: {
  item: QueueItem;
  decision: DecisionState;
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const request = decision.confirming;
  const cancelRef = useRef<HTMLButtonElement>(null);
  const noun = KIND_NOUN[item.kind];
  const suspend = request?.action === "suspend";
  const author = item.author ? `@${item.author.username}` : "the author";
  const title = suspend ? `Suspend ${author}?` : `Remove this ${noun}?`;
  const length =
    request?.days === undefined ? "for good" : `for ${request.days} day${request.days === 1 ? "" : "s"}`;
  const effect = suspend
    ? `${author} will not be able to post, comment, like or follow ${length}.`
    : `It will be hidden from everyone but its author and moderators; it is never deleted.`;
  return (
    <Dialog
      open={request !== null}
      title={title}
      onClose={decision.cancel}
      returnFocus={returnFocus}
      initialFocus={cancelRef}
    >
      <p>{effect}</p>
      <p>
        {whoIsTold(item)}, with the reason “{request ? decisionReasonLabel(request.reason) : ""}”.
      </p>
      <div className="ir-buttons">
        <button type="button" className="btn btn-primary" onClick={decision.confirm}>
          {suspend ? "Suspend" : "Remove"}
        </button>
        <button ref={cancelRef} type="button" className="btn btn-secondary" onClick={decision.cancel}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
