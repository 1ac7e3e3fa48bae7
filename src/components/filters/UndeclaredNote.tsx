// Beside a diet or free-from list (issue 30): how many dishes the declaration rule left out,
// with a link that shows them, or, when shown, what their "Not declared" mark means and a link
// that hides them again. Plain links: the choice is in the address, so it can be shared.
import {
  HIDE_UNDECLARED,
  hiddenDishesMessage,
  SHOW_UNDECLARED,
  shownUndeclaredMessage,
} from "../../domain/declared-filter.ts";
import type { ListFilters } from "./list-filters.ts";
import { undeclaredHref } from "./list-filters.ts";

interface Props {
  filters: ListFilters;
  hidden: number;
  undeclared: number;
  /** The page's address now (location.search, location.pathname). */
  search: string;
  pathname: string;
}

export function UndeclaredNote({ filters, hidden, undeclared, search, pathname }: Props) {
  if (filters.undeclared) {
    return (
      <p className="list-undeclared" data-undeclared-note>
        {undeclared > 0 && `${shownUndeclaredMessage(undeclared, filters)} · `}
        <a href={undeclaredHref(search, pathname, false)}>{HIDE_UNDECLARED}</a>
      </p>
    );
  }
  if (hidden === 0) return null;
  return (
    <p className="list-undeclared" data-undeclared-note>
      {hiddenDishesMessage(hidden, filters)} · <a href={undeclaredHref(search, pathname, true)}>{SHOW_UNDECLARED}</a>
    </p>
  );
}
