// The restaurant page's details (spec point 2): image gallery, logo, name, rating, area and
// region, tags, description, price range, opening hours and Book Online; the app card is
// AppPromo, placed by the page after the menu and reviews (issue 30).
import type { ReactNode } from "react";
import type { RestaurantItem } from "../../shared/schemas/catalogue-items.ts";
import { OpeningHours, OpenStatus } from "./OpeningHoursBlock.tsx";
import { ShareButton } from "./ShareButton.tsx";
import { ItemLocation } from "./ItemLocation.tsx";
import { ClaimedLabel, LIVE_SLOT } from "./owner-parts.tsx";
import type { ItemPlace } from "./page-data.ts";
import { CommunityAdded, Fact, ItemImage, Place, Prose, Rating, TagChips } from "./view-parts.tsx";
import { SaveButton } from "../cards/SaveButton.tsx";
import { FriendSignal } from "./FriendSignal.tsx";

// The gallery shows the cover photo and up to four more; the rest add weight, not value.
const GALLERY_MAX = 5;

// The hours block and its line splitter live in OpeningHoursBlock.tsx (issue 30).
export { splitOpeningHours } from "./OpeningHoursBlock.tsx";

/** Only web links can be followed from a button; anything else is not a booking link. */
export function firstBookingLink(links: string[]): string | null {
  return links.find((link) => /^https?:\/\//i.test(link.trim()))?.trim() ?? null;
}

export function RestaurantDetail({
  restaurant,
  place,
  children,
}: {
  restaurant: RestaurantItem;
  place?: ItemPlace;
  /**
   * What people came for (issue 30: the menu and reviews), right under the name: on a phone
   * before the booking panel; from 960 px that panel stands beside the name.
   */
  children?: ReactNode;
}) {
  return (
    <article className="cat-detail" aria-labelledby="cat-title">
      <RestaurantGallery restaurant={restaurant} />

      {/* Source order is the phone order (who, then how to book, then the details); from
          960 px the booking panel and the hours move to a right-hand column (catalogue.css). */}
      <div className="cat-columns">
        <header className="cat-venue-head">
          <ItemImage
            name={restaurant.logo}
            alt={`${restaurant.name} logo`}
            width={96}
            height={96}
            className="cat-logo"
            fallbackText={restaurant.name}
          />
          <div>
            <p className="eyebrow">Restaurant</p>
            <h1 id="cat-title">{restaurant.name}</h1>
            {restaurant.communityAdded && <CommunityAdded kind="restaurant" />}
            <div data-live={LIVE_SLOT.claimed}>
              <ClaimedLabel claimedAt={restaurant.claimedAt} />
            </div>
            <Rating rating={restaurant.rating} reviewCount={restaurant.reviewCount} />
            <Place location={restaurant.location} />
            <OpenStatus restaurant={restaurant} />
            <TagChips tags={restaurant.tags} />
            {/* Opens the review modal with this restaurant chosen (src/islands/review-modal). */}
            <button
              type="button"
              className="btn btn-primary cat-post-review"
              data-post-review
              data-restaurant-id={restaurant.id}
              data-restaurant-name={restaurant.name}
              aria-haspopup="dialog"
            >
              Post a Review
            </button>
            <ShareButton />
            <SaveButton kind="restaurant" id={restaurant.id} name={restaurant.name} eager />
            <FriendSignal kind="restaurant" id={restaurant.id} />
          </div>
        </header>

        {children && <div className="cat-first">{children}</div>}
        <BookingPanel restaurant={restaurant} place={place} />

        {restaurant.description && (
          <section className="cat-block cat-main" aria-labelledby="cat-about">
            <h2 id="cat-about">About</h2>
            <Prose text={restaurant.description} />
          </section>
        )}
        <OpeningHours restaurant={restaurant} />
      </div>
    </article>
  );
}

/**
 * The spec's app-coming-soon card. Issue 30: it comes after what people opened the page for
 * (menu, reviews, offers), not between the restaurant's details and its reviews.
 */
export function AppPromo() {
  return (
    <section className="cat-panel cat-panel--app" aria-label="Dishcovery app">
      <p className="cat-panel__title">The Dishcovery app is coming soon</p>
      <p>Book a table, order and message restaurants from your phone.</p>
      <a className="btn btn-secondary" href="/get-app">
        Get early access
      </a>
    </section>
  );
}

function RestaurantGallery({ restaurant }: { restaurant: RestaurantItem }) {
  const gallery = restaurant.images.slice(0, GALLERY_MAX);
  return (
    <div className={`cat-gallery cat-gallery--${Math.max(1, gallery.length)}`}>
      {gallery.length === 0 ? (
        <ItemImage
          name={null}
          alt={restaurant.name}
          width={1200}
          height={800}
          className="cat-gallery__cover"
          fallbackText={restaurant.name}
        />
      ) : (
        gallery.map((image, i) => (
          <ItemImage
            key={image}
            name={image}
            alt={`${restaurant.name}, photo ${i + 1} of ${gallery.length}`}
            width={1200}
            height={800}
            priority={i === 0}
            className={i === 0 ? "cat-gallery__cover" : undefined}
            fallbackText={restaurant.name}
          />
        ))
      )}
    </div>
  );
}

/** Price, address and phone, and the first booking link (on the phone, right under the name). */
function BookingPanel({ restaurant, place }: { restaurant: RestaurantItem; place?: ItemPlace }) {
  const booking = firstBookingLink(restaurant.bookingLinks);
  return (
    <section className="cat-panel cat-booking" id="booking" aria-label="Booking and contact">
      <dl className="cat-facts">
        <Fact term="Price range">{restaurant.priceRange}</Fact>
        {restaurant.address && (
          <Fact term="Address">
            {restaurant.address}
            {restaurant.postCode && `, ${restaurant.postCode}`}
          </Fact>
        )}
        {restaurant.phone && (
          <Fact term="Phone">
            <a href={`tel:${restaurant.phone.replace(/[^\d+]/g, "")}`}>{restaurant.phone}</a>
          </Fact>
        )}
      </dl>
      {booking && (
        <a className="btn btn-primary cat-book" href={booking} target="_blank" rel="noopener">
          Book Online<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
      <ItemLocation place={place} name={restaurant.name} />
    </section>
  );
}
