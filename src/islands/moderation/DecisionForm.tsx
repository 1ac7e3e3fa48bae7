// The decision on one item (issue 21): an action from those the kind takes, a reason from the
// published policy (labels shown), a note, and what the action needs (how long a suspension
// lasts, what a merge goes into, the fields an edit changes). Remove and suspend are asked
// again in a dialog; the button stays focusable while the call runs (aria-disabled).
import { useId, useRef } from "react";
import { DECISION_REASONS } from "../../domain/report-reasons.ts";
import type { QueueItem } from "../../shared/schemas/moderation.ts";
import type { Session } from "../../client/session.ts";
import { ConfirmDecision } from "./ConfirmDecision.tsx";
import { ACTION_LABELS, actionsFor } from "./decision-draft.ts";
import { DecisionExtras } from "./DecisionExtras.tsx";
import { invalidProps } from "./field-props.ts";
import type { ModerationApi } from "./moderation-api.ts";
import { itemTitle } from "./queue-view.ts";
import { useDecision } from "./use-decision.ts";

export function DecisionForm({
  api,
  session,
  item,
  onDecided,
}: {
  api: ModerationApi;
  session: Session;
  item: QueueItem;
  onDecided: (message: string) => void;
}) {
  const id = useId();
  const decision = useDecision(api, session, item, onDecided);
  const { draft, errors, change } = decision;
  const submitRef = useRef<HTMLButtonElement>(null);
  const legend = item.appeal ? "Decide the appeal" : "Decide";

  return (
    <form
      className="mod-decision"
      aria-label={`${legend}: ${itemTitle(item)}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        decision.submit();
      }}
    >
      <p className="mod-decision__title" aria-hidden="true">
        {legend}
      </p>
      <fieldset className="mod-actions" aria-describedby={errors.action ? `${id}-action-error` : undefined}>
        <legend>Action</legend>
        <div className="mod-radios">
          {actionsFor(item).map((action) => (
            <label key={action} className="mod-radio">
              <input
                type="radio"
                name={`${id}-action`}
                value={action}
                checked={draft.action === action}
                onChange={() => change("action", action)}
              />
              {ACTION_LABELS[action]}
            </label>
          ))}
        </div>
        {errors.action && (
          <p id={`${id}-action-error`} className="ir-error">
            {errors.action}
          </p>
        )}
      </fieldset>
      <div className="sp-field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <select
          id={`${id}-reason`}
          value={draft.reason}
          onChange={(event) => change("reason", event.target.value)}
          {...invalidProps(`${id}-reason-error`, errors.reason)}
        >
          <option value="">Choose a reason</option>
          {DECISION_REASONS.map((reason) => (
            <option key={reason.id} value={reason.id}>
              {reason.label}
            </option>
          ))}
        </select>
        {errors.reason && (
          <p id={`${id}-reason-error`} className="ir-error">
            {errors.reason}
          </p>
        )}
      </div>
      <div className="sp-field">
        <label htmlFor={`${id}-note`}>Note (required)</label>
        <textarea
          id={`${id}-note`}
          rows={3}
          value={draft.note}
          readOnly={decision.busy}
          onChange={(event) => change("note", event.target.value)}
          {...invalidProps(`${id}-note-error`, errors.note, `${id}-note-hint`)}
        />
        <p id={`${id}-note-hint`} className="sp-note">
          The author reads it with the decision; reporters get the reason only.
        </p>
        {errors.note && (
          <p id={`${id}-note-error`} className="ir-error">
            {errors.note}
          </p>
        )}
      </div>
      <DecisionExtras api={api} item={item} decision={decision} idBase={id} />
      {decision.failure && (
        <p className="ir-error" role="alert">
          {decision.failure}
        </p>
      )}
      <button
        ref={submitRef}
        type="submit"
        className="btn btn-primary"
        aria-disabled={decision.busy || undefined}
      >
        {decision.busy ? "Saving…" : item.appeal ? "Decide the appeal" : "Apply decision"}
      </button>
      <ConfirmDecision item={item} decision={decision} returnFocus={submitRef} />
    </form>
  );
}
