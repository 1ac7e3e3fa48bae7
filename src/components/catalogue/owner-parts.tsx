// What a restaurant's verified owner keeps true, as the catalogue pages show it (issue 22,
// docs/owners.md): "Claimed by its owner" with the date, and a dish's allergen and diet panel,
// never a guess. Rendered statically in the built and on-demand pages, and again, live, by the
// item reviews island over the same slots (data-live), so a claim or an allergen edit shows
// before the next rebuild.
import { ALLERGEN_NOTICE, ALLERGENS_NOT_PROVIDED, allergenLabel } from "../../domain/allergens.ts";
import { dietLabel } from "../../domain/diets.ts";
import type { DishItem } from "../../shared/schemas/catalogue-items.ts";
import { ownerDay } from "./owner-day.ts";

export const CLAIMED_LABEL = "Claimed by its owner";
/** The slots the live island fills: `[data-live="claimed"]`, `[data-live="allergens"]`. */
export const LIVE_SLOT = { claimed: "claimed", allergens: "allergens" } as const;

export function ClaimedLabel({ claimedAt }: { claimedAt: string | null }) {
  if (!claimedAt) return null;
  return (
    <p className="cat-claimed">
      <svg className="cat-claimed__icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
        <path d="M10 1.5 3 4.5v5c0 4.2 3 7.6 7 9 4-1.4 7-4.8 7-9v-5l-7-3Zm-1.2 12L5.5 10.2l1.4-1.4 1.9 1.9 4.3-4.3 1.4 1.4-5.7 5.7Z" />
      </svg>
      <span>
        {CLAIMED_LABEL} <span className="cat-claimed__date">since {ownerDay(claimedAt)}</span>
      </span>
    </p>
  );
}

type DishFacts = Pick<DishItem, "allergens" | "diets">;

function Diets({ diets }: { diets: DishFacts["diets"] }) {
  if (diets === null) return null;
  return (
    <div className="cat-allergens__group">
      <h3>Suitable for</h3>
      {diets.length === 0 ? (
        <p>No particular diet.</p>
      ) : (
        <ul className="cat-allergens__list">
          {diets.map((id) => (
            <li key={id}>{dietLabel(id)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The dish's allergens and diets as its owner declared them, with when, and the staff notice. */
export function AllergenPanel({ allergens, diets }: DishFacts) {
  return (
    <section className="cat-block cat-allergens" aria-labelledby="cat-allergens-title">
      <h2 id="cat-allergens-title">Allergens and diets</h2>
      {allergens === null ? (
        <p className="cat-allergens__none">{ALLERGENS_NOT_PROVIDED}</p>
      ) : (
        <div className="cat-allergens__group">
          <h3>Contains</h3>
          {allergens.contains.length === 0 ? (
            <p>None of the 14 allergens.</p>
          ) : (
            <ul className="cat-allergens__list">
              {allergens.contains.map((id) => (
                <li key={id}>{allergenLabel(id)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <Diets diets={diets} />
      {allergens && (
        <p className="cat-allergens__updated">Last updated by the owner on {ownerDay(allergens.updatedAt)}</p>
      )}
      <p className="cat-allergens__notice">
        <strong>{ALLERGEN_NOTICE}</strong>
      </p>
    </section>
  );
}
