// Everything a dish, restaurant, offer or area page shows below the header: the item's detail
// view and its related lists. One component for both paths to a page: the build renders it to
// static HTML in one call (static-html.ts; one React render per page is much cheaper than an
// Astro component per card), and the host renders it the same way for a page rendered on
// demand (src/server/pages/catalogue-page-render.ts).
import type { ReactNode } from "react";
import { DishCardView, OfferCardView, RestaurantCardView } from "../cards/card-views.tsx";
import { HowWeRankLink } from "../trust/HowWeRankLink.tsx";
import { AreaDetail } from "./AreaDetail.tsx";
import { DishDetail } from "./DishDetail.tsx";
import { OfferDetail } from "./OfferDetail.tsx";
import { AppPromo, RestaurantDetail } from "./RestaurantDetail.tsx";
import { RestaurantMenu } from "./RestaurantMenu.tsx";
import { ReviewsPlaceholder } from "./ReviewsPlaceholder.tsx";
import { ReviewPauseNotice } from "./ReviewPauseNotice.tsx";
import { MergedNotice } from "./view-parts.tsx";
import { ListFilterForm } from "../filters/ListFilterForm.tsx";
import { EMPTY_AREA_DISHES, EMPTY_AREA_RESTAURANTS, type CatalogueKind, type PageData } from "./page-data.ts";

/**
 * A list under the detail view: heading, then the cards, or the empty-state text. A ranked
 * list links to the method beside its heading (issue 15).
 */
export function Related(props: {
  title: string;
  id: string;
  empty: string;
  wide?: boolean;
  ranked?: boolean;
  children: ReactNode[];
}) {
  const heading = <h2 id={props.id}>{props.title}</h2>;
  return (
    <section className="cat-related" aria-labelledby={props.id}>
      {props.ranked && props.children.length > 0 ? (
        <div className="ranked-head">
          {heading}
          <HowWeRankLink />
        </div>
      ) : (
        heading
      )}
      {props.children.length === 0 ? (
        <p className="empty-state">{props.empty}</p>
      ) : (
        <div className={props.wide ? "card-row card-row--3" : "card-row"}>{props.children}</div>
      )}
    </section>
  );
}

function DishPage({ dish, place, moreFromRestaurant, reviewPause }: PageData["dish"]) {
  if (dish.mergedInto) return <MergedNotice kind="dish" name={dish.dishName} into={dish.mergedInto} />;
  return (
    <>
      <DishDetail dish={dish} place={place} />
      {reviewPause && <ReviewPauseNotice pause={reviewPause} />}
      <Related
        title={`More top dishes at ${dish.restaurantName}`}
        id="more-dishes"
        empty={`No other dishes from ${dish.restaurantName} yet.`}
      >
        {moreFromRestaurant.map((d) => (
          <DishCardView key={d.id} dish={d} />
        ))}
      </Related>
    </>
  );
}

function RestaurantPage({ restaurant, place, offers, topDishes, menu, reviewPause }: PageData["restaurant"]) {
  if (restaurant.mergedInto)
    return <MergedNotice kind="restaurant" name={restaurant.name} into={restaurant.mergedInto} />;
  // Issue 30: what people came for first (what to order, then what others thought, right under
  // the name; booking and the restaurant's other details follow), then the spec's offers and
  // top dishes, and the app card last.
  return (
    <>
      <RestaurantDetail restaurant={restaurant} place={place}>
        <RestaurantMenu restaurantName={restaurant.name} dishes={menu} />
        {reviewPause && <ReviewPauseNotice pause={reviewPause} />}
        <ReviewsPlaceholder kind="restaurant" />
      </RestaurantDetail>
      <Related
        title="Today's Special Offers"
        id="todays-offers"
        empty={`No special offers at ${restaurant.name} today.`}
        wide
      >
        {offers.map((o) => (
          <OfferCardView key={o.id} offer={o} />
        ))}
      </Related>
      <Related title="Top Dishes" id="top-dishes" empty={`No dishes from ${restaurant.name} yet.`} ranked>
        {topDishes.map((d, i) => (
          <DishCardView key={d.id} dish={d} rank={i + 1} />
        ))}
      </Related>
      <div className="cat-related">
        <AppPromo />
      </div>
    </>
  );
}

function OfferPage({ offer, otherOffers }: PageData["offers"]) {
  return (
    <>
      <OfferDetail offer={offer} />
      <Related title="Other special offers" id="other-offers" empty="No other special offers right now." wide>
        {otherOffers.map((o) => (
          <OfferCardView key={o.id} offer={o} />
        ))}
      </Related>
    </>
  );
}

function AreaPage({ area, topDishes, topRestaurants }: PageData["area"]) {
  return (
    <>
      <AreaDetail area={area} />
      {/* Issue 24: filters; with filters in the address, FilteredLists (src/pages/area/[id].astro)
          hides the lists below and shows the filtered ones. */}
      <ListFilterForm action={`/area/${area.id}`} scope="area" name={area.areaName} />
      <div data-unfiltered>
        <Related title={`Top Dishes in ${area.areaName}`} id="area-dishes" empty={EMPTY_AREA_DISHES} ranked>
          {topDishes.map((d, i) => (
            <DishCardView key={d.id} dish={d} rank={i + 1} />
          ))}
        </Related>
        <Related
          title={`Top Restaurants in ${area.areaName}`}
          id="area-restaurants"
          empty={EMPTY_AREA_RESTAURANTS}
          ranked
        >
          {topRestaurants.map((r, i) => (
            <RestaurantCardView key={r.id} restaurant={r} rank={i + 1} />
          ))}
        </Related>
      </div>
    </>
  );
}

export type CataloguePageProps = { [K in CatalogueKind]: { kind: K; data: PageData[K] } }[CatalogueKind];

export function CataloguePageBody(props: CataloguePageProps) {
  switch (props.kind) {
    case "dish":
      return <DishPage {...props.data} />;
    case "restaurant":
      return <RestaurantPage {...props.data} />;
    case "offers":
      return <OfferPage {...props.data} />;
    case "area":
      return <AreaPage {...props.data} />;
  }
}
