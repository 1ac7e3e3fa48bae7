// "Done" shows what will be posted before it is (issue 30): the restaurant review and each
// dish review that will be sent, with its rating, words and photos, and the incentive answer.
// Post sends it; Keep editing returns to the dish review.
import { useEffect, useRef, useState } from "react";
import type { DishName } from "../../shared/schemas/reviews.ts";
import { dishesInRestaurant } from "./review-api.ts";
import { formatRating } from "./review-state.ts";
import type { ReviewDraft } from "./submission.ts";

function ratingText(tenths: number) {
  return tenths > 0 ? `${formatRating(tenths)} out of 5` : "not rated";
}

function photosText(count: number) {
  return count === 0 ? "no photos" : `${count} ${count === 1 ? "photo" : "photos"}`;
}

function excerpt(text: string) {
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

export function PostSummary(props: {
  token: string;
  draft: ReviewDraft;
  restaurantName: string;
  onPost: () => void;
  onKeepEditing: () => void;
}) {
  const { draft } = props;
  const [dishes, setDishes] = useState<DishName[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    let live = true;
    void dishesInRestaurant(props.token, draft.restaurantId).then((result) => live && result.ok && setDishes(result.data));
    return () => {
      live = false;
    };
  }, [props.token, draft.restaurantId]);
  const dishName = (id: number) => dishes.find((dish) => dish.id === id)?.dishName ?? "Dish";
  const taken = new Set(draft.dishReviews.flatMap((d) => d.imageIndexes));
  const restaurantPhotos = draft.imageIndexes?.length ?? draft.uploads.filter((_, i) => !taken.has(i)).length;

  return (
    <section className="rm-summary" aria-labelledby="rm-summary-heading">
      <h3 id="rm-summary-heading" ref={heading} tabIndex={-1}>
        Check your review before posting
      </h3>
      <ul className="rm-summary__list">
        <li>
          <strong>{props.restaurantName}</strong>: {ratingText(draft.rating)}, {photosText(restaurantPhotos)}
          <p className="rm-summary__text">{excerpt(draft.content)}</p>
        </li>
        {draft.dishReviews.map((dish) => (
          <li key={dish.dishId}>
            <strong>{dishName(dish.dishId)}</strong>: {ratingText(dish.rating)}, {photosText(dish.imageIndexes.length)}
            {dish.content && <p className="rm-summary__text">{excerpt(dish.content)}</p>}
          </li>
        ))}
      </ul>
      <p>
        {draft.incentivised
          ? "You received something for this visit: these reviews will be labelled “Incentivised”."
          : "You told us you received nothing for this visit."}
      </p>
      <div className="rm-actions">
        <button type="button" className="btn btn-secondary" onClick={props.onKeepEditing}>
          Keep editing
        </button>
        <button type="button" className="btn btn-primary" onClick={props.onPost}>
          Post
        </button>
      </div>
    </section>
  );
}
