// A station page's body (issue 31): the station, its lines and how far "near" reaches, then
// the best dishes and restaurants within a walk, each card with its distance. React rendered
// to static HTML at build (static-html.ts), as catalogue pages are.
import { DishCardView, RestaurantCardView } from "../cards/card-views.tsx";
import { Related } from "../catalogue/CataloguePageBody.tsx";
import {
  STATION_WALK_TEXT,
  stationDishesHeading,
  stationHeading,
  stationRestaurantsHeading,
} from "../../domain/station-pages.ts";
import type { StationPageData } from "./station-page-data.ts";

export function StationPageBody({ station, topDishes, topRestaurants }: StationPageData) {
  return (
    <>
      <article className="cat-detail station-detail" aria-labelledby="cat-title">
        <nav className="cat-breadcrumb" aria-label="Breadcrumb">
          <ol>
            <li>
              <a href="/">Home</a>
            </li>
            {/* Stations have no index page, so "Stations" is a label, not a link. */}
            <li>Stations</li>
            <li aria-current="page">{station.name}</li>
          </ol>
        </nav>
        <header className="station-hero">
          <p className="station-hero__lines">
            <span className="visually-hidden">Lines: </span>
            {station.lines.join(" · ")}
          </p>
          <h1 id="cat-title">{stationHeading(station.name)}</h1>
          <p className="station-hero__walk">Rated by diners, within a {STATION_WALK_TEXT} of the station.</p>
        </header>
      </article>
      <Related
        title={stationDishesHeading(station.name)}
        id="station-dishes"
        empty={`No dishes rated within a walk of ${station.name} yet.`}
        ranked
      >
        {topDishes.map((dish, i) => (
          <DishCardView key={dish.id} dish={dish} rank={i + 1} />
        ))}
      </Related>
      <Related
        title={stationRestaurantsHeading(station.name)}
        id="station-restaurants"
        empty={`No restaurants within a walk of ${station.name} yet.`}
        ranked
      >
        {topRestaurants.map((restaurant, i) => (
          <RestaurantCardView key={restaurant.id} restaurant={restaurant} rank={i + 1} />
        ))}
      </Related>
    </>
  );
}
