// The review modal (spec points 2, 4, 5, 8 and 9; issues 11 and 15): a native modal <dialog>
// (role dialog, aria-modal, the rest of the page inert), labelled by its title, focus kept
// inside and given back to the opener, Escape closes. Steps 0-8 as the spec lists them.
import { useEffect, useId, useReducer, useRef, useState, type ReactNode } from "react";
import { MAX_DISH_REVIEWS, REVIEW_MESSAGES } from "../../domain/review-rules.ts";
import { loginHref } from "../accounts/login-return.ts";
import { currentSession, type Session } from "../accounts/session.ts";
import type { DishName } from "../../shared/schemas/reviews.ts";
import { INCENTIVE_QUESTION, REVIEW_POLICY_PATH } from "../../components/trust/trust-links.ts";
import { ITEM_REVIEWS_EVENT } from "../item-reviews/messages.ts";
import { AddDishForm, AddRestaurantForm } from "./CatalogueForms.tsx";
import { ExistingReviewEditor, type ReviewConflict } from "./ExistingReviewEditor.tsx";
import { PhotoSelector } from "./PhotoSelector.tsx";
import { RatingSlider } from "./RatingSlider.tsx";
import { RestaurantCombobox } from "./RestaurantCombobox.tsx";
import { dishesInRestaurant, formLists, postReview, type FormLists } from "./review-api.ts";
import {
  backStep,
  initialReviewState,
  nextDishStep,
  pageOfStep,
  reviewReducer,
  STEP,
  type ReviewPreset,
  type ReviewState,
  type Step,
} from "./review-state.ts";
import { buildReviewDraft, POST_MESSAGES, postFields, type PostFlow } from "./submission.ts";
import { photoProgress } from "./upload-progress.ts";
import { UploadPanel } from "./UploadPanel.tsx";
import "./review-modal.css";

export const LOGIN_FIRST = "Please login first to post a review.";
const POSTED_MESSAGE_MS = 5000;

function stepTitle(step: Step): string {
  if (step === STEP.photos) return "Add photos";
  if (step === STEP.restaurant) return "Restaurant review";
  if (step === STEP.addRestaurant) return "Add a Restaurant";
  if (step === STEP.addDish) return "Add a Dish";
  return `Dish review ${step - STEP.firstDish + 1} of ${MAX_DISH_REVIEWS}`;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Same key for a retry of the same review, a new one when anything sent changes. */
function useIdempotencyKey() {
  const last = useRef<{ fingerprint: string; key: string } | null>(null);
  return (fingerprint: string) => {
    if (last.current?.fingerprint !== fingerprint) last.current = { fingerprint, key: crypto.randomUUID() };
    return last.current.key;
  };
}

export default function ReviewModal({ preset, onClosed }: { preset: ReviewPreset; onClosed: () => void }) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [session] = useState<Session | null>(currentSession);
  const [state, dispatch] = useReducer(reviewReducer, preset, initialReviewState);
  const [saving, setSaving] = useState<{ progress: number[] } | null>(null);
  const [alert, setAlert] = useState<string[] | null>(null);
  const [posted, setPosted] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ReviewConflict | null>(null);
  const [lists, setLists] = useState<FormLists | string | null>(null);
  const idempotencyKey = useIdempotencyKey();
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

  useEffect(() => {
    if (!posted) return;
    const timer = setTimeout(() => setPosted(null), POSTED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [posted]);

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

  const post = async (flow: PostFlow) => {
    if (saving) return;
    const result = buildReviewDraft(state, session !== null, flow);
    if (!result.ok) {
      setAlert([result.alert]);
      return;
    }
    setAlert(null);
    const { draft } = result;
    const sizes = draft.uploads.map((upload) => upload.file.size);
    const key = idempotencyKey(
      JSON.stringify([postFields(draft, session!.userId), draft.uploads.map((u) => u.id)]),
    );
    setSaving({ progress: sizes.map(() => 0) });
    const outcome = await postReview({
      token: session!.token,
      authId: session!.userId,
      draft,
      idempotencyKey: key,
      onProgress: (loaded, total) => setSaving({ progress: photoProgress(loaded, total, sizes) }),
    });
    setSaving(null);
    if (!outcome.ok && outcome.existing) {
      // Issue 20: already reviewed; offer to edit that review with what was just written.
      const { existing } = outcome;
      const written =
        existing.kind === "restaurant" ? draft : draft.dishReviews.find((d) => d.dishId === existing.itemId);
      setConflict({
        existing,
        message: outcome.lines[0] ?? "",
        content: written?.content ?? "",
        rating: written?.rating ?? 0,
        incentivised: draft.incentivised,
      });
      return;
    }
    if (!outcome.ok) {
      setAlert(outcome.lines);
      return;
    }
    done(outcome.message);
  };

  // Spec point 4: a successful post (or edit) returns to step 0 and clears the data.
  const done = (message: string) => {
    for (const image of state.images) URL.revokeObjectURL(image.previewUrl);
    dispatch({ type: "reset", preset });
    setConflict(null);
    setPosted(message);
    window.dispatchEvent(new Event(ITEM_REVIEWS_EVENT)); // the page's reviews list shows it at once
    heading.current?.focus();
  };

  const keepFocusInside = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => !el.closest("[inert]") && !el.closest("[hidden]") && el.getClientRects().length > 0,
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === heading.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

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
              {!session ? "Log in to continue" : conflict ? "You already reviewed this" : stepTitle(state.step)}
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
      {saving && (
        <div className="rm-saving" role="status" aria-live="assertive">
          <p className="rm-saving__text">{POST_MESSAGES.saving}</p>
          {saving.progress.length > 0 && (
            <ul className="rm-progress rm-progress--upload" aria-label="Photos uploading">
              {saving.progress.map((done, i) => (
                <li key={i}>
                  <span className="rm-progress__name">Photo {i + 1}</span>
                  <progress max={1} value={done} aria-label={`Uploading photo ${i + 1}`} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </dialog>
  );
}

function Alert({ lines }: { lines: string[] | null }) {
  return (
    <div className="rm-alert" role="alert">
      {lines?.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

function StepBody(props: {
  state: ReviewState;
  session: Session;
  page: number | null;
  dispatch: React.Dispatch<Parameters<typeof reviewReducer>[1]>;
  go: (step: Step) => void;
  post: (flow: PostFlow) => void;
  backButton: ReactNode;
  lists: FormLists | string | null;
  alert: string[] | null;
}) {
  const { state, session, page, dispatch, go, post, backButton, lists } = props;
  const id = useId();

  if (state.step === STEP.photos) {
    return (
      <div className="rm-step">
        <UploadPanel
          count={state.images.length}
          onAdd={(images) => dispatch({ type: "addImages", images })}
        />
        <PhotoSelector
          id={`${id}-upload`}
          label="Your photos"
          images={state.images}
          current={state.current}
          onShow={(index) => dispatch({ type: "show", index })}
          selected={state.restaurant.imageIds}
          onToggle={(imageId) => dispatch({ type: "toggleImage", page: 0, id: imageId })}
          selectVerb="Use for the restaurant review:"
          onDelete={(imageId) => {
            const image = state.images.find((i) => i.id === imageId);
            if (image) URL.revokeObjectURL(image.previewUrl);
            dispatch({ type: "removeImage", id: imageId });
          }}
        />
        <div className="rm-actions">
          <button type="button" className="btn btn-primary" onClick={() => go(STEP.restaurant)}>
            Next
          </button>
        </div>
      </div>
    );
  }

  if (state.step === STEP.addRestaurant || state.step === STEP.addDish) {
    if (lists === null) return <p className="rm-hint">Loading…</p>;
    if (typeof lists === "string")
      return (
        <div className="rm-step">
          <p className="rm-error" role="alert">
            {lists}
          </p>
          <div className="rm-actions">{backButton}</div>
        </div>
      );
    return state.step === STEP.addRestaurant ? (
      <AddRestaurantForm
        token={session.token}
        lists={lists}
        footer={backButton}
        onSaved={(restaurantId, name) => {
          // The review has no restaurant yet: the one just added is the obvious choice.
          if (state.restaurant.restaurantId === null)
            dispatch({ type: "restaurantQuery", query: name, restaurantId });
        }}
      />
    ) : (
      <AddDishForm
        token={session.token}
        lists={lists}
        footer={backButton}
        restaurant={{
          id: state.restaurant.restaurantId,
          name: state.restaurant.restaurantId !== null ? state.restaurant.restaurantQuery : "",
        }}
        onSaved={() => {}}
      />
    );
  }

  // Steps 1 to 6: a restaurant or dish review page.
  const p = page!;
  const reviewPage = p === 0 ? state.restaurant : state.dishes[p - 1]!;
  const nextDish = nextDishStep(state.step);
  return (
    <div className="rm-step">
      {p === 0 ? (
        <>
          <RestaurantCombobox
            token={session.token}
            label="Restaurant"
            query={state.restaurant.restaurantQuery}
            restaurantId={state.restaurant.restaurantId}
            onChange={(query, restaurantId) => dispatch({ type: "restaurantQuery", query, restaurantId })}
            hint="Start typing its name and choose it from the list."
          />
          <p className="rm-inline-action">
            Not listed?{" "}
            <button type="button" className="rm-link" onClick={() => go(STEP.addRestaurant)}>
              Add a Restaurant
            </button>
          </p>
        </>
      ) : (
        <>
          <DishChoice
            token={session.token}
            restaurantId={state.restaurant.restaurantId}
            restaurantName={state.restaurant.restaurantQuery}
            dishId={state.dishes[p - 1]!.dishId}
            onChange={(dishId) => dispatch({ type: "dish", page: p, dishId })}
          />
          <p className="rm-inline-action">
            Not listed?{" "}
            <button type="button" className="rm-link" onClick={() => go(STEP.addDish)}>
              Add a Dish
            </button>
          </p>
        </>
      )}
      <RatingSlider
        id={`${id}-rating-${p}`}
        label={p === 0 ? "Your rating of the restaurant" : "Your rating of the dish"}
        value={reviewPage.rating}
        onChange={(rating) => dispatch({ type: "rating", page: p, rating })}
      />
      <div className="rm-field">
        <label htmlFor={`${id}-content-${p}`}>
          {p === 0 ? "Your Restaurant Review" : "Your Dish Review"}
        </label>
        <textarea
          id={`${id}-content-${p}`}
          rows={4}
          value={reviewPage.content}
          placeholder={
            p === 0
              ? "Tell us about your experience at the restaurant (optional)"
              : "Tell us about the dish (optional)"
          }
          onChange={(event) => dispatch({ type: "content", page: p, content: event.currentTarget.value })}
        />
      </div>
      {state.images.length > 0 && (
        <PhotoSelector
          id={`${id}-photos-${p}`}
          label={
            p === 0
              ? "Choose photos for the restaurant review (optional)"
              : "Choose photos for this dish (optional)"
          }
          images={state.images}
          current={state.current}
          onShow={(index) => dispatch({ type: "show", index })}
          selected={reviewPage.imageIds}
          onToggle={(imageId) => dispatch({ type: "toggleImage", page: p, id: imageId })}
          selectVerb={p === 0 ? "Use for the restaurant review:" : "Use for this dish:"}
        />
      )}
      <fieldset className="rm-field rm-incentive">
        <legend>{INCENTIVE_QUESTION}</legend>
        <label>
          <input
            type="radio"
            name={`${id}-incentive`}
            checked={!state.incentivised}
            onChange={() => dispatch({ type: "incentivised", value: false })}
          />{" "}
          No
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-incentive`}
            checked={state.incentivised}
            onChange={() => dispatch({ type: "incentivised", value: true })}
          />{" "}
          Yes
        </label>
        {state.incentivised && (
          <p className="rm-hint">
            Your review will be labelled “Incentivised” and will not count toward rankings.
          </p>
        )}
      </fieldset>
      <p className="rm-policy">
        Before you post, please read our{" "}
        <a href={REVIEW_POLICY_PATH} target="_blank" rel="noopener">
          review policy<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        .
      </p>
      <Alert lines={props.alert} />
      <div className="rm-actions">
        {backButton}
        {nextDish !== null && (
          <button type="button" className="btn btn-secondary" onClick={() => go(nextDish)}>
            Add Dish Review
          </button>
        )}
        {p === 0 ? (
          <button type="button" className="btn btn-primary" onClick={() => post("restaurant-only")}>
            Post Without Dish Review
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => post("with-dishes")}>
            Done
          </button>
        )}
      </div>
    </div>
  );
}

function DishChoice(props: {
  token: string;
  restaurantId: number | null;
  restaurantName: string;
  dishId: number | null;
  onChange: (dishId: number | null) => void;
}) {
  const id = useId();
  const [dishes, setDishes] = useState<DishName[] | string | null>(null);
  const [notFound, setNotFound] = useState(false);
  const { restaurantId, token, dishId } = props;
  const latestOnChange = useRef(props.onChange);
  latestOnChange.current = props.onChange;
  const latestDish = useRef(dishId);
  latestDish.current = dishId;

  useEffect(() => {
    if (restaurantId === null) return;
    let live = true;
    setDishes(null);
    void dishesInRestaurant(token, restaurantId).then((result) => {
      if (!live) return;
      setDishes(result.ok ? result.data : result.message);
      // The page's dish is no longer listed at this restaurant (spec point 8).
      const chosen = latestDish.current;
      if (result.ok && chosen !== null && !result.data.some((dish) => dish.id === chosen)) {
        setNotFound(true);
        latestOnChange.current(null);
      }
    });
    return () => {
      live = false;
    };
  }, [restaurantId, token]);

  if (restaurantId === null) {
    return (
      <p className="rm-hint">
        Choose the restaurant in the restaurant review first (Back), then its dishes are listed here.
      </p>
    );
  }
  if (dishes === null) return <p className="rm-hint">Loading the dishes…</p>;
  if (typeof dishes === "string")
    return (
      <p className="rm-error" role="alert">
        {dishes}
      </p>
    );
  return (
    <div className="rm-field">
      <label htmlFor={id}>Dish at {props.restaurantName}</label>
      <select
        id={id}
        value={dishId === null ? "" : String(dishId)}
        aria-invalid={notFound || undefined}
        aria-describedby={notFound ? `${id}-error` : undefined}
        onChange={(event) => {
          setNotFound(false);
          latestOnChange.current(event.currentTarget.value ? Number(event.currentTarget.value) : null);
        }}
      >
        <option value="">Choose a dish</option>
        {dishes.map((dish) => (
          <option key={dish.id} value={dish.id}>
            {dish.dishName}
          </option>
        ))}
      </select>
      {notFound && (
        <p className="rm-error" id={`${id}-error`}>
          {REVIEW_MESSAGES.dishNotFound}
        </p>
      )}
    </div>
  );
}
