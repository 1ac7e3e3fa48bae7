// Issue 30: a diet or free-from list says how many dishes it left out for having no owner
// declaration, and can show them, marked. The count is of the same list (the same order and
// length) read with undeclared=true: the dishes a visitor would gain by asking for them.
import { undeclaredFor } from "../../domain/declared-filter.ts";
import type { DishItem } from "../../shared/schemas/catalogue-items.ts";
import { hasFactFilters, type ListFilters } from "./list-filters.ts";

export interface DeclaredList {
  dishes: DishItem[];
  /** Left out for having no declaration (0 when undeclared dishes are shown). */
  hidden: number;
  /** Shown only because the visitor asked for undeclared dishes, each marked "Not declared". */
  undeclared: number;
}

/** Reads a dish list as filtered, and counts what the declaration rule leaves out. */
export async function readDeclaredList(
  filters: ListFilters,
  read: (filters: ListFilters) => Promise<DishItem[]>,
): Promise<DeclaredList> {
  if (!hasFactFilters(filters)) return { dishes: await read(filters), hidden: 0, undeclared: 0 };
  if (filters.undeclared) {
    const dishes = await read(filters);
    return { dishes, hidden: 0, undeclared: dishes.filter((d) => undeclaredFor(d, filters)).length };
  }
  const [dishes, withUndeclared] = await Promise.all([read(filters), read({ ...filters, undeclared: true })]);
  return { dishes, hidden: withUndeclared.filter((d) => undeclaredFor(d, filters)).length, undeclared: 0 };
}
