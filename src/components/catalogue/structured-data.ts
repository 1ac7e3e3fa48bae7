// schema.org JSON-LD for the catalogue pages (issue 3, SEO): a restaurant as Restaurant with
// its address, opening hours and AggregateRating, a dish as MenuItem with its price, an offer
// as Offer, an area as Place. BaseLayout's SeoHead writes them into the head.
import type { AreaItem, DishItem, OfferItem, RestaurantItem } from "../../shared/schemas/catalogue-items.ts";
import { fileUrl } from "../../domain/file-url.ts";

type JsonLd = Record<string, unknown>;

const absolute = (path: string, origin: string | URL) => new URL(path, origin).href;

function images(names: (string | null | undefined)[], origin: string | URL): string[] | undefined {
  const urls = names.map((n) => fileUrl(n)).filter((u): u is string => u !== null);
  return urls.length ? urls.map((u) => absolute(u, origin)) : undefined;
}

/** Only rated items carry a rating: schema.org (and Google) reject a count of zero. */
function aggregateRating(rating: number, ratingCount: number | undefined): JsonLd | undefined {
  if (!ratingCount || ratingCount < 1 || rating <= 0) return undefined;
  return { "@type": "AggregateRating", ratingValue: rating, ratingCount, bestRating: 5, worstRating: 0 };
}

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** "11:00 AM" → "11:00"; null when it is not a clock time. */
function to24h(time: string): string | null {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*([AaPp][Mm])?$/.exec(time.trim());
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = match[2] ?? "00";
  const meridiem = match[3]?.toUpperCase();
  if (meridiem === "PM" && hours < 12) hours += 12;
  if (meridiem === "AM" && hours === 12) hours = 0;
  if (hours > 24 || Number(minutes) > 59) return null;
  return `${String(hours).padStart(2, "0")}:${minutes}`;
}

/**
 * "Monday: 11:00 AM - 9:00 PM" → OpeningHoursSpecification. Lines in any other form
 * (e.g. "Sunday: Closed") are left out rather than guessed.
 */
export function openingHoursSpecification(lines: string[]): JsonLd[] {
  return lines.flatMap((line) => {
    const match = /^([A-Za-z]+?)s?:\s*(.+?)\s*[-–]\s*(.+)$/.exec(line.trim());
    if (!match) return [];
    const day = DAYS.find((d) => d.toLowerCase() === match[1]!.toLowerCase());
    const opens = to24h(match[2]!);
    const closes = to24h(match[3]!);
    if (!day || !opens || !closes) return [];
    return [{ "@type": "OpeningHoursSpecification", dayOfWeek: `https://schema.org/${day}`, opens, closes }];
  });
}

function withoutUndefined(value: JsonLd): JsonLd {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

export function restaurantJsonLd(restaurant: RestaurantItem, origin: string | URL): JsonLd {
  return withoutUndefined({
    "@context": "https://schema.org",
    "@type": "Restaurant",
    "@id": absolute(`/restaurant/${restaurant.id}`, origin),
    name: restaurant.name,
    url: absolute(`/restaurant/${restaurant.id}`, origin),
    description: restaurant.description || undefined,
    image: images([...restaurant.images, restaurant.logo], origin),
    logo: restaurant.logo ? absolute(fileUrl(restaurant.logo)!, origin) : undefined,
    servesCuisine: restaurant.tags.length ? restaurant.tags : undefined,
    priceRange: restaurant.priceRange === "Unknown" ? undefined : restaurant.priceRange,
    telephone: restaurant.phone ?? undefined,
    address: withoutUndefined({
      "@type": "PostalAddress",
      streetAddress: restaurant.address || undefined,
      postalCode: restaurant.postCode || undefined,
      addressLocality: restaurant.location.area || undefined,
      addressRegion: restaurant.location.region || undefined,
      addressCountry: "GB",
    }),
    openingHoursSpecification: (() => {
      const spec = openingHoursSpecification(restaurant.openingHours);
      return spec.length ? spec : undefined;
    })(),
    acceptsReservations: restaurant.bookingLinks.length ? true : undefined,
    aggregateRating: aggregateRating(restaurant.rating, restaurant.ratingCount),
  });
}

export function dishJsonLd(dish: DishItem, origin: string | URL): JsonLd {
  return withoutUndefined({
    "@context": "https://schema.org",
    "@type": "MenuItem",
    "@id": absolute(`/dish/${dish.id}`, origin),
    name: dish.dishName,
    url: absolute(`/dish/${dish.id}`, origin),
    description: dish.description || undefined,
    image: images(dish.images, origin),
    offers:
      dish.price === null
        ? undefined
        : { "@type": "Offer", price: dish.price.toFixed(2), priceCurrency: dish.currency },
    aggregateRating: aggregateRating(dish.rating, dish.ratingCount),
    // schema.org has no direct "served at" property on MenuItem; the provider is the closest fit.
    provider: {
      "@type": "Restaurant",
      "@id": absolute(`/restaurant/${dish.restaurantId}`, origin),
      name: dish.restaurantName,
      address: dish.restaurantAddress || undefined,
    },
  });
}

export function offerJsonLd(offer: OfferItem, origin: string | URL): JsonLd {
  return withoutUndefined({
    "@context": "https://schema.org",
    "@type": "Offer",
    "@id": absolute(`/offers/${offer.id}`, origin),
    name: offer.title,
    url: absolute(`/offers/${offer.id}`, origin),
    description: offer.description || undefined,
    image: images([offer.image ?? offer.imageUrl], origin),
    // What the diner pays; the food-and-drink value they receive is the original price.
    price: offer.discountedPrice.toFixed(2),
    priceCurrency: offer.currency,
    availability: "https://schema.org/InStock",
    offeredBy: {
      "@type": "Restaurant",
      "@id": absolute(`/restaurant/${offer.restaurantId}`, origin),
      name: offer.restaurantName,
    },
  });
}

export function areaJsonLd(area: AreaItem, origin: string | URL): JsonLd[] {
  const url = absolute(`/area/${area.id}`, origin);
  return [
    withoutUndefined({
      "@context": "https://schema.org",
      "@type": "Place",
      "@id": url,
      name: area.areaName,
      url,
      image: images([area.image], origin),
      containedInPlace: { "@type": "Place", name: area.regionName },
    }),
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: absolute("/", origin) },
        { "@type": "ListItem", position: 2, name: area.regionName },
        { "@type": "ListItem", position: 3, name: area.areaName, item: url },
      ],
    },
  ];
}
