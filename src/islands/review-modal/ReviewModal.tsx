// The review modal (spec points 2, 4, 5, 8 and 9; issues 11 and 15): a native modal <dialog>
// (role dialog, aria-modal, the rest of the page inert), labelled by its title, focus kept
// inside and given back to the opener, Escape closes. Steps 0-8 as the spec lists them.
import { useEffect, useId, useReducer, useRef, useState } from "react";
import { MAX_DISH_REVIEWS } from "../../domain/review-rules.ts";
import { loginHref } from "../accounts/login-return.ts";
import { currentSession, type Session } from "../accounts/session.ts";
import { ExistingReviewEditor } from "./ExistingReviewEditor.tsx";
import { formLists, type FormLists } from "./review-api.ts";
import {
  backStep,
  initialReviewState,
  pageOfStep,
  reviewReducer,
  STEP,
  type ReviewPreset,
  type Step,
} from "./review-state.ts";
import { StepBody } from "./StepBody.tsx";
import { POST_MESSAGES } from "./submission.ts";
import { useReviewPost } from "./use-review-post.ts";
import "./review-modal.css";

export const LOGIN_FIRST = "Please login first to post a review.";

function stepTitle(step: Step): string {
  if (step === STEP.photos) return "Add photos";
  if (step === STEP.restaurant) return "Restaurant review";
  if (step === STEP.addRestaurant) return "Add a Restaurant";
  if (step === STEP.addDish) return "Add a Dish";
  return `Dish review ${step - STEP.firstDish + 1} of ${MAX_DISH_REVIEWS}`;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export default function ReviewModal({ preset, onClosed }: { preset: ReviewPreset; onClosed: () => void }) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [session] = useState<Session | null>(currentSession);
  const [state, dispatch] = useReducer(reviewReducer, preset, initialReviewState);
  const [lists, setLists] = useState<FormLists | string | null>(null);
  const statesRef = useRef(state);
  statesRef.current = state;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    heading.current?.focus();
    return () => {
      // Photos' previews live until the modal goes.
      for (const image of statesRef.current.images) URL.revokeObjectURL(image.previewUrl);
    };
  }, []);

  // Each step starts at its heading, so a screen reader says where the person now is.
  useEffect(() => {
    heading.current?.focus();
  }, [state.step]);

  const { saving, alert, setAlert, posted, conflict, setConflict, post, done } = useReviewPost({
    state,
    session,
    preset,
    dispatch,
    heading,
  });

  const needsLists = state.step === STEP.addRestaurant || state.step === STEP.addDish;
  useEffect(() => {
    if (!needsLists || (lists && typeof lists !== "string")) return;
    let live = true;
    void formLists().then((result) => live && setLists(result.ok ? result.data : result.message));
    return () => {
      live = false;
    };
  }, [needsLists, lists]);

  const close = () => {
    if (saving) return;
    for (const image of state.images) URL.revokeObjectURL(image.previewUrl);
    dispatch({ type: "reset", preset });
    dialog.current?.close();
    onClosed();
  };

  const go = (step: Step) => {
    setAlert(null);
    dispatch({ type: "go", step });
  };

  const keepFocusInside = (event: React.KeyboardEvent<HTMLDialogElement>) =>
    keepTabInside(event, dialog.current, heading.current);

  const page = pageOfStep(state.step);
  const back = backStep(state.step);
  const backButton =
    back === null ? null : (
      <button type="button" className="btn btn-secondary" onClick={() => go(back)}>
        Back
      </button>
    );

  return (
    <dialog
      ref={dialog}
      className="rm-dialog"
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        // Escape: close through our own path, so everything resets and focus returns.
        event.preventDefault();
        close();
      }}
      onKeyDown={keepFocusInside}
    >
      <div className="rm-body" inert={saving !== null}>
        <header className="rm-head">
          <div>
            <p className="rm-title" id={titleId}>
              Post a Review
            </p>
            <h2 ref={heading} tabIndex={-1} className="rm-step-title">
              {!session
                ? "Log in to continue"
                : conflict
                  ? "You already reviewed this"
                  : stepTitle(state.step)}
            </h2>
            {session && state.step <= STEP.lastDish && (
              <p className="rm-stepper">
                Step {state.step + 1} of {STEP.lastDish + 1}
              </p>
            )}
          </div>
          <button type="button" className="rm-close" onClick={close} aria-label="Close">
            <span aria-hidden="true">×</span>
          </button>
        </header>

        {posted && (
          <p className="rm-success rm-posted" role="status">
            {posted}
          </p>
        )}

        {!session ? (
          <div className="rm-signed-out">
            <p>{LOGIN_FIRST}</p>
            <a className="btn btn-primary" href={loginHref()}>
              Login
            </a>
          </div>
        ) : conflict ? (
          <ExistingReviewEditor
            token={session.token}
            conflict={conflict}
            onUpdated={done}
            onCancel={() => {
              setConflict(null);
              heading.current?.focus();
            }}
          />
        ) : (
          <StepBody
            state={state}
            session={session}
            page={page}
            dispatch={dispatch}
            go={go}
            post={post}
            backButton={backButton}
            lists={lists}
            alert={alert}
          />
        )}
      </div>
      {saving && <SavingOverlay progress={saving.progress} />}
    </dialog>
  );
}

/** While posting: the page is inert under this, and each photo's upload shows its progress. */
function SavingOverlay({ progress }: { progress: number[] }) {
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

/** Tab and Shift+Tab wrap inside the dialog, past what is hidden or inert. */
function keepTabInside(
  event: React.KeyboardEvent<HTMLDialogElement>,
  dialog: HTMLDialogElement | null,
  heading: HTMLHeadingElement | null,
) {
  if (event.key !== "Tab" || !dialog) return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest("[inert]") && !el.closest("[hidden]") && el.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && (document.activeElement === first || document.activeElement === heading)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
