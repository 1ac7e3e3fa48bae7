// The filters of the search, tag and area lists (issue 24; diet and free-from, issue 22): a
// plain GET form to the page itself, so a filtered list is an address that can be shared and
// the form works before any script. Folded into a disclosure so the results, not the
// controls, start above the fold on a phone. On prerendered pages the server cannot know
// the address: the FilteredLists island sets the controls from it (data-list-filters).
import { ALLERGENS } from "../../domain/allergens.ts";
import { DIETS } from "../../domain/diets.ts";
import { PRICE_LEVELS, priceLevelLabel } from "../../domain/price-range.ts";
import { hasListFilters, listFilterSummary, type ListFilters } from "./list-filters.ts";

export const LIST_FILTER_NOTE =
  "Open now leaves out places whose opening hours we do not hold. Diet and free-from narrow dishes to those whose owner declared them, and restaurants by diet to those declaring such dishes; always tell staff about allergies before ordering.";

interface Props {
  /** The page the form submits to: the page itself. */
  action: string;
  /** What the list is of: the island reads it to fetch the filtered lists. */
  scope: "search" | "tag" | "area";
  /** The tag or area name the lists are of. */
  name?: string;
  /** Parameters to keep (the search's keyword and location). */
  keep?: Record<string, string>;
  filters?: ListFilters;
}

export function ListFilterForm({ action, scope, name, keep = {}, filters = {} }: Props) {
  const active = hasListFilters(filters);
  const clearHref = Object.keys(keep).length > 0 ? `${action}?${new URLSearchParams(keep)}` : action;
  return (
    <details className="list-filters" open={active}>
      <summary>
        <span className="list-filters__label">Filters</span>
        <span className="list-filters__active" data-list-filters-summary>
          {active ? listFilterSummary(filters) : ""}
        </span>
      </summary>
      <form
        className="list-filters__form"
        method="get"
        action={action}
        aria-label="Filters"
        data-list-filters={scope}
        data-list-name={name}
      >
        {Object.entries(keep).map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        <label className="list-filters__field">
          <span>Price</span>
          <select name="price" defaultValue={filters.price ? String(filters.price) : ""}>
            <option value="">Any price</option>
            {PRICE_LEVELS.map((level) => (
              <option key={level} value={String(level)}>
                {priceLevelLabel(level)}
              </option>
            ))}
          </select>
        </label>
        <label className="list-filters__check">
          <input type="checkbox" name="openNow" value="true" defaultChecked={Boolean(filters.openNow)} />
          <span>Open now</span>
        </label>
        <label className="list-filters__field">
          <span>Diet</span>
          <select name="diet" defaultValue={filters.diet ?? ""}>
            <option value="">Any diet</option>
            {DIETS.map((d) => (
              <option key={d.id} value={d.id}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
        <label className="list-filters__field">
          <span>Free from</span>
          <select name="freeFrom" defaultValue={filters.freeFrom ?? ""}>
            <option value="">No allergen filter</option>
            {ALLERGENS.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
        <div className="list-filters__actions">
          <button type="submit" className="btn btn-secondary">
            Apply filters
          </button>
          <a href={clearHref} hidden={!active} data-list-filters-clear>
            Clear filters
          </a>
        </div>
        <p className="list-filters__note">{LIST_FILTER_NOTE}</p>
      </form>
    </details>
  );
}
