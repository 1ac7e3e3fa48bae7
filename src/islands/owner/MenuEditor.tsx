// The menu (docs/owners.md "Keeping facts true"): each dish opens to its own form, and a new
// dish can be added. Owners never delete dishes. Each summary says whether the allergens are
// provided, so what is left to fill in shows at a glance. The list is the owner's own read of
// the menu: dishes the community added, not yet in public lists, are there too (issue 24),
// marked as such, so the owner can put their prices and allergens right.
import { useEffect, useState } from "react";
import { ALLERGEN_NOTICE } from "../../domain/allergens.ts";
import { COMMUNITY_ADDED_LABEL } from "../../domain/catalogue-listing.ts";
import { formatPrice } from "../../domain/currency.ts";
import type { DishItem } from "../../shared/schemas/catalogue-items.ts";
import { DishEditor } from "./DishEditor.tsx";
import { draftOf, EMPTY_DISH } from "./menu-form.ts";
import type { OwnerApi } from "./owner-api.ts";

export function MenuEditor({ api, token, restaurantId }: { api: OwnerApi; token: string; restaurantId: number }) {
  const [dishes, setDishes] = useState<DishItem[] | null | "failed">(null);
  const [added, setAdded] = useState(0);

  useEffect(() => {
    setDishes(null);
    void api.menu(token, restaurantId).then((outcome) => setDishes(outcome.kind === "ok" ? outcome.data : "failed"));
  }, [api, token, restaurantId]);

  const saved = (dish: DishItem) =>
    setDishes((current) => {
      if (!Array.isArray(current)) return current;
      return current.some((d) => d.id === dish.id) ? current.map((d) => (d.id === dish.id ? dish : d)) : [...current, dish];
    });

  return (
    <div className="owner-menu">
      <p className="owner-notice">
        Diners see each dish&rsquo;s allergens with the day you last saved them, and the notice &ldquo;{ALLERGEN_NOTICE}&rdquo;
      </p>
      {dishes === null && <p role="status">Loading the menu…</p>}
      {dishes === "failed" && <p role="alert">The menu could not load. Please reload the page.</p>}
      {Array.isArray(dishes) && (
        <ul className="owner-dishes">
          {dishes.map((dish) => (
            <li key={dish.id}>
              <details className="owner-details">
                <summary>
                  <strong>{dish.dishName}</strong>
                  <span>{formatPrice(dish.price, dish.currency) ?? "No price"}</span>
                  <span>{dish.allergens ? "Allergens provided" : "Allergens not provided"}</span>
                  {dish.communityAdded && <span className="owner-badge">{COMMUNITY_ADDED_LABEL}</span>}
                </summary>
                <p className="owner-dish-link">
                  <a href={`/dish/${dish.id}`}>
                    See its page<span className="visually-hidden">: {dish.dishName}</span>
                  </a>
                </p>
                <DishEditor
                  api={api}
                  token={token}
                  restaurantId={restaurantId}
                  initial={draftOf(dish)}
                  allergensUpdatedAt={dish.allergens?.updatedAt ?? null}
                  onSaved={saved}
                  saveLabel={`Save ${dish.dishName}`}
                />
              </details>
            </li>
          ))}
        </ul>
      )}
      {Array.isArray(dishes) && (
        <details className="owner-details owner-add">
          <summary>
            <strong>Add a dish</strong>
          </summary>
          <DishEditor
            key={added}
            api={api}
            token={token}
            restaurantId={restaurantId}
            initial={EMPTY_DISH}
            allergensUpdatedAt={null}
            onSaved={(dish) => (saved(dish), setAdded((n) => n + 1))}
            saveLabel="Add dish"
          />
        </details>
      )}
    </div>
  );
}
