// Client rendering for catalogue items created after the build (architecture brief,
// "Static first"): the host serves /{kind}/fallback for an id without a prerendered page;
// this island reads the id from the address, loads the page through the same loaders as
// the build and renders the same detail view, with the spec's loading, error and no-data states.
import { useEffect, useState, type ReactNode } from "react";
import { AreaDetail } from "../../components/catalogue/AreaDetail.tsx";
import { DishDetail } from "../../components/catalogue/DishDetail.tsx";
import { OfferDetail } from "../../components/catalogue/OfferDetail.tsx";
import { RestaurantDetail } from "../../components/catalogue/RestaurantDetail.tsx";
import { StateMessage } from "../../components/catalogue/StateMessage.tsx";
import {
  EMPTY_AREA_DISHES,
  EMPTY_AREA_RESTAURANTS,
  PAGE_LOADERS,
  PAGE_MESSAGES,
  type CatalogueKind,
  type PageData,
} from "../../components/catalogue/page-data.ts";
import { areaMeta, dishMeta, offerMeta, restaurantMeta, type PageMeta } from "../../components/catalogue/page-meta.ts";
import { browserApiGet, idFromPath } from "./browser-api.ts";
// The search results island's React twins of the Astro cards: same markup, same look.
import { DishResult, OfferResult, RestaurantResult } from "../search-results/ResultCards.tsx";
import "../../components/catalogue/catalogue.css";

type View<K extends CatalogueKind> =
  | { status: "loading" }
  | { status: "error" }
  | { status: "no-data" }
  | { status: "ready"; data: PageData[K] };

function Related({ title, id, empty, wide, children }: { title: string; id: string; empty: string; wide?: boolean; children: ReactNode[] }) {
  return (
    <section className="cat-related" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children.length === 0 ? (
        <p className="empty-state">{empty}</p>
      ) : (
        <div className={wide ? "card-row card-row--3" : "card-row"}>{children}</div>
      )}
    </section>
  );
}

// Mirrors src/pages/{kind}/[id].astro section for section.
function ReadyPage<K extends CatalogueKind>({ kind, data }: { kind: K; data: PageData[K] }) {
  switch (kind) {
    case "dish": {
      const { dish, moreFromRestaurant } = data as PageData["dish"];
      return (
        <>
          <DishDetail dish={dish} />
          <Related title={`More top dishes at ${dish.restaurantName}`} id="more-dishes" empty={`No other dishes from ${dish.restaurantName} yet.`}>
            {moreFromRestaurant.map((d) => <DishResult key={d.id} dish={d} />)}
          </Related>
        </>
      );
    }
    case "restaurant": {
      const { restaurant, offers, topDishes } = data as PageData["restaurant"];
      return (
        <>
          <RestaurantDetail restaurant={restaurant} />
          <Related title="Today's Special Offers" id="todays-offers" empty={`No special offers at ${restaurant.name} today.`} wide>
            {offers.map((o) => <OfferResult key={o.id} offer={o} />)}
          </Related>
          <Related title="Top Dishes" id="top-dishes" empty={`No dishes from ${restaurant.name} yet.`}>
            {topDishes.map((d, i) => <DishResult key={d.id} dish={d} rank={i + 1} />)}
          </Related>
        </>
      );
    }
    case "offers": {
      const { offer, otherOffers } = data as PageData["offers"];
      return (
        <>
          <OfferDetail offer={offer} />
          <Related title="Other special offers" id="other-offers" empty="No other special offers right now." wide>
            {otherOffers.map((o) => <OfferResult key={o.id} offer={o} />)}
          </Related>
        </>
      );
    }
    default: {
      const { area, topDishes, topRestaurants } = data as PageData["area"];
      return (
        <>
          <AreaDetail area={area} />
          <Related title={`Top Dishes in ${area.areaName}`} id="area-dishes" empty={EMPTY_AREA_DISHES}>
            {topDishes.map((d, i) => <DishResult key={d.id} dish={d} rank={i + 1} />)}
          </Related>
          <Related title={`Top Restaurants in ${area.areaName}`} id="area-restaurants" empty={EMPTY_AREA_RESTAURANTS}>
            {topRestaurants.map((r, i) => <RestaurantResult key={r.id} restaurant={r} rank={i + 1} />)}
          </Related>
        </>
      );
    }
  }
}

function metaOf<K extends CatalogueKind>(kind: K, data: PageData[K]): PageMeta {
  if (kind === "dish") return dishMeta((data as PageData["dish"]).dish);
  if (kind === "restaurant") return restaurantMeta((data as PageData["restaurant"]).restaurant);
  if (kind === "offers") return offerMeta((data as PageData["offers"]).offer);
  return areaMeta((data as PageData["area"]).area);
}

export default function CatalogueFallback<K extends CatalogueKind>({ kind }: { kind: K }) {
  const [view, setView] = useState<View<K>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const messages = PAGE_MESSAGES[kind];

  useEffect(() => {
    const id = idFromPath(window.location.pathname, kind);
    if (id === null) {
      setView({ status: "no-data" });
      return;
    }
    let current = true;
    setView({ status: "loading" });
    (PAGE_LOADERS[kind] as (get: typeof browserApiGet, id: number) => Promise<PageData[K] | null>)(browserApiGet, id).then(
      (data) => current && setView(data ? { status: "ready", data } : { status: "no-data" }),
      () => current && setView({ status: "error" }),
    );
    return () => {
      current = false;
    };
  }, [kind, attempt]);

  useEffect(() => {
    if (view.status === "loading") return;
    if (view.status !== "ready") {
      document.title = `${view.status === "error" ? messages.failed : messages.noData} | Dishcovery`;
      return;
    }
    const meta = metaOf(kind, view.data);
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute("content", meta.description);
    document.querySelector('link[rel="canonical"]')?.setAttribute("href", new URL(window.location.pathname, window.location.origin).href);
  }, [kind, view, messages]);

  if (view.status === "ready") return <ReadyPage kind={kind} data={view.data} />;
  if (view.status === "error") return <StateMessage state="error" message={messages.failed} onRetry={() => setAttempt((n) => n + 1)} />;
  if (view.status === "no-data") return <StateMessage state="no-data" message={messages.noData} />;
  return <StateMessage state="loading" message={messages.loading} />;
}
