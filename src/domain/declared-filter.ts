// Diet and free-from filters count only what owners declared (issue 22); issue 30 makes the
// result honest about what that leaves out, and lets a visitor see the undeclared dishes,
// marked, never counted as matching. Messages here, read by the lists and their tests.

export const NOT_DECLARED = "Not declared";

export interface FactAsked {
  diet?: string;
  freeFrom?: string;
}

export interface DeclaredFacts {
  allergens: unknown;
  diets: unknown;
}

/** True when a dish shows up only because the visitor asked for undeclared dishes too. */
export function undeclaredFor(dish: DeclaredFacts, asked: FactAsked): boolean {
  return (asked.freeFrom !== undefined && dish.allergens === null) || (asked.diet !== undefined && dish.diets === null);
}

function whatIsMissing(asked: FactAsked): string {
  if (asked.freeFrom && asked.diet) return "allergens or diets";
  return asked.freeFrom ? "allergens" : "diets";
}

/** "12 dishes hidden: their restaurants have not declared allergens" */
export function hiddenDishesMessage(count: number, asked: FactAsked): string {
  return count === 1
    ? `1 dish hidden: its restaurant has not declared ${whatIsMissing(asked)}`
    : `${count} dishes hidden: their restaurants have not declared ${whatIsMissing(asked)}`;
}

/** Beside a list that includes them: what the "Not declared" mark means. */
export function shownUndeclaredMessage(count: number, asked: FactAsked): string {
  return count === 1
    ? `1 dish marked “${NOT_DECLARED}”: its restaurant has not declared ${whatIsMissing(asked)}, so it may not match`
    : `${count} dishes marked “${NOT_DECLARED}”: their restaurants have not declared ${whatIsMissing(asked)}, so they may not match`;
}

export const SHOW_UNDECLARED = "Show them";
export const HIDE_UNDECLARED = "Hide them";
