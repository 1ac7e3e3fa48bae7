// A station page's head and body values (title, description, canonical path, Open Graph image,
// JSON-LD), computed the way catalogue pages compute theirs (page-view.ts), so the page the
// build writes has the same kind of head as an area page.
import { fileUrl } from "../../domain/file-url.ts";
import { STATION_WALK_TEXT, stationHeading } from "../../domain/station-pages.ts";
import { clip } from "../catalogue/page-meta.ts";
import type { CataloguePageView, HtmlRenderer } from "../catalogue/page-view.ts";
import { StationPageBody } from "./StationPageBody.tsx";
import type { StationFacts, StationPageData } from "./station-page-data.ts";

export const stationPath = (slug: string) => `/station/${slug}`;

export function stationMeta({ station, topDishes }: StationPageData): { title: string; description: string } {
  const lines = station.lines.length === 1 ? `${station.lines[0]} line` : station.lines.join(", ");
  const dishes = topDishes
    .slice(0, 3)
    .map((dish) => `${dish.dishName} at ${dish.restaurantName}`)
    .join(", ");
  return {
    title: `${stationHeading(station.name)} | Dishcovery`,
    description: clip(
      `The best-rated dishes and restaurants within a ${STATION_WALK_TEXT} of ${station.name} station (${lines}), London.${dishes ? ` ${dishes}.` : ""}`,
    ),
  };
}

const absolute = (path: string, origin: string | URL) => new URL(path, origin).href;

/** As an area page's: the place (with its position) and the breadcrumb. */
export function stationJsonLd(station: StationFacts, origin: string | URL): object[] {
  const url = absolute(stationPath(station.slug), origin);
  return [
    {
      "@context": "https://schema.org",
      "@type": "Place",
      "@id": url,
      name: station.name,
      url,
      geo: { "@type": "GeoCoordinates", latitude: station.lat, longitude: station.lng },
      containedInPlace: { "@type": "Place", name: "London" },
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: absolute("/", origin) },
        { "@type": "ListItem", position: 2, name: "Stations" },
        { "@type": "ListItem", position: 3, name: station.name, item: url },
      ],
    },
  ];
}

export async function stationPageView(
  data: StationPageData,
  origin: URL,
  renderHtml: HtmlRenderer,
): Promise<CataloguePageView> {
  // The best dish's photo, else the best restaurant's, as the tag pages choose theirs.
  const image =
    data.topDishes.find((dish) => dish.images[0])?.images[0] ??
    data.topRestaurants.find((restaurant) => restaurant.images[0])?.images[0];
  return {
    ...stationMeta(data),
    canonicalPath: stationPath(data.station.slug),
    ogImage: fileUrl(image) ?? undefined,
    jsonLd: stationJsonLd(data.station, origin),
    bodyHtml: await renderHtml(StationPageBody, data),
  };
}
