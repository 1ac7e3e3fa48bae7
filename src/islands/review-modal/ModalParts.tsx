// The review modal's pieces around the steps: its head (title, step, close), the question
// before work is thrown away, the notices (draft restored, signed out, posted with the way to
// the review), and the overlay while posting.
import { useEffect, useId, useRef, type RefObject } from "react";
import { loginHref } from "../../client/login-return.ts";
import { REVIEW_FORM_MESSAGES } from "../../domain/review-form.ts";
import { keepTabInside } from "./dialog-focus.ts";
import { STEP, type Step } from "./review-state.ts";
import { POST_MESSAGES } from "./submission.ts";
import { MoveToBeenOffer } from "../../client/save/MoveToBeenOffer.tsx";
import type { SaveTarget } from "../../client/save/pending-save.ts";

/** The modal's title, the step's heading (focused as each step starts) and where it is of all. */
export function ModalHead({
  titleId,
  heading,
  title,
  step,
  onClose,
}: {
  titleId: string;
  heading: RefObject<HTMLHeadingElement | null>;
  title: string;
  /** Null while signed out: no step counts yet. */
  step: Step | null;
  onClose: () => void;
}) {
  return (
    <header className="rm-head">
      <div>
        <p className="rm-title" id={titleId}>
          Post a Review
        </p>
        <h2 ref={heading} tabIndex={-1} className="rm-step-title">
          {title}
        </h2>
        {step !== null && step <= STEP.lastDish && (
          <p className="rm-stepper">
            Step {step + 1} of {STEP.lastDish + 1}
          </p>
        )}
      </div>
      <button type="button" className="rm-close" onClick={onClose} aria-label="Close">
        <span aria-hidden="true">×</span>
      </button>
    </header>
  );
}

/** An unsent review kept on this device came back (issue 24); photos are not kept. */
export function RestoredNotice({ photosNotKept }: { photosNotKept: number }) {
  return (
    <p className="rm-success rm-restored" role="status">
      {REVIEW_FORM_MESSAGES.draftRestored}
      {photosNotKept > 0 && ` ${REVIEW_FORM_MESSAGES.draftPhotosNotKept(photosNotKept)}`}
    </p>
  );
}

export function SignedOutNotice({ text }: { text: string }) {
  return (
    <div className="rm-signed-out">
      <p>{text}</p>
      <a className="btn btn-primary" href={loginHref()}>
        Login
      </a>
    </div>
  );
}

/**
 * Closing with photos or text asks first (issue 24). A modal <dialog> of its own over the
 * modal, so the form behind it is inert; "Keep editing" has the focus, Escape means it too.
 */
export function ConfirmDiscard({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    keep.current?.focus();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      className="rm-confirm"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onKeep();
      }}
      onKeyDown={(event) => {
        // This dialog's keys are its own: the modal behind must not close or move the focus.
        event.stopPropagation();
        if (event.key === "Escape") {
          event.preventDefault();
          onKeep();
        }
        keepTabInside(event, dialog.current);
      }}
    >
      <h3 id={titleId} className="rm-confirm__title">
        {REVIEW_FORM_MESSAGES.discardTitle}
      </h3>
      <p id={bodyId}>{REVIEW_FORM_MESSAGES.discardBody}</p>
      <div className="rm-actions">
        <button ref={keep} type="button" className="btn btn-secondary" onClick={onKeep}>
          Keep editing
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            // Out of the top layer first, so the page behind can take the focus back.
            dialog.current?.close();
            onDiscard();
          }}
        >
          Discard
        </button>
      </div>
    </dialog>
  );
}

export interface PostedReview {
  message: string;
  /** Where the review can be read. */
  href: string;
  /** What was reviewed, for the offer to move it from Want to try to Been (issue 32). */
  items?: SaveTarget[];
  token?: string;
}

/** After a post: the spec's confirmation, and the way to the review, which closes the modal. */
export function PostedNotice({ posted, onFollow }: { posted: PostedReview; onFollow: () => void }) {
  return (
    <div className="rm-posted" role="status">
      <p className="rm-success">{posted.message}</p>
      <a
        className="btn btn-secondary"
        href={posted.href}
        onClick={(event) => {
          // A new tab or window leaves the modal as it is.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          // The modal goes first (its draft is already cleared), then the page moves on.
          event.preventDefault();
          onFollow();
          window.location.assign(posted.href);
        }}
      >
        {REVIEW_FORM_MESSAGES.viewReview}
      </a>
      {posted.token && posted.items && <MoveToBeenOffer token={posted.token} items={posted.items} />}
    </div>
  );
}

/** A refused post's lines (spec point 8), read out when they appear. */
export function Alert({ lines }: { lines: string[] | null }) {
  return (
    <div className="rm-alert" role="alert">
      {lines?.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** While posting: the page is inert under this, and each photo's upload shows its progress. */
export function SavingOverlay({ progress }: { progress: number[] }) {
  return (
    <div className="rm-saving" role="status" aria-live="assertive">
      <p className="rm-saving__text">{POST_MESSAGES.saving}</p>
      {progress.length > 0 && (
        <ul className="rm-progress rm-progress--upload" aria-label="Photos uploading">
          {progress.map((done, i) => (
            <li key={i}>
              <span className="rm-progress__name">Photo {i + 1}</span>
              <progress max={1} value={done} aria-label={`Uploading photo ${i + 1}`} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
