// A menu dish as the dashboard edits it, and what the menu call takes from it (docs/owners.md):
// the price typed in pounds, allergens "not provided" (null) until the owner says otherwise,
// never a guess.
import type { AllergenId } from "../../domain/allergens.ts";
import type { DietId } from "../../domain/diets.ts";
import type { DishItem } from "../../shared/schemas/catalogue-items.ts";
import type { MenuDishInput } from "./owner-api.ts";

export interface DishDraft {
  id?: number;
  dishName: string;
  price: string;
  description: string;
  /** False: "Allergen information has not been provided" (sent as null). */
  allergensProvided: boolean;
  contains: AllergenId[];
  diets: DietId[];
  /** Whether the dish had diets before: an untouched empty list stays "not provided". */
  dietsProvided: boolean;
}

export function draftOf(dish: DishItem): DishDraft {
  return {
    id: dish.id,
    dishName: dish.dishName,
    price: dish.price === null ? "" : dish.price.toFixed(2),
    description: dish.description,
    allergensProvided: dish.allergens !== null,
    contains: dish.allergens?.contains ?? [],
    diets: dish.diets ?? [],
    dietsProvided: dish.diets !== null,
  };
}

export const EMPTY_DISH: DishDraft = {
  dishName: "",
  price: "",
  description: "",
  allergensProvided: false,
  contains: [],
  diets: [],
  dietsProvided: false,
};

/** "£12.50", "12.5", "" → 12.5, 12.5, null; NaN for what is not a price (the server names it). */
export function priceOf(text: string): number | null {
  const cleaned = text.trim().replace(/^£/, "").replace(/,/g, "");
  if (cleaned === "") return null;
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

export function menuDishOf(draft: DishDraft): MenuDishInput {
  const diets = draft.diets.length > 0 || draft.dietsProvided || draft.allergensProvided ? draft.diets : null;
  return {
    ...(draft.id ? { id: draft.id } : {}),
    dishName: draft.dishName.trim(),
    price: priceOf(draft.price),
    description: draft.description,
    allergens: draft.allergensProvided ? draft.contains : null,
    diets,
  };
}

/** Toggles one id in a list, keeping the list's order stable for the same choices. */
export function toggled<T extends string>(list: readonly T[], id: T, on: boolean): T[] {
  return on ? [...new Set([...list, id])] : list.filter((x) => x !== id);
}
