// Unique <title> and meta description per catalogue page, built from the item itself.
import { formatPrice } from "../../domain/currency.ts";
import { offerBadge } from "../../domain/offer-badge.ts";
import { ratingLabelForMean } from "../../domain/rating-label.ts";
import type { AreaItem, DishItem, OfferItem, RestaurantItem } from "../../shared/schemas/catalogue-items.ts";

export interface PageMeta {
  title: string;
  description: string;
}

// Search engines cut descriptions at about 155 characters.
const DESCRIPTION_MAX = 155;
const SITE = "Dishcovery";
// One formatter for every page: toLocaleString builds a new one per call.
const COUNT_FORMAT = new Intl.NumberFormat("en-GB");

export function clip(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).replace(/[\s,.;:]+$/, "")}…`;
}

function ratingPhrase(rating: number, count?: number): string {
  if (rating <= 0) return "";
  const reviews = count ? ` from ${COUNT_FORMAT.format(count)} ${count === 1 ? "review" : "reviews"}` : "";
  return `Rated ${rating.toFixed(1)} (${ratingLabelForMean(rating)})${reviews}.`;
}

function join(...parts: string[]): string {
  return clip(parts.filter(Boolean).join(" "));
}

export function dishMeta(dish: DishItem): PageMeta {
  const price = formatPrice(dish.price, dish.currency);
  return {
    title: `${dish.dishName} at ${dish.restaurantName}, ${dish.location.area} | ${SITE}`,
    description: join(
      `${dish.dishName} at ${dish.restaurantName} in ${dish.location.area}, London${price ? `, ${price}` : ""}.`,
      ratingPhrase(dish.rating, dish.reviewCount),
      dish.description,
    ),
  };
}

export function restaurantMeta(restaurant: RestaurantItem): PageMeta {
  return {
    title: `${restaurant.name}, ${restaurant.location.area} | ${SITE}`,
    description: join(
      `${restaurant.name} in ${restaurant.location.area}, ${restaurant.location.region}.`,
      ratingPhrase(restaurant.rating, restaurant.reviewCount),
      restaurant.description,
    ),
  };
}

export function offerMeta(offer: OfferItem): PageMeta {
  return {
    title: `${offer.title} at ${offer.restaurantName} (${offerBadge(offer.originalPrice, offer.discountedPrice)}) | ${SITE}`,
    description: join(
      `${offer.title} at ${offer.restaurantName}, ${offer.location.area}: spend ${formatPrice(offer.discountedPrice, offer.currency)} and receive ${formatPrice(offer.originalPrice, offer.currency)} in food and drink.`,
      offer.description,
    ),
  };
}

export function areaMeta(area: AreaItem): PageMeta {
  return {
    title: `Best dishes and restaurants in ${area.areaName}, ${area.regionName} | ${SITE}`,
    description: join(`The top dishes and restaurants in ${area.areaName}, ${area.regionName}, London.`, area.content),
  };
}
