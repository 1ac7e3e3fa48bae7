// What a dish or restaurant page holds where its reviews go until the reviews island loads
// them (src/islands/item-reviews/loader.ts finds it by data-item-reviews), with the review
// policy link of issue 15 from the first paint. A React component so a page body can place
// it among its own sections (issue 30: a restaurant's reviews come before its offers and
// promo), and ItemReviewsMount.astro renders the same markup where a page leaves it last.
// It carries no item id: a page rendered on demand comes from a template built before the
// item existed, and must be the same HTML as the prerendered page.
import { ITEM_REVIEWS_MESSAGES } from "../../client/review-messages.ts";
import { REVIEW_POLICY_LABEL, REVIEW_POLICY_PATH } from "../trust/trust-links.ts";

export function ReviewsPlaceholder({ kind }: { kind: "dish" | "restaurant" }) {
  return (
    <div className="item-reviews-mount" id="reviews" data-item-reviews={kind}>
      <section className="item-reviews" aria-labelledby="item-reviews-title">
        <div className="ir-head">
          <h2 id="item-reviews-title">Reviews</h2>
          <a className="ir-policy" href={REVIEW_POLICY_PATH}>
            {REVIEW_POLICY_LABEL}
          </a>
        </div>
        <p className="ir-state" data-item-reviews-state>
          {ITEM_REVIEWS_MESSAGES.loading}
        </p>
      </section>
    </div>
  );
}
