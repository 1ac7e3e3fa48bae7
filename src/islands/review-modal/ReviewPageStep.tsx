// Steps 1 to 6 (spec points 2, 4 and 5; issues 15 and 24): the restaurant review or a dish
// review. The restaurant review's restaurant, rating and words are required to post, so they
// are marked required and each says what it lacks, at the field, until it is filled.
import { useId, useRef, useState, type ReactNode } from "react";
import {
  RESTAURANT_REVIEW_LABEL,
  REVIEW_FORM_MESSAGES,
  type RequiredField,
} from "../../domain/review-form.ts";
import { INCENTIVE_QUESTION, REVIEW_POLICY_PATH } from "../../components/trust/trust-links.ts";
import type { Session } from "../../client/session.ts";
import { focusFirstInvalid } from "./dialog-focus.ts";
import { AlreadyReviewed } from "./AlreadyReviewed.tsx";
import { DishChoice } from "./DishChoice.tsx";
import type { ReviewConflict } from "./ExistingReviewEditor.tsx";
import { PhotoSelector } from "./PhotoSelector.tsx";
import { RestaurantCombobox } from "./RestaurantCombobox.tsx";
import { Alert } from "./ModalParts.tsx";
import { nextDishStep, STEP, type ReviewDispatch, type ReviewState, type Step } from "./review-state.ts";
import { StarRating } from "../../client/star-rating.tsx";
import { PostSummary } from "./PostSummary.tsx";
import { buildReviewDraft, type PostFlow, type ReviewDraft } from "./submission.ts";

export interface ReviewPageProps {
  state: ReviewState;
  session: Session;
  page: number;
  dispatch: ReviewDispatch;
  go: (step: Step) => void;
  post: (flow: PostFlow) => Promise<boolean>;
  backButton: ReactNode;
  alert: string[] | null;
  missing: Partial<Record<RequiredField, string>>;
  /** The chosen place was already reviewed by this person: edit that review instead. */
  editExisting: (conflict: ReviewConflict) => void;
}

export function ReviewPageStep(props: ReviewPageProps) {
  const { state, page: p, dispatch, missing } = props;
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const restaurantPage = p === 0;
  const reviewPage = restaurantPage ? state.restaurant : state.dishes[p - 1]!;
  const textError = restaurantPage ? missing.content : undefined;

  const [summary, setSummary] = useState<ReviewDraft | null>(null);

  const send = async (flow: PostFlow) => {
    // "Done" first shows what will be posted (issue 30); a draft that cannot be sent goes
    // straight to post(), which says what is missing.
    if (flow === "with-dishes" && summary === null) {
      const built = buildReviewDraft(state, true, flow);
      if (built.ok) {
        setSummary(built.draft);
        return;
      }
    }
    setSummary(null);
    // Refused for missing fields: the person lands on the first one, which says what it needs.
    if (!(await props.post(flow))) requestAnimationFrame(() => focusFirstInvalid(container.current));
  };

  if (summary)
    return (
      <div className="rm-step" ref={container}>
        <PostSummary
          token={props.session.token}
          draft={summary}
          restaurantName={state.restaurant.restaurantQuery}
          onPost={() => void send("with-dishes")}
          onKeepEditing={() => setSummary(null)}
        />
      </div>
    );

  return (
    <div className="rm-step" ref={container}>
      {restaurantPage && <p className="rm-hint">{REVIEW_FORM_MESSAGES.requiredHint}</p>}
      <SubjectField {...props} />
      <AlreadyReviewed
        token={props.session.token}
        kind={restaurantPage ? "restaurant" : "dish"}
        itemId={restaurantPage ? state.restaurant.restaurantId : state.dishes[p - 1]!.dishId}
        onEdit={props.editExisting}
      />
      <StarRating
        key={p}
        label={restaurantPage ? "Your rating of the restaurant" : "Your rating of the dish"}
        value={reviewPage.rating}
        onChange={(rating) => dispatch({ type: "rating", page: p, rating })}
        required={restaurantPage}
        error={restaurantPage ? missing.rating : undefined}
      />
      <div className="rm-field">
        <label htmlFor={`${id}-content-${p}`}>
          {restaurantPage ? RESTAURANT_REVIEW_LABEL : "Your Dish Review"}
        </label>
        <textarea
          id={`${id}-content-${p}`}
          rows={4}
          value={reviewPage.content}
          aria-required={restaurantPage || undefined}
          aria-invalid={textError ? true : undefined}
          aria-describedby={textError ? `${id}-content-error` : undefined}
          // Posting needs words (spec point 5), so the restaurant's box is not marked optional.
          placeholder={
            restaurantPage
              ? "Tell us about your experience at the restaurant"
              : "Tell us about the dish (optional)"
          }
          onChange={(event) => dispatch({ type: "content", page: p, content: event.currentTarget.value })}
        />
        {textError && (
          <p className="rm-error" id={`${id}-content-error`}>
            {textError}
          </p>
        )}
      </div>
      {state.images.length > 0 && (
        <PhotoSelector
          id={`${id}-photos-${p}`}
          label={
            restaurantPage
              ? "Choose photos for the restaurant review (optional)"
              : "Choose photos for this dish (optional)"
          }
          images={state.images}
          current={state.current}
          onShow={(index) => dispatch({ type: "show", index })}
          selected={reviewPage.imageIds}
          onToggle={(imageId) => dispatch({ type: "toggleImage", page: p, id: imageId })}
          selectVerb={restaurantPage ? "Use for the restaurant review:" : "Use for this dish:"}
        />
      )}
      {/* Asked once per post (issue 30): the answer covers every review sent with it. */}
      {restaurantPage && <IncentiveField id={id} state={state} dispatch={dispatch} />}
      <p className="rm-policy">
        Before you post, please read our{" "}
        <a href={REVIEW_POLICY_PATH} target="_blank" rel="noopener">
          review policy<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        .
      </p>
      <Alert lines={props.alert} />
      {!restaurantPage && <RestaurantUnfinished missing={missing} go={props.go} />}
      <PageActions page={p} step={state.step} backButton={props.backButton} go={props.go} post={send} />
    </div>
  );
}

/** "Done" on a dish review while the restaurant review lacks something: what, and the way there. */
function RestaurantUnfinished({ missing, go }: Pick<ReviewPageProps, "missing" | "go">) {
  const lines = Object.values(missing);
  if (lines.length === 0) return null;
  return (
    <div className="rm-alert" role="alert">
      <p>{REVIEW_FORM_MESSAGES.restaurantUnfinished}</p>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <button type="button" className="rm-link" onClick={() => go(STEP.restaurant)}>
        Go to the restaurant review
      </button>
    </div>
  );
}

/** The page's restaurant (step 1) or dish (steps 2 to 6), with the way to add a missing one. */
function SubjectField({ state, session, page: p, dispatch, go, missing }: ReviewPageProps) {
  return p === 0 ? (
    <>
      <RestaurantCombobox
        token={session.token}
        label="Restaurant"
        query={state.restaurant.restaurantQuery}
        restaurantId={state.restaurant.restaurantId}
        onChange={(query, restaurantId) => dispatch({ type: "restaurantQuery", query, restaurantId })}
        hint="Start typing its name and choose it from the list."
        required
        error={missing.restaurant}
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
  );
}

function IncentiveField({
  id,
  state,
  dispatch,
}: {
  id: string;
  state: ReviewState;
  dispatch: ReviewDispatch;
}) {
  return (
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
  );
}

function PageActions(props: {
  page: number;
  step: Step;
  backButton: ReactNode;
  go: (step: Step) => void;
  post: (flow: PostFlow) => Promise<void>;
}) {
  const nextDish = nextDishStep(props.step);
  return (
    <div className="rm-actions">
      {props.backButton}
      {nextDish !== null && (
        <button type="button" className="btn btn-secondary" onClick={() => props.go(nextDish)}>
          Add Dish Review
        </button>
      )}
      {props.page === 0 ? (
        <button type="button" className="btn btn-primary" onClick={() => void props.post("restaurant-only")}>
          Post Without Dish Review
        </button>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => void props.post("with-dishes")}>
          Done
        </button>
      )}
    </div>
  );
}
