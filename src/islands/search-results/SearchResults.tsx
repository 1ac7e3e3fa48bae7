// Search results island (spec point 2): reads keyword, location and filters from the URL,
// runs the five searches, and shows how many it found, the filters, top dishes, top
// restaurants, the trending restaurant and dish, then offers (issue 24: results first, so
// they start above the fold on a phone), with loading, error and empty states. The server
// render is the loading state, since a static page cannot know the query.
import { useCallback, useEffect, useState } from "react";
import { DishCardView, OfferCardView, RestaurantCardView } from "../../components/cards/card-views.tsx";
import { HowWeRankLink } from "../../components/trust/HowWeRankLink.tsx";
import { ListFilterForm } from "../../components/filters/ListFilterForm.tsx";
import { UndeclaredNote } from "../../components/filters/UndeclaredNote.tsx";
import { NOT_DECLARED, undeclaredFor } from "../../domain/declared-filter.ts";
import {
  hasListFilters,
  listFilterSummary,
  readListFilters,
  type ListFilters,
} from "../../components/filters/list-filters.ts";
import {
  fetchMoreResults,
  fetchSearchResults,
  hasAnyResult,
  matchCounts,
  readSearchQuery,
  readShownPages,
  SEARCH_FAILED_MESSAGE,
  type SearchQuery,
  type SearchResults as Results,
} from "./search-results-data.ts";
import { nearPageParams, readNear, type Near } from "../../client/near-place.ts";
import { matchSummary } from "../../domain/search-pages.ts";
import { NearControls } from "./NearControls.tsx";
import { PagedResults } from "./PagedResults.tsx";
import "../../components/filters/list-filters.css";
import "./search-results.css";

export interface SuggestionLink {
  label: string;
  href: string;
  emoji?: string;
}

interface Props {
  popularTags: SuggestionLink[];
  popularDishes: SuggestionLink[];
}

type State =
  | { status: "pending" }
  | { status: "no-query" }
  | { status: "loading"; query: SearchQuery }
  | { status: "error"; query: SearchQuery }
  | { status: "done"; query: SearchQuery; results: Results };

/** A ranked list links to the method beside its heading (issue 15). */
function Section({
  id,
  title,
  ranked = false,
  children,
}: {
  id: string;
  title: string;
  ranked?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section className="section" aria-labelledby={`${id}-heading`}>
      <div className="section-head">
        <h2 id={`${id}-heading`}>{title}</h2>
        {ranked && <HowWeRankLink />}
      </div>
      {children}
    </section>
  );
}

function Suggestions({ popularTags, popularDishes }: Props) {
  return (
    <div className="search-suggest">
      {popularTags.length > 0 && (
        <>
          <h3>Popular cuisines</h3>
          <ul className="search-suggest-list">
            {popularTags.map((tag) => (
              <li key={tag.href}>
                <a className="chip" href={tag.href}>
                  {tag.emoji && <span aria-hidden="true">{tag.emoji}</span>}
                  {tag.label}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {popularDishes.length > 0 && (
        <>
          <h3>Dishes people love</h3>
          <ul className="search-suggest-list">
            {popularDishes.map((dish) => (
              <li key={dish.href}>
                <a className="chip" href={dish.href}>
                  {dish.label}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The server-rendered state, and the one while the searches run. */
function SearchLoading({ keyword }: { keyword: string | null }) {
  return (
    <div className="search-results" aria-busy="true">
      <p className="search-summary" role="status">
        {keyword !== null ? `Searching for “${keyword}”…` : "Loading results…"}
      </p>
      <div className="card-grid search-skeleton" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="skeleton-card" />
        ))}
      </div>
    </div>
  );
}

/**
 * Each list that found something, in the order of issue 24; top dishes and restaurants page
 * on with the same query, filters and place (issue 30).
 */
function ResultSections({
  results,
  query,
  filters,
  near,
}: {
  results: Results;
  query: SearchQuery;
  filters: ListFilters;
  near: Near | null;
}) {
  const counts = matchCounts(results);
  return (
    <>
      {results.topDishes.length > 0 && (
        <Section id="result-dishes" title="Top Dishes" ranked>
          <PagedResults
            kind="dish"
            items={results.topDishes}
            nextCursor={results.dishCursor ?? null}
            matches={counts.dishes}
            loadMore={async (cursor) => {
              const page = await fetchMoreResults("dish", query, cursor, filters, near);
              return { items: page.dishes ?? [], nextCursor: page.nextCursor };
            }}
            renderCard={(dish, index) => (
              <DishCardView
                key={dish.id}
                dish={dish}
                rank={index + 1}
                flag={undeclaredFor(dish, filters) ? NOT_DECLARED : undefined}
              />
            )}
          />
        </Section>
      )}
      {results.topRestaurants.length > 0 && (
        <Section id="result-restaurants" title="Top Restaurants" ranked>
          <PagedResults
            kind="restaurant"
            items={results.topRestaurants}
            nextCursor={results.restaurantCursor ?? null}
            matches={counts.restaurants}
            loadMore={async (cursor) => {
              const page = await fetchMoreResults("restaurant", query, cursor, filters, near);
              return { items: page.restaurants ?? [], nextCursor: page.nextCursor };
            }}
            renderCard={(restaurant, index) => (
              <RestaurantCardView key={restaurant.id} restaurant={restaurant} rank={index + 1} />
            )}
          />
        </Section>
      )}
      {(results.trendingRestaurant || results.trendingDish) && (
        <div className="search-trending">
          {results.trendingRestaurant && (
            <Section id="result-trending-restaurant" title="Trending Restaurant" ranked>
              <RestaurantCardView restaurant={results.trendingRestaurant} />
            </Section>
          )}
          {results.trendingDish && (
            <Section id="result-trending-dish" title="Trending Dish" ranked>
              <DishCardView dish={results.trendingDish} />
            </Section>
          )}
        </div>
      )}
      {results.offers.length > 0 && (
        <Section id="result-offers" title="Special Offers">
          <div className="card-row card-row--3">
            {results.offers.map((offer) => (
              <OfferCardView key={offer.id} offer={offer} />
            ))}
          </div>
        </Section>
      )}
    </>
  );
}

export default function SearchResults(props: Props) {
  const [state, setState] = useState<State>({ status: "pending" });
  const [filters, setFilters] = useState<ListFilters>({});
  const [near, setNear] = useState<Near | null>(null);

  const run = useCallback((query: SearchQuery, listFilters: ListFilters, nearPlace: Near | null) => {
    setState({ status: "loading", query });
    fetchSearchResults(query, undefined, listFilters, nearPlace, readShownPages(window.location.search))
      .then((results) => setState({ status: "done", query, results }))
      .catch(() => setState({ status: "error", query }));
  }, []);

  useEffect(() => {
    const query = readSearchQuery(window.location.search);
    const listFilters = readListFilters(window.location.search);
    const nearPlace = readNear(window.location.search);
    setFilters(listFilters);
    setNear(nearPlace);
    if (query) run(query, listFilters, nearPlace);
    else setState({ status: "no-query" });
  }, [run]);

  if (state.status === "pending" || state.status === "loading") {
    return <SearchLoading keyword={state.status === "loading" ? state.query.keyword : null} />;
  }

  if (state.status === "no-query") {
    return (
      <div className="search-results">
        <h2 className="search-prompt">What are you hungry for?</h2>
        <p className="muted">Type a dish, a cuisine or a restaurant above, or start from one of these.</p>
        <Suggestions {...props} />
      </div>
    );
  }

  if (state.status === "error") {
    return (
      <div className="search-results">
        <p className="search-summary error-state" role="alert">
          {SEARCH_FAILED_MESSAGE}
        </p>
        <button type="button" className="btn btn-secondary" onClick={() => run(state.query, filters, near)}>
          Try again
        </button>
      </div>
    );
  }

  const { query, results } = state;
  // "ramen near Old Street": the API read the place from the words and searched near it.
  const named = near ? null : results.place;
  const where = near
    ? `near ${near.place.label}`
    : named
      ? `near ${named.label}`
      : `in ${query.location || "London"}`;
  const searched = named ? named.keyword : query.keyword;
  const narrowed = listFilterSummary(filters);
  const undeclaredNote = (
    <UndeclaredNote
      filters={filters}
      hidden={results.hiddenDishes ?? 0}
      undeclared={results.undeclaredDishes ?? 0}
      search={window.location.search}
      pathname={window.location.pathname}
    />
  );
  const form = (
    <ListFilterForm
      action="/search"
      scope="search"
      keep={{
        keyword: query.keyword,
        ...(query.location ? { location: query.location } : {}),
        ...nearPageParams(near),
      }}
      filters={filters}
    />
  );
  const nearControls = <NearControls near={near} />;
  if (!hasAnyResult(results)) {
    return (
      <div className="search-results">
        <div role="status">
          <h2 className="search-prompt">
            No results for “{searched}” {where}
            {narrowed && ` (${narrowed})`}
          </h2>
          <p className="muted">
            {hasListFilters(filters)
              ? "Nothing matches these filters. Try fewer filters, or clear them."
              : "Check the spelling, try a broader word such as a cuisine, or search all of London."}
          </p>
          {undeclaredNote}
        </div>
        {form}
        {nearControls}
        <Suggestions {...props} />
      </div>
    );
  }

  const counts = matchCounts(results);
  return (
    <div className="search-results">
      <p className="search-summary" role="status">
        {matchSummary(counts.dishes, counts.restaurants)} “{searched}” {where}
        {narrowed && ` (${narrowed})`}
      </p>
      {undeclaredNote}
      {form}
      <ResultSections results={results} query={query} filters={filters} near={near} />
      {/* After the results: the first card stays on a phone's first screen (discovery.spec.ts). */}
      {nearControls}
    </div>
  );
}
