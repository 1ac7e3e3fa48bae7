// The review modal (spec points 2, 4, 5, 8 and 9; issues 11, 15 and 24): a native modal
// <dialog> (role dialog, aria-modal, the rest of the page inert), labelled by its title, focus
// kept inside and given back to the opener. ✕ and Escape close it, asking first when photos,
// words or ratings would be lost; the unsent review is kept on this device until it is posted
// or discarded. Steps 0-8 as the spec lists them.
import { useEffect, useId, useReducer, useRef, useState } from "react";
import { MAX_DISH_REVIEWS } from "../../domain/review-rules.ts";
import { currentSession, type Session } from "../../client/session.ts";
import { keepTabInside } from "./dialog-focus.ts";
import { ExistingReviewEditor } from "./ExistingReviewEditor.tsx";
import {
  ConfirmDiscard,
  ModalHead,
  PostedNotice,
  RestoredNotice,
  SavingOverlay,
  SignedOutNotice,
} from "./ModalParts.tsx";
import { formLists, type FormLists } from "./review-api.ts";
import { backStep, hasWork, pageOfStep, reviewReducer, STEP, type ReviewPreset, type Step } from "./review-state.ts";
import { StepBody } from "./StepBody.tsx";
import { useCloseRequest } from "./use-close-request.ts";
import { openingState, useReviewDraft } from "./use-review-draft.ts";
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

/** The regions, areas and tags the add forms need, read when one of them first opens. */
function useFormLists(step: Step): FormLists | string | null {
  const [lists, setLists] = useState<FormLists | string | null>(null);
  const needsLists = step === STEP.addRestaurant || step === STEP.addDish;
  useEffect(() => {
    if (!needsLists || (lists && typeof lists !== "string")) return;
    let live = true;
    void formLists().then((result) => live && setLists(result.ok ? result.data : result.message));
    return () => {
      live = false;
    };
  }, [needsLists, lists]);
  return lists;
}

export default function ReviewModal({ preset, onClosed }: { preset: ReviewPreset; onClosed: () => void }) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [session] = useState<Session | null>(currentSession);
  const [opening] = useState(() => openingState(session, preset));
  const [state, dispatch] = useReducer(reviewReducer, opening.state);
  const [restored, setRestored] = useState(opening.restored);
  const statesRef = useRef(state);
  statesRef.current = state;
  const lists = useFormLists(state.step);
  const draft = useReviewDraft(session, state);
  const { saving, alert, setAlert, missing, posted, setPosted, conflict, setConflict, post, done } = useReviewPost({
    state,
    session,
    preset,
    dispatch,
    heading,
    onPosted: draft.clear,
  });

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      // Photos' previews live until the modal goes.
      for (const image of statesRef.current.images) URL.revokeObjectURL(image.previewUrl);
    };
  }, []);

  // Each step starts at its heading, so a screen reader says where the person now is.
  useEffect(() => heading.current?.focus(), [state.step]);

  const { confirming, requestClose, keepEditing, finish, closedElsewhere } = useCloseRequest({
    dialog,
    fallbackFocus: heading,
    busy: saving !== null,
    hasWork: hasWork(state),
    onClosed: (discard) => {
      if (discard) draft.clear();
      onClosed();
    },
  });

  const go = (step: Step) => {
    setAlert(null);
    setPosted(null);
    setRestored(null);
    dispatch({ type: "go", step });
  };

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
        // A close request other than Escape (a phone's back gesture): the same question first.
        event.preventDefault();
        requestClose();
      }}
      onClose={closedElsewhere}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !event.defaultPrevented) {
          event.preventDefault();
          requestClose();
          return;
        }
        keepTabInside(event, dialog.current, heading.current);
      }}
    >
      <div className="rm-body" inert={saving !== null}>
        <ModalHead
          titleId={titleId}
          heading={heading}
          title={
            !session ? "Log in to continue" : conflict ? "You already reviewed this" : stepTitle(state.step)
          }
          step={session ? state.step : null}
          onClose={requestClose}
        />

        {posted && <PostedNotice posted={posted} onFollow={() => finish(false)} />}
        {restored && <RestoredNotice photosNotKept={restored.photosNotKept} />}

        {!session ? (
          <SignedOutNotice text={LOGIN_FIRST} />
        ) : conflict ? (
          <ExistingReviewEditor
            token={session.token}
            conflict={conflict}
            onUpdated={(message) => done({ message, href: conflict.href })}
            onCancel={() => {
              setConflict(null);
              heading.current?.focus();
            }}
          />
        ) : (
          <StepBody
            state={state}
            session={session}
            page={pageOfStep(state.step)}
            dispatch={dispatch}
            go={go}
            post={post}
            backButton={backButton}
            lists={lists}
            alert={alert}
            missing={missing}
            editExisting={setConflict}
          />
        )}
      </div>
      {saving && <SavingOverlay progress={saving.progress} />}
      {confirming && <ConfirmDiscard onKeep={keepEditing} onDiscard={() => finish(true)} />}
    </dialog>
  );
}
