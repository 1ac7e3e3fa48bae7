// A dish review's dish (steps 2 to 6): the chosen restaurant's dishes, read from the API; a
// dish no longer listed there is cleared and said so (spec point 8).
import { useEffect, useId, useRef, useState } from "react";
import { REVIEW_MESSAGES } from "../../domain/review-rules.ts";
import type { DishName } from "../../shared/schemas/reviews.ts";
import { dishesInRestaurant } from "./review-api.ts";

export function DishChoice(props: {
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
