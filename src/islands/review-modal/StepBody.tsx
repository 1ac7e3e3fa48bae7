// The review modal's steps (spec points 4, 5 and 9; issues 11, 15 and 24): step 0 the photos,
// steps 1 to 6 a restaurant or dish review page (ReviewPageStep.tsx), and the forms that add a
// restaurant or a dish.
import { useId, type ReactNode } from "react";
import type { RequiredField } from "../../domain/review-form.ts";
import type { Session } from "../../client/session.ts";
import { AddDishForm, AddRestaurantForm } from "./CatalogueForms.tsx";
import { PhotoSelector } from "./PhotoSelector.tsx";
import type { ReviewConflict } from "./ExistingReviewEditor.tsx";
import type { FormLists } from "./review-api.ts";
import { STEP, type ReviewDispatch, type ReviewState, type Step } from "./review-state.ts";
import { ReviewPageStep } from "./ReviewPageStep.tsx";
import type { PostFlow } from "./submission.ts";
import { UploadPanel } from "./UploadPanel.tsx";

export function StepBody(props: {
  state: ReviewState;
  session: Session;
  page: number | null;
  dispatch: ReviewDispatch;
  go: (step: Step) => void;
  post: (flow: PostFlow) => Promise<boolean>;
  backButton: ReactNode;
  lists: FormLists | string | null;
  alert: string[] | null;
  missing: Partial<Record<RequiredField, string>>;
  editExisting: (conflict: ReviewConflict) => void;
}) {
  const { state, session, page, dispatch, go, backButton, lists } = props;
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
  return <ReviewPageStep {...props} page={page!} />;
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
