// Cards for the lists on a client-rendered catalogue page. They repeat the markup of
// src/components/cards/*.astro (whose look lives in global.css: .card, .card-media, .badge,
// .rating ...) because Astro components cannot render in the browser.
import { formatPrice } from "../../domain/currency.ts";
import { fileUrl } from "../../domain/file-url.ts";
import { formatCount } from "../../domain/format-count.ts";
import { NO_DISCOUNT, offerBadge } from "../../domain/offer-badge.ts";
import { offerSpendText } from "../../domain/offer-spend-text.ts";
import type { DishItem, OfferItem, RestaurantItem } from "../../shared/schemas/catalogue-items.ts";

function CardImage({ name, alt, fallbackText }: { name: string | null | undefined; alt: string; fallbackText: string }) {
  const src = fileUrl(name);
  if (!src) {
    return (
      <span className="cat-image cat-image--empty" role="img" aria-label={alt}>
        <span aria-hidden="true">{fallbackText.slice(0, 1).toUpperCase()}</span>
      </span>
    );
  }
  return <img className="cat-image" src={src} alt={alt} width={640} height={480} loading="lazy" decoding="async" />;
}

function CardRating({ rating, ratingCount }: { rating: number; ratingCount?: number }) {
  const rated = rating > 0 || (ratingCount ?? 0) > 0;
  if (!rated) {
    return (
      <span className="rating">
        <span className="unrated">No ratings yet</span>
      </span>
    );
  }
  const value = Math.max(0, Math.min(5, rating));
  return (
    <span className="rating">
      <span className="value">
        <span aria-hidden="true">★ </span>
        <span className="visually-hidden">Rated </span>
        {value.toFixed(1)}
        <span className="visually-hidden"> out of 5</span>
      </span>
      {ratingCount !== undefined && <span className="count">({formatCount(ratingCount)})</span>}
    </span>
  );
}

function Rank({ rank }: { rank?: number }) {
  return rank === undefined ? null : (
    <span className="rank" aria-label={`Number ${rank}`}>
      #{rank}
    </span>
  );
}

export function DishTile({ dish, rank }: { dish: DishItem; rank?: number }) {
  const price = formatPrice(dish.price, dish.currency);
  return (
    <article className="card dish-card">
      <div className="card-media">
        <CardImage name={dish.images[0]} alt={`${dish.dishName} at ${dish.restaurantName}`} fallbackText={dish.dishName} />
        <Rank rank={rank} />
      </div>
      <div className="card-body">
        <h3 className="card-title">
          <a href={`/dish/${dish.id}`}>{dish.dishName}</a>
        </h3>
        <p className="card-meta">{[dish.restaurantName, dish.location.area].filter(Boolean).join(" · ")}</p>
        <div className="card-row-line">
          <CardRating rating={dish.rating} ratingCount={dish.ratingCount} />
          {price && <span className="price">{price}</span>}
        </div>
      </div>
    </article>
  );
}

export function RestaurantTile({ restaurant, rank }: { restaurant: RestaurantItem; rank?: number }) {
  const place = [restaurant.location.area, restaurant.location.region].filter(Boolean).join(", ");
  return (
    <article className="card restaurant-card">
      <div className="card-media">
        <CardImage name={restaurant.images[0] ?? restaurant.logo} alt={`${restaurant.name}, ${place}`} fallbackText={restaurant.name} />
        <Rank rank={rank} />
      </div>
      <div className="card-body">
        <h3 className="card-title">
          <a href={`/restaurant/${restaurant.id}`}>{restaurant.name}</a>
        </h3>
        <p className="card-meta">
          {place}
          {restaurant.priceRange !== "Unknown" && ` · ${restaurant.priceRange}`}
        </p>
        {restaurant.tags.length > 0 && (
          <ul className="tag-list" aria-label="Tags">
            {restaurant.tags.slice(0, 3).map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        )}
        <div className="card-row-line">
          <CardRating rating={restaurant.rating} ratingCount={restaurant.ratingCount} />
        </div>
      </div>
    </article>
  );
}

export function OfferTile({ offer }: { offer: OfferItem }) {
  const badge = offerBadge(offer.originalPrice, offer.discountedPrice);
  return (
    <article className="card offer-card">
      <div className="card-media">
        <CardImage name={offer.image ?? offer.imageUrl} alt={`${offer.title} at ${offer.restaurantName}`} fallbackText={offer.title} />
        <span className={badge === NO_DISCOUNT ? "badge badge--muted" : "badge"}>{badge}</span>
      </div>
      <div className="card-body">
        <h3 className="card-title">
          <a href={`/offers/${offer.id}`}>{offer.title}</a>
        </h3>
        <p className="card-meta">{[offer.restaurantName, offer.location.area].filter(Boolean).join(" · ")}</p>
        {badge !== NO_DISCOUNT && (
          <p className="offer-spend">{offerSpendText(offer.originalPrice, offer.discountedPrice, offer.currency)}</p>
        )}
        <div className="card-row-line">
          <CardRating rating={offer.rating} />
        </div>
      </div>
    </article>
  );
}
