// One review in the list: who wrote it and when, the rating with its label, the text (cut
// at 100 characters with Read more), its photos, the Incentivised label (issue 15), the dish
// reviews posted with it, and what the reader may do: the author edits or deletes (with a
// confirm step), anyone else reports it with a reason.
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { fileUrl } from "../../domain/file-url.ts";
import { ratingLabel, ratingLabelForMean } from "../../domain/rating-label.ts";
import { relativeAge } from "../../domain/relative-age.ts";
import { REPORT_REASONS, type ReportReasonId } from "../../domain/report-reasons.ts";
import type { Session } from "../accounts/session.ts";
import type { ApiOutcome } from "../../shared/api-client.ts";
import type { DishReview, Review } from "../../shared/schemas/reviews.ts";
import { ITEM_REVIEWS_MESSAGES, MAX_CONTENT } from "./messages.ts";
import { photoSrc, photoSrcset, tenthsOf, truncatedText } from "./review-list.ts";
import type { ItemKind, ReviewsApi } from "./reviews-api.ts";

export const INCENTIVE_QUESTION = "Did you receive anything for this review (a free meal, a discount, an invitation)?";

export interface ReviewActions {
  session: Session | null;
  api: ReviewsApi;
  onEdited(id: number, change: (review: DishReview) => DishReview): void;
  onDeleted(id: number): void;
}

/** The Login link brings the person back to this page afterwards. */
function loginHref(): string {
  return `/sign-in-users?next=${encodeURIComponent(location.pathname + location.search)}`;
}

/**
 * What a failed change says: log in again when the session has expired, the API's reason
 * when a person can act on it, else ours.
 */
function failureText(outcome: Exclude<ApiOutcome<unknown>, { kind: "ok" }>, fallback: string, signedOut: string): string {
  if (outcome.kind !== "failed") return outcome.message;
  if (outcome.status === 401) return signedOut;
  const fields = Object.values(outcome.fields);
  if (fields.length > 0) return fields.join(" ");
  return [400, 409, 422, 429].includes(outcome.status) && outcome.message ? outcome.message : fallback;
}

function Avatar({ name, avatar }: { name: string; avatar: string | null }) {
  const src = fileUrl(avatar);
  return src ? (
    <img className="ir-avatar" src={src} alt="" width={40} height={40} loading="lazy" decoding="async" />
  ) : (
    <span className="ir-avatar ir-avatar--empty" aria-hidden="true">
      {Array.from(name)[0]?.toUpperCase() ?? "?"}
    </span>
  );
}

function ReviewText({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const short = truncatedText(text);
  if (!text) return null;
  return (
    <div className="ir-text">
      <p id={textId}>{short && !expanded ? short : text}</p>
      {short && (
        <button type="button" className="ir-link" aria-expanded={expanded} aria-controls={textId} onClick={() => setExpanded(!expanded)}>
          {expanded ? "Show less" : "Read more"}
        </button>
      )}
    </div>
  );
}

function Photos({ review }: { review: DishReview }) {
  if (review.photos.length === 0) return null;
  const count = review.photos.length;
  return (
    <ul className="ir-photos" aria-label="Photos">
      {review.photos.map((photo, i) => (
        <li key={photo.name}>
          <a href={fileUrl(photo.name) ?? undefined}>
            <img
              src={photoSrc(photo)}
              srcSet={photoSrcset(photo)}
              sizes="(min-width: 600px) 10rem, 30vw"
              width={photo.width}
              height={photo.height}
              alt={`Photo ${i + 1} of ${count} from ${review.author.username}'s review, full size`}
              loading="lazy"
              decoding="async"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

function RatingLine({ rating }: { rating: number | null }) {
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

function EditForm({ review, actions, onDone }: { review: DishReview; actions: ReviewActions; onDone: (saved: boolean) => void }) {
  const id = useId();
  const [tenths, setTenths] = useState(tenthsOf(review.rating));
  const [content, setContent] = useState(review.content);
  const [incentivised, setIncentivised] = useState(review.incentivised);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const session = actions.session;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy || !session) return;
    setBusy(true);
    setError(null);
    const rating = tenths / 10;
    const outcome = await actions.api.update(session.token, {
      id: review.id,
      authId: session.userId,
      content,
      rating,
      incentivised,
    });
    setBusy(false);
    if (outcome.kind !== "ok") {
      setError(failureText(outcome, ITEM_REVIEWS_MESSAGES.updateFailed, ITEM_REVIEWS_MESSAGES.loginToEdit));
      return;
    }
    actions.onEdited(review.id, (current) => ({
      ...current,
      content,
      rating: tenths === 0 ? null : rating,
      ratingLabel: tenths === 0 ? null : ratingLabel(tenths),
      incentivised,
      updatedAt: new Date().toISOString(),
    }));
    onDone(true);
  }

  return (
    <form className="ir-form" onSubmit={(event) => void save(event)} aria-label="Edit your review">
      <div className="ir-field">
        <label htmlFor={`${id}-rating`}>Rating</label>
        <div className="ir-slider">
          <input
            id={`${id}-rating`}
            type="range"
            min={0}
            max={50}
            step={1}
            value={tenths}
            aria-valuetext={`${(tenths / 10).toFixed(1)}, ${ratingLabel(tenths)}`}
            onChange={(event) => {
              setTenths(Number(event.target.value));
              setError(null);
            }}
          />
          <output htmlFor={`${id}-rating`} aria-hidden="true">
            {(tenths / 10).toFixed(1)} {ratingLabel(tenths)}
          </output>
        </div>
      </div>
      <div className="ir-field">
        <label htmlFor={`${id}-content`}>Your review</label>
        <textarea id={`${id}-content`} value={content} maxLength={MAX_CONTENT} rows={4} onChange={(event) => {
            setContent(event.target.value);
            setError(null);
          }} />
      </div>
      <label className="ir-check">
        <input
          type="checkbox"
          checked={incentivised}
          onChange={(event) => {
            setIncentivised(event.target.checked);
            setError(null);
          }}
        />
        {INCENTIVE_QUESTION}
      </label>
      {error && (
        <p className="ir-error" role="alert">
          {error}
        </p>
      )}
      <div className="ir-buttons">
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? "Saving…" : "Save changes"}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ReportForm({ review, actions, onDone }: { review: DishReview; actions: ReviewActions; onDone: (sent: boolean) => void }) {
  const id = useId();
  const [reason, setReason] = useState<ReportReasonId | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const session = actions.session;

  async function send(event: FormEvent) {
    event.preventDefault();
    if (busy || !session) return;
    if (!reason) {
      setError(ITEM_REVIEWS_MESSAGES.reportReason);
      return;
    }
    setBusy(true);
    setError(null);
    const outcome = await actions.api.report(session.token, { postId: review.id, reason });
    setBusy(false);
    if (outcome.kind !== "ok") {
      setError(failureText(outcome, ITEM_REVIEWS_MESSAGES.reportFailed, ITEM_REVIEWS_MESSAGES.loginToReport));
      return;
    }
    onDone(true);
  }

  return (
    <form className="ir-form" onSubmit={(event) => void send(event)} aria-label="Report this review" noValidate>
      <fieldset className="ir-reasons" aria-describedby={error ? `${id}-error` : undefined}>
        <legend>Why are you reporting this review?</legend>
        {REPORT_REASONS.map((option) => (
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
      {error && (
        <p className="ir-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <div className="ir-buttons">
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? "Sending…" : "Send report"}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * Moves the focus once the next render is on screen (WCAG 2.4.3): the element to focus is
 * often one that render creates, such as the button a closed panel gives back.
 */
export function useFocusAfterRender(): (target: RefObject<HTMLElement | null>) => void {
  const pending = useRef<RefObject<HTMLElement | null> | null>(null);
  useEffect(() => {
    if (!pending.current) return;
    pending.current.current?.focus();
    pending.current = null;
  });
  return (target) => {
    pending.current = target;
  };
}

type Panel = "none" | "edit" | "confirm-delete" | "report" | "login" | "reported";

function Actions({ review, actions }: { review: DishReview; actions: ReviewActions }) {
  const [panel, setPanel] = useState<Panel>("none");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const reportButton = useRef<HTMLButtonElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const own = actions.session !== null && actions.session.userId === review.author.id;
  const focusAfterRender = useFocusAfterRender();

  /** Closing a panel gives the focus back to the button that opened it. */
  function close(returnTo: RefObject<HTMLButtonElement | null>) {
    setPanel("none");
    setError(null);
    focusAfterRender(returnTo);
  }

  async function remove() {
    const session = actions.session;
    if (busy || !session) return;
    setBusy(true);
    setError(null);
    const outcome = await actions.api.remove(session.token, review.id);
    setBusy(false);
    if (outcome.kind !== "ok") {
      setError(failureText(outcome, ITEM_REVIEWS_MESSAGES.deleteFailed, ITEM_REVIEWS_MESSAGES.loginToEdit));
      return;
    }
    actions.onDeleted(review.id);
  }

  if (own) {
    return (
      <div className="ir-actions">
        {panel === "none" && (
          <div className="ir-buttons">
            <button type="button" className="ir-link" ref={editButton} onClick={() => setPanel("edit")}>
              Edit<span className="visually-hidden"> your review</span>
            </button>
            <button
              type="button"
              className="ir-link"
              ref={deleteButton}
              onClick={() => {
                setPanel("confirm-delete");
                focusAfterRender(confirmButton);
              }}
            >
              Delete<span className="visually-hidden"> your review</span>
            </button>
          </div>
        )}
        {panel === "edit" && <EditForm review={review} actions={actions} onDone={() => close(editButton)} />}
        {panel === "confirm-delete" && (
          <div className="ir-confirm" role="group" aria-label="Confirm delete">
            <p>{ITEM_REVIEWS_MESSAGES.confirmDelete}</p>
            {error && (
              <p className="ir-error" role="alert">
                {error}
              </p>
            )}
            <div className="ir-buttons">
              <button type="button" className="btn btn-primary ir-danger" ref={confirmButton} aria-disabled={busy || undefined} onClick={() => void remove()}>
                {busy ? "Deleting…" : "Yes, delete"}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => close(deleteButton)}>
                Cancel
              </button>
            </div>
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="ir-actions">
      {(panel === "none" || panel === "login") && (
        <div className="ir-buttons">
          <button
            type="button"
            className="ir-link"
            ref={reportButton}
            aria-expanded={panel === "login" ? true : undefined}
            onClick={() => setPanel(actions.session ? "report" : "login")}
          >
            Report<span className="visually-hidden"> this review</span>
          </button>
        </div>
      )}
      {panel === "login" && (
        <p className="ir-notice" role="status">
          {ITEM_REVIEWS_MESSAGES.loginToReport} <a href={loginHref()}>Login</a>
        </p>
      )}
      {panel === "report" && (
        <ReportForm
          review={review}
          actions={actions}
          onDone={(sent) => {
            if (!sent) return close(reportButton);
            setPanel("reported");
            focusAfterRender(status);
          }}
        />
      )}
      {panel === "reported" && (
        <p className="ir-notice ir-notice--done" role="status" tabIndex={-1} ref={status}>
          {ITEM_REVIEWS_MESSAGES.reported}
        </p>
      )}
    </div>
  );
}

/** The parts a restaurant review and each dish review posted with it share. */
function ReviewBody({ review, now }: { review: DishReview; now: number }) {
  const age = relativeAge(review.createdAt, now);
  return (
    <>
      <RatingLine rating={review.rating} />
      {review.incentivised && (
        <p className="ir-badge">
          Incentivised<span className="visually-hidden">: the author received something for this review</span>
        </p>
      )}
      <ReviewText text={review.content} />
      <Photos review={review} />
      <p className="ir-age">
        <time dateTime={review.createdAt} title={new Date(review.createdAt).toLocaleString("en-GB")}>
          <span aria-hidden="true">{age.short}</span>
          <span className="visually-hidden">Posted {age.spoken}</span>
        </time>
        {review.updatedAt && <span> · edited</span>}
      </p>
    </>
  );
}

export function ReviewCard({ review, pageKind, actions, now }: { review: Review; pageKind: ItemKind; actions: ReviewActions; now: number }) {
  const titleId = useId();
  const { author, subject } = review;
  return (
    <article className="ir-review" aria-labelledby={titleId} tabIndex={-1} data-review-focus>
      <header className="ir-author">
        <Avatar name={author.username} avatar={author.avatar} />
        <h3 id={titleId} className="ir-author__name">
          <a href={`/user/${author.id}`}>{author.username}</a>
        </h3>
      </header>
      {pageKind === "dish" && review.groupId !== null && (
        <p className="ir-context">
          Posted with a review of <a href={`/restaurant/${subject.restaurantId}`}>{subject.restaurantName}</a>
        </p>
      )}
      <ReviewBody review={review} now={now} />
      <Actions review={review} actions={actions} />
      {review.dishReviews.length > 0 && (
        <section className="ir-dishes" aria-label={`Dishes ${author.username} reviewed with it`}>
          <ul>
            {review.dishReviews.map((dish) => (
              <li key={dish.id} className="ir-dish">
                <h4 className="ir-dish__name">
                  <a href={`/dish/${dish.subject.id}`}>{dish.subject.name}</a>
                </h4>
                <ReviewBody review={dish} now={now} />
                <Actions review={dish} actions={actions} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
