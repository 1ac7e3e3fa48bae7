// The dish filters on owner-declared facts (issue 22): a diet and "free from" an allergen, as a
// plain GET form to this page, so the filtered search is a link that can be shared and works
// as the page it is. They narrow the dishes only, and only to dishes whose owner said so.
import { ALLERGENS, allergenLabel } from "../../domain/allergens.ts";
import { DIETS, dietLabel } from "../../domain/diets.ts";
import type { DishFilters, SearchQuery } from "./search-results-data.ts";

/** "vegan, free from peanuts": what the dish lists are narrowed to, or "" with no filter. */
export function filterSummary(filters: DishFilters): string {
  return [
    filters.diet ? dietLabel(filters.diet) : "",
    filters.freeFrom ? `free from ${allergenLabel(filters.freeFrom).toLowerCase()}` : "",
  ]
    .filter(Boolean)
    .join(", ");
}

export function DishFilterForm({ query, filters }: { query: SearchQuery; filters: DishFilters }) {
  const active = Boolean(filters.diet || filters.freeFrom);
  const clear = `/search?${new URLSearchParams({ keyword: query.keyword, ...(query.location ? { location: query.location } : {}) })}`;
  return (
    <form className="search-filters" method="get" action="/search" aria-labelledby="search-filters-title">
      <h2 id="search-filters-title" className="search-filters__title">
        Filter dishes
      </h2>
      <input type="hidden" name="keyword" value={query.keyword} />
      {query.location && <input type="hidden" name="location" value={query.location} />}
      <label className="search-filters__field">
        <span>Diet</span>
        <select name="diet" defaultValue={filters.diet ?? ""}>
          <option value="">Any</option>
          {DIETS.map((d) => (
            <option key={d.id} value={d.id}>
              {d.label}
            </option>
          ))}
        </select>
      </label>
      <label className="search-filters__field">
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
      <button type="submit" className="btn btn-secondary">
        Apply filters
      </button>
      {active && <a href={clear}>Clear filters</a>}
      <p className="search-filters__note">
        Only dishes whose owner has listed their allergens and diets; always tell staff about allergies before ordering.
      </p>
    </form>
  );
}
