// The pieces every post card shows (issues 11, 12 and 15), shared by the feed's cards
// (post-card.tsx, on /home, profiles and social search) and the reviews on dish and
// restaurant pages (src/islands/item-reviews): author avatar, rating with its label, the Incentivised label,
// text cut to the lines that fit with More (issue 24), the age as s/m/h/d, and the report form with a
// reason from src/domain/report-reasons.ts. Their look is post-card.css ("ir-" classes: they
// began as the item reviews' and that island's browser spec reads them).
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { fileUrl } from "../../domain/file-url.ts";
import { ratingLabelForMean } from "../../domain/rating-label.ts";
import { relativeAge } from "../../domain/relative-age.ts";
import { REPORT_REASONS, type ReportReasonId } from "../../domain/report-reasons.ts";
import type { ApiOutcome } from "../../shared/api-client.ts";
import { failureText } from "../failure-text.ts";
import { FormFooter } from "../form-footer.tsx";

export function Avatar({ name, avatar, size = 40 }: { name: string; avatar: string | null; size?: number }) {
  const src = fileUrl(avatar);
  return src ? (
    <img className="ir-avatar" src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />
  ) : (
    <span className="ir-avatar ir-avatar--empty" aria-hidden="true">
      {Array.from(name)[0]?.toUpperCase() ?? "?"}
    </span>
  );
}

/**
 * Long text shows the lines that fit the card (POST_TEXT_LINES, cut by CSS line-clamp) with
 * More / Less. Issue 24 replaced the spec's cut at 100 characters (point 4), which left a wide
 * card one short line and a narrow one a wall of text. The whole text stays in the page, so
 * screen readers and find-in-page get all of it; only what shows is cut.
 */
export function PostText({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const paragraph = useRef<HTMLParagraphElement>(null);
  const textId = useId();

  // Whether the clamp hides anything depends on the card's width, so it is measured again
  // whenever the paragraph is resized (a phone turned, a window widened).
  useEffect(() => {
    const element = paragraph.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);

  if (!text) return null;
  return (
    <div className="ir-text">
      <p id={textId} ref={paragraph} className={expanded ? undefined : "ir-text__clamped"}>
        {text}
      </p>
      {(overflows || expanded) && (
        <button
          type="button"
          className="ir-link"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? "Less" : "More"}
        </button>
      )}
    </div>
  );
}

export function RatingLine({ rating }: { rating: number | null }) {
  if (rating === null) return <p className="ir-rating ir-rating--none">Not rated</p>;
  return (
    <p className="ir-rating">
      <span className="ir-rating__value">
        <span className="visually-hidden">Rated </span>
        {rating.toFixed(1)}
        <span className="visually-hidden"> out of 5</span>
      </span>
      <span className="ir-rating__label">{ratingLabelForMean(rating)}</span>
    </p>
  );
}

/** Issue 15: a review the author was given something for says so where it is read. */
export function IncentivisedLabel() {
  return (
    <p className="ir-badge">
      Incentivised<span className="visually-hidden">: the author received something for this review</span>
    </p>
  );
}

/**
 * "3h" on screen, "Posted 3 hours ago" to a screen reader. With `href` (the review's own page,
 * /review/{id}, issue 24) the age is the link to it, as a post's time is in the apps people know.
 */
export function PostAge({
  createdAt,
  updatedAt,
  now,
  href,
}: {
  createdAt: string;
  updatedAt: string | null;
  now: number;
  href?: string;
}) {
  const age = relativeAge(createdAt, now);
  const time = (
    <time dateTime={createdAt} title={new Date(createdAt).toLocaleString("en-GB")}>
      <span aria-hidden="true">{age.short}</span>
      <span className="visually-hidden">Posted {age.spoken}</span>
    </time>
  );
  return (
    <p className="ir-age">
      {href ? (
        <a className="ir-age__link" href={href}>
          {time}
        </a>
      ) : (
        time
      )}
      {updatedAt && <span> · edited</span>}
    </p>
  );
}

/**
 * One change sent from a card: busy while the call runs, then the failure's words, or `onSent`.
 * `call` is null when there is nothing to send (no session).
 */
function useSend(text: { failed: string; signedOut: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(call: Promise<ApiOutcome<unknown>> | null, onSent: () => void) {
    if (!call) return;
    setBusy(true);
    setError(null);
    const outcome = await call;
    setBusy(false);
    if (outcome.kind !== "ok") return setError(failureText(outcome, text.failed, text.signedOut));
    onSent();
  }

  return { error, setError, busy, run };
}

export interface ReportFormText {
  /** The form's accessible name: "Report this review". */
  name: string;
  legend: string;
  reasonMissing: string;
  failed: string;
  signedOut: string;
}

/**
 * A reason from the short list, sent for moderation; `send` makes the call. `reasons` is the
 * list offered: everyone's, or the owner's, which adds extortion (issue 22).
 */
export function ReportForm<R extends string = ReportReasonId>({
  text,
  send,
  onDone,
  reasons = REPORT_REASONS as unknown as readonly { id: R; label: string }[],
}: {
  text: ReportFormText;
  send: (reason: R) => Promise<ApiOutcome<unknown>> | null;
  onDone: (sent: boolean) => void;
  reasons?: readonly { id: R; label: string }[];
}) {
  const id = useId();
  const [reason, setReason] = useState<R | null>(null);
  const { error, setError, busy, run } = useSend(text);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!reason) {
      setError(text.reasonMissing);
      return;
    }
    void run(send(reason), () => onDone(true));
  }

  return (
    <form className="ir-form" onSubmit={submit} aria-label={text.name} noValidate>
      <fieldset className="ir-reasons" aria-describedby={error ? `${id}-error` : undefined}>
        <legend>{text.legend}</legend>
        {reasons.map((option) => (
          <label key={option.id} className="ir-check">
            <input
              type="radio"
              name={`${id}-reason`}
              value={option.id}
              checked={reason === option.id}
              onChange={() => {
                setReason(option.id);
                setError(null);
              }}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <FormFooter
        error={error}
        errorId={`${id}-error`}
        busy={busy}
        action="Send report"
        busyAction="Sending…"
        onCancel={() => onDone(false)}
      />
    </form>
  );
}

export interface ConfirmDeleteText {
  question: string;
  failed: string;
  signedOut: string;
}

/**
 * The confirm step before an author's review or comment is deleted: `send` makes the call
 * (null when there is nothing to send), `onDeleted` runs once the server agreed. The caller
 * focuses `confirmRef` when it opens the panel.
 */
export function ConfirmDelete({
  text,
  send,
  onDeleted,
  onCancel,
  confirmRef,
}: {
  text: ConfirmDeleteText;
  send: () => Promise<ApiOutcome<unknown>> | null;
  onDeleted: () => void;
  onCancel: () => void;
  confirmRef: RefObject<HTMLButtonElement | null>;
}) {
  const { error, busy, run } = useSend(text);
  const remove = () => {
    if (!busy) void run(send(), onDeleted);
  };

  return (
    <div className="ir-confirm" role="group" aria-label="Confirm delete">
      <p>{text.question}</p>
      <FormFooter
        error={error}
        busy={busy}
        action="Yes, delete"
        busyAction="Deleting…"
        onCancel={onCancel}
        onAction={remove}
        actionRef={confirmRef}
        danger
      />
    </div>
  );
}
