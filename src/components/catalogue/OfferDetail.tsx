// The offer page body (spec point 2): image with the point 9 badge, title, rating, location,
// the spend line, description, terms, availability and booking.
import { NO_DISCOUNT, offerBadge } from "../../domain/offer-badge.ts";
import { offerSpendText } from "../../domain/offer-spend-text.ts";
import type { OfferItem } from "../../shared/schemas/catalogue-items.ts";
import { Fact, ItemImage, Place, Prose, Rating } from "./view-parts.tsx";

/**
 * The spec gives Claim Offer no behaviour, and a button that does nothing is not allowed
 * (architecture brief). Claiming means booking, so it leads where booking happens: the web
 * address in the offer's booking text when there is one, else the restaurant's booking panel.
 */
export function claimOfferHref(offer: Pick<OfferItem, "booking" | "restaurantId">): { href: string; external: boolean } {
  const url = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/i.exec(offer.booking)?.[0];
  if (url) return { href: url, external: true };
  return { href: `/restaurant/${offer.restaurantId}#booking`, external: false };
}

/** What happens after Claim Offer, said before the click: no payment is taken here. */
export function claimOfferNextStep(external: boolean, restaurantName: string): string {
  return external
    ? `You book with ${restaurantName} on their booking page and mention this offer; you pay at the restaurant.`
    : `You see how to book with ${restaurantName}; mention this offer when you book, and you pay at the restaurant.`;
}

export function OfferDetail({ offer }: { offer: OfferItem }) {
  const badge = offerBadge(offer.originalPrice, offer.discountedPrice);
  const claim = claimOfferHref(offer);
  return (
    <article className="cat-detail" aria-labelledby="cat-title">
      <div className="cat-hero">
        <figure className="cat-hero__media">
          <ItemImage
            name={offer.image ?? offer.imageUrl}
            alt={`${offer.title} at ${offer.restaurantName}`}
            width={1200}
            height={900}
            priority
            fallbackText={offer.title}
          />
          <span className={badge === NO_DISCOUNT ? "cat-badge cat-badge--muted" : "cat-badge"}>{badge}</span>
        </figure>
        <div className="cat-hero__body">
          <p className="eyebrow">Special offer</p>
          <h1 id="cat-title">{offer.title}</h1>
          <p className="cat-subtitle">
            at <a href={`/restaurant/${offer.restaurantId}`}>{offer.restaurantName}</a>
          </p>
          <Rating rating={offer.rating} />
          <Place location={offer.location} />
          <p className="cat-spend">{offerSpendText(offer.originalPrice, offer.discountedPrice, offer.currency)}</p>
          <a
            className="btn btn-primary cat-claim"
            href={claim.href}
            aria-describedby="cat-claim-next"
            {...(claim.external ? { target: "_blank", rel: "noopener" } : {})}
          >
            Claim Offer
            {claim.external && <span className="visually-hidden"> (opens in a new tab)</span>}
          </a>
          <p id="cat-claim-next" className="cat-claim-next muted">
            {claimOfferNextStep(claim.external, offer.restaurantName)}
          </p>
          <dl className="cat-facts">
            {offer.available && <Fact term="Available">{offer.available}</Fact>}
            {offer.booking && <Fact term="Booking">{offer.booking}</Fact>}
          </dl>
        </div>
      </div>
      {offer.description && (
        <section className="cat-block" aria-labelledby="cat-about">
          <h2 id="cat-about">About this offer</h2>
          <Prose text={offer.description} />
        </section>
      )}
      <section className="cat-block" aria-labelledby="cat-terms">
        <h2 id="cat-terms">Terms and conditions</h2>
        {offer.termsAndConditions && <Prose text={offer.termsAndConditions} />}
        <p className="muted">
          Every offer also follows our <a href="/terms-and-conditions">offer terms and conditions</a>.
        </p>
      </section>
    </article>
  );
}
