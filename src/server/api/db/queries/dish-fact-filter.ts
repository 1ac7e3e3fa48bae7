// Filters on what a dish's verified owner declared (issue 22, docs/owners.md): a diet, and
// "free from" an allergen. Owner data only: a dish with no declaration never matches, so a
// visitor avoiding peanuts is never shown a dish nobody vouched for, unless the visitor asks
// for undeclared dishes too (issue 30), which the answer marks by its null allergens or diets.
// Each is one integer test on the row the list's index walk reaches (the masks of
// src/domain/allergens.ts, diets.ts).
import { sql, type SQL } from "drizzle-orm";
import { allergenBit, type AllergenId } from "../../../../domain/allergens.ts";
import { dietBit, type DietId } from "../../../../domain/diets.ts";

export interface DishFactFilter {
  diet?: DietId;
  freeFrom?: AllergenId;
  /** Also dishes whose owner declared nothing (issue 30): never guessed to match, only shown. */
  undeclared?: boolean;
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
  const orUndeclared = (mask: SQL, test: SQL) =>
    f.undeclared ? sql`(${mask} IS NULL OR ${test})` : sql`${mask} IS NOT NULL AND ${test}`;
  return [
    sql`i.listing_state = 'approved'`,
    ...(f.diet === undefined ? [] : [orUndeclared(sql`i.diets_mask`, sql`(i.diets_mask & ${dietBit(f.diet)}) <> 0`)]),
    ...(f.freeFrom === undefined
      ? []
      : [orUndeclared(sql`i.allergens_mask`, sql`(i.allergens_mask & ${allergenBit(f.freeFrom)}) = 0`)]),
  ];
}

/**
 * A restaurant (alias `i`) matches a diet when its owner declares a listed dish with it
 * (issue 30): one walk of its dishes by the restaurant index, stopping at the first.
 */
export function restaurantDietCondition(diet: DietId): SQL {
  return sql`EXISTS (SELECT 1 FROM dishes d WHERE d.restaurant_id = i.id AND d.removed_at IS NULL
    AND d.listing_state = 'approved' AND d.diets_mask IS NOT NULL AND (d.diets_mask & ${dietBit(diet)}) <> 0)`;
}

/** " AND …" for a WHERE clause, or nothing. */
export function andFactConditions(f: DishFactFilter | undefined): SQL {
  const parts = dishFactConditions(f);
  return parts.length === 0 ? sql`` : sql` AND ${sql.join(parts, sql` AND `)}`;
}
