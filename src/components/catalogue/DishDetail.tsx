// The dish page body (spec point 2): image, name, rating, region and area, tags, price,
// description and about, and its restaurant; the owner's allergen and diet panel (issue 22).
import { fileUrl } from "../../domain/file-url.ts";
import { formatPrice } from "../../domain/currency.ts";
import type { DishItem } from "../../shared/schemas/catalogue-items.ts";
import { ItemLocation } from "./ItemLocation.tsx";
import { OpenStatus } from "./OpeningHoursBlock.tsx";
import { ShareButton } from "./ShareButton.tsx";
import { AllergenPanel, LIVE_SLOT } from "./owner-parts.tsx";
import type { ItemPlace } from "./page-data.ts";
import { CommunityAdded, ItemImage, Place, Prose, Rating, TagChips } from "./view-parts.tsx";
import { SaveButton } from "../cards/SaveButton.tsx";
import { FriendSignal } from "./FriendSignal.tsx";

export function DishDetail({ dish, place }: { dish: DishItem; place?: ItemPlace }) {
  const price = formatPrice(dish.price, dish.currency);
  const logo = fileUrl(dish.restaurantLogo);
  return (
    <article className="cat-detail" aria-labelledby="cat-title">
      <div className="cat-hero">
        <figure className="cat-hero__media">
          <ItemImage
            name={dish.images[0]}
            alt={`${dish.dishName} at ${dish.restaurantName}`}
            width={1200}
            height={900}
            priority
            fallbackText={dish.dishName}
          />
        </figure>
        <div className="cat-hero__body">
          <p className="eyebrow">Dish</p>
          <h1 id="cat-title">{dish.dishName}</h1>
          <p className="cat-subtitle">
            at <a href={`/restaurant/${dish.restaurantId}`}>{dish.restaurantName}</a>
          </p>
          <OpenStatus restaurantId={dish.restaurantId} />
          {dish.communityAdded && <CommunityAdded kind="dish" />}
          <Rating rating={dish.rating} reviewCount={dish.reviewCount} />
          <Place location={dish.location} />
          <p className="cat-price">
            <span className="cat-price__label">Price</span>
            <span className="cat-price__value">{price ?? "Not listed"}</span>
          </p>
          <TagChips tags={dish.tags} />
          {/* Opens the review modal with this dish and its restaurant chosen (src/islands/review-modal). */}
          <button
            type="button"
            className="btn btn-primary cat-post-review"
            data-post-review
            data-restaurant-id={dish.restaurantId}
            data-restaurant-name={dish.restaurantName}
            data-dish-id={dish.id}
            aria-haspopup="dialog"
          >
            Post a Review
          </button>
          <ShareButton />
          <SaveButton kind="dish" id={dish.id} name={dish.dishName} eager />
          <FriendSignal kind="dish" id={dish.id} />
          {dish.description && <Prose text={dish.description} className="cat-lead" />}
          <a className="cat-venue" href={`/restaurant/${dish.restaurantId}`}>
            {logo ? (
              <img className="cat-venue__logo" src={logo} alt="" width={56} height={56} loading="lazy" />
            ) : (
              <span className="cat-venue__logo cat-venue__logo--empty" aria-hidden="true">
                {dish.restaurantName.slice(0, 1)}
              </span>
            )}
            <span className="cat-venue__text">
              <span className="cat-venue__name">{dish.restaurantName}</span>
              {dish.restaurantAddress && <span className="cat-venue__address">{dish.restaurantAddress}</span>}
            </span>
            <span className="cat-venue__cta" aria-hidden="true">
              View restaurant →
            </span>
          </a>
        </div>
      </div>
      <div data-live={LIVE_SLOT.allergens}>
        <AllergenPanel allergens={dish.allergens} diets={dish.diets} />
      </div>
      <ItemLocation place={place} name={dish.restaurantName} />
      {dish.about && (
        <section className="cat-block" aria-labelledby="cat-about">
          <h2 id="cat-about">About this dish</h2>
          <Prose text={dish.about} />
        </section>
      )}
    </article>
  );
}
