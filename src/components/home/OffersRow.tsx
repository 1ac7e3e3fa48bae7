// Issue 30: a tag page's special offers as one compact row (a horizontal scroller of small
// cards) rather than a carousel of full cards, so the page's first ranked dish is on a
// phone's first or second screen. Rendered statically (staticHtml; the page imports
// offers-row.css); no script: the row scrolls by touch, wheel or, link by link, the keyboard.
import { fileUrl } from "../../domain/file-url.ts";
import { NO_DISCOUNT, offerBadge } from "../../domain/offer-badge.ts";
import type { OfferItem } from "../../shared/schemas/catalogue-items.ts";

export function OffersRow({ offers, label }: { offers: OfferItem[]; label: string }) {
  return (
    <ul className="offers-row" aria-label={label}>
      {offers.map((offer) => (
        <li key={offer.id}>
          <CompactOffer offer={offer} />
        </li>
      ))}
    </ul>
  );
}

function CompactOffer({ offer }: { offer: OfferItem }) {
  const badge = offerBadge(offer.originalPrice, offer.discountedPrice);
  const src = fileUrl(offer.image ?? offer.imageUrl);
  return (
    <article className="offer-mini">
      {src ? (
        <img className="offer-mini__image" src={src} alt="" width={72} height={72} loading="lazy" decoding="async" />
      ) : (
        <span className="offer-mini__image offer-mini__image--empty" aria-hidden="true">
          {offer.title.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="offer-mini__body">
        <span className={badge === NO_DISCOUNT ? "offer-mini__badge offer-mini__badge--muted" : "offer-mini__badge"}>
          {badge}
        </span>
        <h3 className="offer-mini__title">
          <a href={`/offers/${offer.id}`}>{offer.title}</a>
        </h3>
        <p className="offer-mini__meta">{[offer.restaurantName, offer.location?.area].filter(Boolean).join(" · ")}</p>
      </div>
    </article>
  );
}
