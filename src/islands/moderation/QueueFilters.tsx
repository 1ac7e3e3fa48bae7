// The queue's filters (issue 21): by kind and by policy reason, real selects with labels, sent
// with a button so that choosing an option never moves the page on its own (WCAG 3.2.2).
import { useId, useState, type SubmitEvent } from "react";
import { MODERATION_KINDS, type ModerationKind } from "../../domain/moderation.ts";
import { DECISION_REASONS } from "../../domain/report-reasons.ts";
import type { QueueFilter } from "./moderation-api.ts";

const KIND_OPTIONS: Record<ModerationKind, string> = {
  review: "Reviews",
  comment: "Comments",
  user: "People",
  restaurant: "Restaurants",
  dish: "Dishes",
  reply: "Owner replies",
};

export function QueueFilters({
  filter,
  onApply,
}: {
  filter: QueueFilter;
  onApply: (next: QueueFilter) => void;
}) {
  const [kind, setKind] = useState<string>(filter.kind ?? "");
  const [reason, setReason] = useState<string>(filter.reason ?? "");
  const id = useId();

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply({
      ...(kind ? { kind: kind as ModerationKind } : {}),
      ...(reason ? { reason } : {}),
    });
  }

  return (
    <form className="mod-filters" aria-label="Filter the queue" onSubmit={submit}>
      <div className="sp-field">
        <label htmlFor={`${id}-kind`}>What was reported</label>
        <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value)}>
          <option value="">Everything</option>
          {MODERATION_KINDS.map((value) => (
            <option key={value} value={value}>
              {KIND_OPTIONS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="sp-field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <select id={`${id}-reason`} value={reason} onChange={(event) => setReason(event.target.value)}>
          <option value="">Any reason</option>
          {DECISION_REASONS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-secondary">
        Show
      </button>
    </form>
  );
}
