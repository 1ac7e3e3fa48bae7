// The review modal's steps (spec points 4, 5 and 9; issues 11 and 15): step 0 the photos,
// steps 1 to 6 a restaurant or dish review page, and the forms that add a restaurant or a dish.
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { REVIEW_MESSAGES } from "../../domain/review-rules.ts";
import type { Session } from "../accounts/session.ts";
import type { DishName } from "../../shared/schemas/reviews.ts";
import { INCENTIVE_QUESTION, REVIEW_POLICY_PATH } from "../../components/trust/trust-links.ts";
import { AddDishForm, AddRestaurantForm } from "./CatalogueForms.tsx";
import { PhotoSelector } from "./PhotoSelector.tsx";
import { RatingSlider } from "./RatingSlider.tsx";
import { RestaurantCombobox } from "./RestaurantCombobox.tsx";
import { dishesInRestaurant, type FormLists } from "./review-api.ts";
import { nextDishStep, STEP, type reviewReducer, type ReviewState, type Step } from "./review-state.ts";
import type { PostFlow } from "./submission.ts";
import { UploadPanel } from "./UploadPanel.tsx";

type ReviewDispatch = React.Dispatch<Parameters<typeof reviewReducer>[1]>;

function Alert({ lines }: { lines: string[] | null }) {
  return (
    <div className="rm-alert" role="alert">
      {lines?.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

export function StepBody(props: {
  state: ReviewState;
  session: Session;
  page: number | null;
  dispatch: ReviewDispatch;
  go: (step: Step) => void;
  post: (flow: PostFlow) => void;
  backButton: ReactNode;
  lists: FormLists | string | null;
  alert: string[] | null;
}) {
  const { state, session, page, dispatch, go, post, backButton, lists, alert } = props;
  const id = useId();

  if (state.step === STEP.photos) return <PhotosStep id={id} state={state} dispatch={dispatch} go={go} />;
  if (state.step === STEP.addRestaurant || state.step === STEP.addDish)
    return (
      <CatalogueStep
        state={state}
        session={session}
        dispatch={dispatch}
        lists={lists}
        backButton={backButton}
      />
    );

  // Steps 1 to 6: a restaurant or dish review page.
  const p = page!;
  const reviewPage = p === 0 ? state.restaurant : state.dishes[p - 1]!;
  return (
    <div className="rm-step">
      <SubjectField state={state} session={session} page={p} dispatch={dispatch} go={go} />
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
      <IncentiveField id={id} state={state} dispatch={dispatch} />
      <p className="rm-policy">
        Before you post, please read our{" "}
        <a href={REVIEW_POLICY_PATH} target="_blank" rel="noopener">
          review policy<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        .
      </p>
      <Alert lines={alert} />
      <PageActions page={p} step={state.step} backButton={backButton} go={go} post={post} />
    </div>
  );
}

function PhotosStep({
  id,
  state,
  dispatch,
  go,
}: {
  id: string;
  state: ReviewState;
  dispatch: ReviewDispatch;
  go: (step: Step) => void;
}) {
  return (
    <div className="rm-step">
      <UploadPanel count={state.images.length} onAdd={(images) => dispatch({ type: "addImages", images })} />
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

/** Add a Restaurant or Add a Dish, once the regions, areas and tags are read. */
function CatalogueStep({
  state,
  session,
  dispatch,
  lists,
  backButton,
}: {
  state: ReviewState;
  session: Session;
  dispatch: ReviewDispatch;
  lists: FormLists | string | null;
  backButton: ReactNode;
}) {
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

/** The page's restaurant (step 1) or dish (steps 2 to 6), with the way to add a missing one. */
function SubjectField({
  state,
  session,
  page: p,
  dispatch,
  go,
}: {
  state: ReviewState;
  session: Session;
  page: number;
  dispatch: ReviewDispatch;
  go: (step: Step) => void;
}) {
  return p === 0 ? (
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

function PageActions({
  page: p,
  step,
  backButton,
  go,
  post,
}: {
  page: number;
  step: Step;
  backButton: ReactNode;
  go: (step: Step) => void;
  post: (flow: PostFlow) => void;
}) {
  const nextDish = nextDishStep(step);
  return (
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
