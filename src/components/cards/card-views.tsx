// The cards of every list: rendered in the browser (search results) and, at build or on
// demand, to static HTML (static-html.ts) for the catalogue pages' bodies and the
// home, tag and landing pages' sections, so a card has one markup wherever it appears.
import { createContext, useContext, type ReactNode } from "react";
import type {
  DishItem as Dish,
  OfferItem as Offer,
  RestaurantItem as Restaurant,
} from "../../shared/schemas/catalogue-items.ts";
import { COMMUNITY_ADDED_LABEL } from "../../domain/catalogue-listing.ts";
import { formatPrice } from "../../domain/currency.ts";
import { fileUrl } from "../../domain/file-url.ts";
import { formatCount } from "../../domain/format-count.ts";
import { formatDistance, walkingMinutes } from "../../domain/geo-distance.ts";
import { NO_DISCOUNT, offerBadge } from "../../domain/offer-badge.ts";
import { offerSpendText } from "../../domain/offer-spend-text.ts";
import { starsView } from "../rating-stars.ts";
import { SaveButton } from "./SaveButton.tsx";

/**
 * A card's mean rating and, in brackets, how many reviews the item has: every review, as the
 * item's own page counts them ("7 reviews"), so a card and the page it opens agree (issue 24).
 */
export function Stars({ rating, reviewCount }: { rating: number; reviewCount?: number }) {
  const { rated, value, spoken, fillClass } = starsView(rating, reviewCount);
  if (!rated) {
    return (
      <span className="rating rating--sm">
        <span className="unrated">No ratings yet</span>
      </span>
    );
  }
  return (
    <span className="rating rating--sm">
      <span className={fillClass} role="img" aria-label={spoken} />
      <span className="value" aria-hidden="true">
        {value.toFixed(1)}
      </span>
      {reviewCount !== undefined && (
        <span className="count" aria-hidden="true">{`(${formatCount(reviewCount)})`}</span>
      )}
    </span>
  );
}

/** What every card takes besides its item. */
interface CardOptions {
  /** The first card above the fold loads its photo eagerly with high priority; others lazily. */
  eager?: boolean;
  headingLevel?: 2 | 3 | 4;
}

function Photo(props: { name: string | null | undefined; alt: string; fallback: string; eager?: boolean }) {
  const { name, alt, fallback, eager = false } = props;
  const src = fileUrl(name);
  if (!src) {
    return (
      <span className="card-image card-image--empty" role="img" aria-label={alt}>
        <span aria-hidden="true">{fallback.slice(0, 1).toUpperCase()}</span>
      </span>
    );
  }
  return (
    <img
      className="card-image"
      src={src}
      alt={alt}
      width={640}
      height={480}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding={eager ? "sync" : "async"}
    />
  );
}

/**
 * Markup of cards already rendered, for a static render to reuse (static-html.ts provides it
 * at build). Every dish page of a restaurant shows the same few best dishes, and a card
 * costs more to render than the rest of a page's body. In the browser there is no provider.
 */
export interface CardMarkup {
  /** The inner HTML of `item`'s card in this variant, if rendered before. */
  lookup(item: object, variant: string): string | undefined;
  /** Asks for `inner` to be rendered and kept for the next page with this card. */
  remember(item: object, variant: string, inner: ReactNode): void;
}
export const CardMarkupContext = createContext<CardMarkup | null>(null);

function Card({
  className,
  item,
  variant,
  children,
}: {
  className: string;
  item: object;
  variant: string;
  children: ReactNode;
}) {
  const markup = useContext(CardMarkupContext);
  const html = markup?.lookup(item, variant);
  if (html !== undefined) return <article className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  markup?.remember(item, variant, children);
  return <article className={className}>{children}</article>;
}

/** A card's markup depends on its item and these, so reused markup is keyed by them. */
function variantOf({ eager = false, headingLevel = 3 }: CardOptions, rank?: number) {
  return `${rank ?? ""}/${eager ? "eager" : ""}/${headingLevel}`;
}

/**
 * "#1" on a card's photo in a ranked list; nothing elsewhere. Screen readers get "Number 1"
 * as text: an aria-label on a plain span is ignored, and "#1" would be read instead.
 */
function RankBadge({ rank }: { rank?: number }) {
  if (rank === undefined) return null;
  return (
    <span className="rank">
      <span aria-hidden="true">{`#${rank}`}</span>
      <span className="visually-hidden">{`Number ${rank}`}</span>
    </span>
  );
}

/** Issue 21: an item anyone added, not yet approved by a moderator (only search shows one). */
function CommunityFlag({ shown }: { shown: boolean }) {
  return shown ? <p className="card-flag">{COMMUNITY_ADDED_LABEL}</p> : null;
}

/** "650 m · 8 min walk": how far an item listed near a place is (issue 31). */
export function distanceText(meters: number): string {
  return `${formatDistance(meters)} · ${walkingMinutes(meters)} min walk`;
}

/** A list asked near a place answers distanceMeters on each item; other lists have none. */
const distanceOf = (item: object): number | undefined => {
  const meters = (item as { distanceMeters?: unknown }).distanceMeters;
  return typeof meters === "number" ? meters : undefined;
};

function DistanceLine({ item }: { item: object }) {
  const meters = distanceOf(item);
  return meters === undefined ? null : <p className="card-meta card-distance">{distanceText(meters)}</p>;
}

function CardTitle({ level = 3, href, children }: { level?: 2 | 3 | 4; href: string; children: string }) {
  const Heading = `h${level}` as const;
  return (
    <Heading className="card-title">
      <a href={href}>{children}</a>
    </Heading>
  );
}

export function DishCardView({
  dish,
  rank,
  flag,
  ...options
}: { dish: Dish; rank?: number; /** A mark such as "Not declared" (issue 30). */ flag?: string } & CardOptions) {
  const price = formatPrice(dish.price, dish.currency);
  return (
    <Card
      className="card dish-card"
      item={dish}
      variant={`${variantOf(options, rank)}/${flag ?? ""}/${distanceOf(dish) ?? ""}`}
    >
      <div className="card-media">
        <Photo
          name={dish.images[0]}
          alt={`${dish.dishName} at ${dish.restaurantName}`}
          fallback={dish.dishName}
          eager={options.eager}
        />
        <RankBadge rank={rank} />
      </div>
      <div className="card-body">
        <CardTitle level={options.headingLevel} href={`/dish/${dish.id}`}>
          {dish.dishName}
        </CardTitle>
        <p className="card-meta">{[dish.restaurantName, dish.location?.area].filter(Boolean).join(" · ")}</p>
        <DistanceLine item={dish} />
        <CommunityFlag shown={dish.communityAdded} />
        {flag && <p className="card-flag">{flag}</p>}
        <div className="card-row-line">
          <Stars rating={dish.rating} reviewCount={dish.reviewCount} />
          {price && <span className="price">{price}</span>}
        </div>
        <SaveButton kind="dish" id={dish.id} name={dish.dishName} />
      </div>
    </Card>
  );
}

export function RestaurantCardView({
  restaurant,
  rank,
  ...options
}: { restaurant: Restaurant; rank?: number } & CardOptions) {
  const place = [restaurant.location?.area, restaurant.location?.region].filter(Boolean).join(", ");
  const priceRange =
    restaurant.priceRange && restaurant.priceRange !== "Unknown" ? restaurant.priceRange : null;
  return (
    <Card
      className="card restaurant-card"
      item={restaurant}
      variant={`${variantOf(options, rank)}/${distanceOf(restaurant) ?? ""}`}
    >
      <div className="card-media">
        <Photo
          name={restaurant.images[0] ?? restaurant.logo}
          alt={`${restaurant.name}, ${place}`}
          fallback={restaurant.name}
          eager={options.eager}
        />
        <RankBadge rank={rank} />
      </div>
      <div className="card-body">
        <CardTitle level={options.headingLevel} href={`/restaurant/${restaurant.id}`}>
          {restaurant.name}
        </CardTitle>
        <p className="card-meta">
          {priceRange ? `${place} · ` : place}
          {priceRange && (
            <>
              <span className="visually-hidden">Price range </span>
              {priceRange}
            </>
          )}
        </p>
        <DistanceLine item={restaurant} />
        <CommunityFlag shown={restaurant.communityAdded} />
        {restaurant.tags.length > 0 && (
          <ul className="tag-list" aria-label="Tags">
            {restaurant.tags.slice(0, 3).map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        )}
        <div className="card-row-line">
          <Stars rating={restaurant.rating} reviewCount={restaurant.reviewCount} />
        </div>
        <SaveButton kind="restaurant" id={restaurant.id} name={restaurant.name} />
      </div>
    </Card>
  );
}

export function OfferCardView({ offer, ...options }: { offer: Offer } & CardOptions) {
  const badge = offerBadge(offer.originalPrice, offer.discountedPrice);
  const spendText =
    badge === NO_DISCOUNT ? null : offerSpendText(offer.originalPrice, offer.discountedPrice, offer.currency);
  // Many offers are titled with the spend line itself; it is not printed twice.
  const showSpend = spendText !== null && spendText.toLowerCase() !== offer.title.trim().toLowerCase();
  return (
    <Card className="card offer-card" item={offer} variant={variantOf(options)}>
      <div className="card-media">
        <Photo
          name={offer.image ?? offer.imageUrl}
          alt={`${offer.title} at ${offer.restaurantName}`}
          fallback={offer.title}
          eager={options.eager}
        />
        <span className={badge === NO_DISCOUNT ? "badge badge--muted" : "badge"}>{badge}</span>
      </div>
      <div className="card-body">
        <CardTitle level={options.headingLevel} href={`/offers/${offer.id}`}>
          {offer.title}
        </CardTitle>
        <p className="card-meta">
          {[offer.restaurantName, offer.location?.area].filter(Boolean).join(" · ")}
        </p>
        {showSpend && <p className="offer-spend">{spendText}</p>}
        <div className="card-row-line">
          <Stars rating={offer.rating} />
        </div>
      </div>
    </Card>
  );
}
