// The filtered lists of a tag or area page (issue 24), mounted only when the address carries
// filters (filtered-lists-loader.ts). The page is prerendered: its filter form
// (ListFilterForm, data-list-filters) cannot know the address, so this sets the form from
// it, hides the unfiltered lists (data-unfiltered) and shows the filtered ones, with how many
// matched and an empty state. Issue 31: a place in the address (near-place.ts) narrows them to
// its distance and each card says how far it is, with the same near controls as search
// results (the distance options, nearest first, clear).
import { useEffect, useState } from "react";
import { DishCardView, RestaurantCardView } from "../../components/cards/card-views.tsx";
import {
  FILTER_FAILED_MESSAGE,
  hasListFilters,
  listFilterSummary,
  readListFilters,
  type ListFilters,
} from "../../components/filters/list-filters.ts";
import { UndeclaredNote } from "../../components/filters/UndeclaredNote.tsx";
import { HowWeRankLink } from "../../components/trust/HowWeRankLink.tsx";
import { NOT_DECLARED, undeclaredFor } from "../../domain/declared-filter.ts";
import { nearLabel, readNear, type Near } from "../../client/near-place.ts";
import { DEFAULT_RADIUS_KM } from "../../domain/near-search.ts";
import { fetchFilteredLists, type FilteredLists as Lists, type FilterScope } from "./filtered-lists-data.ts";
import { NearControls } from "./NearControls.tsx";

type State =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "error" }
  | { status: "done"; lists: Lists; filters: ListFilters; name: string; near: Near | null };

/** The static form shows what the address asks for. */
function syncForm(form: HTMLFormElement, filters: ListFilters) {
  const field = (name: string) =>
    form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
  const price = field("price");
  if (price) price.value = filters.price ? String(filters.price) : "";
  const openNow = field("openNow") as HTMLInputElement | null;
  if (openNow) openNow.checked = Boolean(filters.openNow);
  const diet = field("diet");
  if (diet) diet.value = filters.diet ?? "";
  const freeFrom = field("freeFrom");
  if (freeFrom) freeFrom.value = filters.freeFrom ?? "";
  const details = form.closest("details");
  if (details && hasListFilters(filters)) details.open = true;
  const summary = details?.querySelector("[data-list-filters-summary]");
  if (summary) summary.textContent = listFilterSummary(filters);
  const clear = form.querySelector<HTMLElement>("[data-list-filters-clear]");
  if (clear) clear.hidden = !hasListFilters(filters);
}

function List({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="section" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id}>{title}</h2>
        <HowWeRankLink />
      </div>
      <div className="card-row">{children}</div>
    </section>
  );
}

/** "within 2 km of King's Cross": what a place narrows the lists to. */
function withinText(near: Near): string {
  return `within ${near.radiusKm ?? DEFAULT_RADIUS_KM} km of ${nearLabel(near)}`;
}

export default function FilteredLists() {
  const [state, setState] = useState<State>({ status: "idle" });

  useEffect(() => {
    const form = document.querySelector<HTMLFormElement>("form[data-list-filters]");
    const scope = form?.dataset.listFilters as FilterScope | undefined;
    const name = form?.dataset.listName;
    if (!form || !name || (scope !== "tag" && scope !== "area")) return;
    const filters = readListFilters(window.location.search);
    const near = readNear(window.location.search);
    syncForm(form, filters);
    if (!hasListFilters(filters) && !near) return;
    for (const el of document.querySelectorAll<HTMLElement>("[data-unfiltered]")) el.hidden = true;
    setState({ status: "loading" });
    fetchFilteredLists(scope, name, filters, near)
      .then((lists) => setState({ status: "done", lists, filters, name, near }))
      .catch(() => setState({ status: "error" }));
  }, []);

  if (state.status === "idle") return null;
  if (state.status === "loading")
    return (
      <p className="list-count" role="status" aria-busy="true">
        Filtering…
      </p>
    );
  if (state.status === "error")
    return (
      <p className="list-count error-state" role="alert">
        {FILTER_FAILED_MESSAGE}
      </p>
    );

  const { lists, filters, name, near } = state;
  const restaurants = lists.restaurants ?? [];
  const count = lists.dishes.length + restaurants.length;
  const summary = [near ? withinText(near) : "", listFilterSummary(filters)].filter(Boolean).join(", ");
  return (
    <div className="filtered-lists">
      {near && <NearControls near={near} />}
      <p className="list-count" role="status">
        {count === 0
          ? `Nothing in ${name} matches these filters (${summary}).`
          : `${count} ${count === 1 ? "result" : "results"} in ${name} (${summary})`}
        {lists.restaurants === null && " Free-from filters apply to dishes only."}
      </p>
      <UndeclaredNote
        filters={filters}
        hidden={lists.hiddenDishes}
        undeclared={lists.undeclaredDishes}
        search={window.location.search}
        pathname={window.location.pathname}
      />
      {count === 0 && (
        <p className="empty-state">
          Try fewer filters, or <a href={window.location.pathname}>clear them</a>.
        </p>
      )}
      {lists.dishes.length > 0 && (
        <List id="filtered-dishes" title="Top Dishes">
          {lists.dishes.map((dish, index) => (
            <DishCardView
              key={dish.id}
              dish={dish}
              rank={index + 1}
              flag={undeclaredFor(dish, filters) ? NOT_DECLARED : undefined}
            />
          ))}
        </List>
      )}
      {restaurants.length > 0 && (
        <List id="filtered-restaurants" title="Top Restaurants">
          {restaurants.map((restaurant, index) => (
            <RestaurantCardView key={restaurant.id} restaurant={restaurant} rank={index + 1} />
          ))}
        </List>
      )}
    </div>
  );
}
