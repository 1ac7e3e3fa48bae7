// A restaurant's whole menu (issue 30): every dish it lists, with its price, its rating when
// it has one, and the diets and allergens its owner declared (never a guess: an undeclared
// dish says nothing about them). The seed and owners' menus have no sections, so a long menu
// folds after its first rows into a native <details> (works before any script and by
// keyboard), which keeps the reviews below within reach on a phone.
import { ALLERGEN_NOTICE, allergenLabel } from "../../domain/allergens.ts";
import { formatPrice } from "../../domain/currency.ts";
import { dietLabel } from "../../domain/diets.ts";
import { formatCount } from "../../domain/format-count.ts";
import type { DishItem } from "../../shared/schemas/catalogue-items.ts";

/**
 * Rows shown before "Show all N dishes": a glimpse of the menu that keeps the reviews below
 * within two screens of a 390 px phone (tests/e2e/content-first.spec.ts).
 */
export const MENU_FOLD = 3;

export function RestaurantMenu({ restaurantName, dishes }: { restaurantName: string; dishes: DishItem[] }) {
  const shown = dishes.slice(0, MENU_FOLD);
  const folded = dishes.slice(MENU_FOLD);
  const declared = dishes.some((d) => d.allergens !== null || d.diets !== null);
  return (
    <section className="cat-menu" aria-labelledby="cat-menu-title">
      <div className="cat-menu__head">
        <h2 id="cat-menu-title">Menu</h2>
        {dishes.length > 0 && (
          <p className="cat-menu__count">
            {formatCount(dishes.length)} {dishes.length === 1 ? "dish" : "dishes"}
          </p>
        )}
      </div>
      {dishes.length === 0 ? (
        <p className="empty-state">No dishes from {restaurantName} yet.</p>
      ) : (
        <>
          <MenuList dishes={shown} />
          {folded.length > 0 && (
            <details className="cat-menu__more">
              <summary>
                <span className="cat-menu__show">Show all {formatCount(dishes.length)} dishes</span>
                <span className="cat-menu__hide">Show fewer dishes</span>
              </summary>
              <MenuList dishes={folded} />
            </details>
          )}
          {declared && <p className="cat-menu__notice">{ALLERGEN_NOTICE}</p>}
        </>
      )}
    </section>
  );
}

function MenuList({ dishes }: { dishes: DishItem[] }) {
  return (
    <ul className="cat-menu__list">
      {dishes.map((dish) => (
        <MenuRow key={dish.id} dish={dish} />
      ))}
    </ul>
  );
}

function MenuRow({ dish }: { dish: DishItem }) {
  const price = formatPrice(dish.price, dish.currency);
  return (
    <li className="cat-menu__row">
      <div className="cat-menu__line">
        <a className="cat-menu__name" href={`/dish/${dish.id}`}>
          {dish.dishName}
        </a>
        <span className="cat-menu__price">{price ?? <span className="muted">Price not listed</span>}</span>
      </div>
      <p className="cat-menu__meta">
        <MenuRating dish={dish} />
        <DeclaredFacts dish={dish} />
      </p>
    </li>
  );
}

/** Its mean rating and review count; nothing for a dish nobody has rated yet. */
function MenuRating({ dish }: { dish: DishItem }) {
  if (dish.rating <= 0) return null;
  return (
    <span className="cat-menu__rating">
      <span aria-hidden="true">★ </span>
      <span className="visually-hidden">Rated </span>
      {dish.rating.toFixed(1)}
      <span className="visually-hidden"> out of 5</span>
      {dish.reviewCount > 0 && (
        <span className="cat-menu__reviews">
          {" "}
          · {formatCount(dish.reviewCount)} {dish.reviewCount === 1 ? "review" : "reviews"}
        </span>
      )}
    </span>
  );
}

/** What the owner declared: its diets, and its allergens (or that it has none of the 14). */
function DeclaredFacts({ dish }: { dish: DishItem }) {
  const diets = dish.diets ?? [];
  if (diets.length === 0 && dish.allergens === null) return null;
  return (
    <span className="cat-menu__facts">
      {diets.map((id) => (
        <span key={id} className="cat-menu__diet">
          {dietLabel(id)}
        </span>
      ))}
      {dish.allergens && (
        <span className="cat-menu__allergens">
          {dish.allergens.contains.length === 0
            ? "None of the 14 allergens"
            : `Contains ${dish.allergens.contains.map(allergenLabel).join(", ")}`}
        </span>
      )}
    </span>
  );
}
