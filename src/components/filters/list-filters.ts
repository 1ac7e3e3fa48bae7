// The filters of the search, tag and area lists (issue 24), as the page address carries them:
// ?price=1..4&openNow=true&diet=…&freeFrom=…&undeclared=true (docs/api.md). One reading of the address for
// the form, the islands that fetch filtered lists, and the summary people read.
import { ALLERGEN_IDS, allergenLabel, type AllergenId } from "../../domain/allergens.ts";
import { DIET_IDS, dietLabel, type DietId } from "../../domain/diets.ts";
import { PRICE_LEVELS, priceLevelLabel, type PriceLevel } from "../../domain/price-range.ts";

export const FILTER_FAILED_MESSAGE = "Failed to filter the lists. Please try again.";

export interface ListFilters {
  price?: PriceLevel;
  openNow?: boolean;
  /** Dishes only: what owners declared (issue 22). */
  diet?: DietId;
  freeFrom?: AllergenId;
  /** With diet or free-from: also the dishes whose owner declared nothing, marked (issue 30). */
  undeclared?: boolean;
}

/** The filters in a page address; a value that is not one we offer is no filter. */
export function readListFilters(search: string): ListFilters {
  const params = new URLSearchParams(search);
  const price = Number(params.get("price"));
  const diet = params.get("diet") ?? "";
  const freeFrom = params.get("freeFrom") ?? "";
  return {
    ...((PRICE_LEVELS as readonly number[]).includes(price) ? { price: price as PriceLevel } : {}),
    ...(params.get("openNow") === "true" ? { openNow: true } : {}),
    ...((DIET_IDS as readonly string[]).includes(diet) ? { diet: diet as DietId } : {}),
    ...((ALLERGEN_IDS as readonly string[]).includes(freeFrom) ? { freeFrom: freeFrom as AllergenId } : {}),
    ...(params.get("undeclared") === "true" && (diet || freeFrom) ? { undeclared: true } : {}),
  };
}

/** True when a diet or free-from filter leaves undeclared dishes out (or could show them). */
export function hasFactFilters(f: ListFilters): boolean {
  return Boolean(f.diet || f.freeFrom);
}

/** The address of these filters with undeclared dishes shown or hidden (issue 30). */
export function undeclaredHref(search: string, pathname: string, shown: boolean): string {
  const params = new URLSearchParams(search);
  if (shown) params.set("undeclared", "true");
  else params.delete("undeclared");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export function hasListFilters(f: ListFilters): boolean {
  return Object.values(f).some((v) => v !== undefined);
}

/** Query parameters for the API (and the address): only the filters that are set. */
export function listFilterParams(f: ListFilters): Record<string, string> {
  return {
    ...(f.price ? { price: String(f.price) } : {}),
    ...(f.openNow ? { openNow: "true" } : {}),
    ...(f.diet ? { diet: f.diet } : {}),
    ...(f.freeFrom ? { freeFrom: f.freeFrom } : {}),
    ...(f.undeclared && (f.diet || f.freeFrom) ? { undeclared: "true" } : {}),
  };
}

/** The restaurant lists take price, open now and diet (a place declaring such dishes, issue 30). */
export function placeFilterParams(f: ListFilters): Record<string, string> {
  return listFilterParams({ price: f.price, openNow: f.openNow, diet: f.diet });
}

/** "££, open now, vegan, free from peanuts": what the lists are narrowed to ("" for none). */
export function listFilterSummary(f: ListFilters): string {
  return [
    f.price ? priceLevelLabel(f.price) : "",
    f.openNow ? "open now" : "",
    f.diet ? dietLabel(f.diet).toLowerCase() : "",
    f.freeFrom ? `free from ${allergenLabel(f.freeFrom).toLowerCase()}` : "",
  ]
    .filter(Boolean)
    .join(", ");
}

/** True when only free-from is set, which no restaurant list takes. */
export function onlyDishFilters(f: ListFilters): boolean {
  return !f.price && !f.openNow && !f.diet && Boolean(f.freeFrom);
}
