// Filters on what a dish's verified owner declared (issue 22, docs/owners.md): a diet, and
// "free from" an allergen. Owner data only: a dish with no declaration never matches, so a
// visitor avoiding peanuts is never shown a dish nobody vouched for. Each is one integer test
// on the row the list's index walk reaches (the masks of src/domain/allergens.ts, diets.ts).
import { sql, type SQL } from "drizzle-orm";
import { allergenBit, type AllergenId } from "../../../../domain/allergens.ts";
import { dietBit, type DietId } from "../../../../domain/diets.ts";

export interface DishFactFilter {
  diet?: DietId;
  freeFrom?: AllergenId;
}

export function hasFactFilter(f: DishFactFilter | undefined): f is DishFactFilter {
  return f !== undefined && (f.diet !== undefined || f.freeFrom !== undefined);
}

/**
 * The conditions on the dish row aliased `i`; empty when nothing is asked. Only a listed dish's
 * declarations count (issue 29): an owner of a listing no moderator has checked vouches for nothing.
 */
export function dishFactConditions(f: DishFactFilter | undefined): SQL[] {
  if (!hasFactFilter(f)) return [];
  return [
    sql`i.listing_state = 'approved'`,
    ...(f.diet === undefined
      ? []
      : [sql`i.diets_mask IS NOT NULL AND (i.diets_mask & ${dietBit(f.diet)}) <> 0`]),
    ...(f.freeFrom === undefined
      ? []
      : [sql`i.allergens_mask IS NOT NULL AND (i.allergens_mask & ${allergenBit(f.freeFrom)}) = 0`]),
  ];
}

/** " AND …" for a WHERE clause, or nothing. */
export function andFactConditions(f: DishFactFilter | undefined): SQL {
  const parts = dishFactConditions(f);
  return parts.length === 0 ? sql`` : sql` AND ${sql.join(parts, sql` AND `)}`;
}
