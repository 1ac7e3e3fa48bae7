// The reviews on a dish or restaurant page (issue 11, "Reading reviews"; issue 15 for the
// Incentivised label, report reasons and the policy link). The page around it is static
// HTML; this list, the item's rating and its review count are read live when the list
// comes into view, and follow the author's edits and deletes at once.
import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { privateReviewsLine } from "../../domain/private-reviews.ts";
import { isRatingBandId, RATING_BANDS, type RatingBandId } from "../../domain/rating-label.ts";
import { Rating } from "../../components/catalogue/view-parts.tsx";
import { REVIEW_POLICY_LABEL, REVIEW_POLICY_PATH } from "../../components/trust/trust-links.ts";
import { ReviewPauseNotice } from "../../components/catalogue/ReviewPauseNotice.tsx";
import { ITEM_REVIEWS_MESSAGES } from "../../client/review-messages.ts";
import { ReviewCard } from "./ReviewCard.tsx";
import { LiveItemFacts } from "./LiveItemFacts.tsx";
import { OwnerPhotos } from "./OwnerPhotos.tsx";
import { isReviewSort, SORT_OPTIONS, type ReviewSort } from "./review-list.ts";
import { reviewsApi as defaultReviewsApi, type ItemKind, type ReviewsApi } from "./reviews-api.ts";
import { useReviewList } from "./use-review-list.ts";

export interface ItemReviewsProps {
  kind: ItemKind;
  itemId: number;
  api?: ReviewsApi;
  /** The page's rating line (Rating in view-parts.tsx), updated in place; none in tests. */
  summaryTarget?: Element | null;
  /** ms since the epoch; the ages of a render are counted from one instant. */
  now?: () => number;
}

let defaultApi: ReviewsApi | null = null;

/**
 * The page's static rating line is swapped for a live one rendered by the same component,
 * so both look the same; this returns where the live one renders. The static line stays
 * until the live figures arrive (`ready`), so a failed read leaves the page as it was built.
 */
function useSummaryHost(target: Element | null | undefined, ready: boolean): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!ready || !target?.parentNode) return;
    const element = document.createElement("div");
    element.className = "ir-summary-host";
    target.parentNode.insertBefore(element, target);
    target.remove();
    setHost(element);
  }, [target, ready]);
  return host;
}

export default function ItemReviews({
  kind,
  itemId,
  api = (defaultApi ??= defaultReviewsApi()),
  summaryTarget,
  now = Date.now,
}: ItemReviewsProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const section = useRef<HTMLElement>(null);
  const reviews = useReviewList({ kind, itemId, api, now, heading, list, section });
  const { sort, setSort, band, setBand, state, summary } = reviews;
  const { pause, announcement, actions, loadFirstPage, loadMore } = reviews;
  const summaryHost = useSummaryHost(summaryTarget, summary !== null);

  const filtered = band !== "all";
  const privateLine = state.status === "ready" ? privateReviewsLine(state.privateCount) : null;

  return (
    <section className="item-reviews" aria-labelledby={headingId} ref={section}>
      {summaryHost &&
        summary &&
        createPortal(<Rating rating={summary.rating} reviewCount={summary.reviewCount} />, summaryHost)}
      <LiveItemFacts summary={summary} />
      {summary?.ownerPhotos && <OwnerPhotos photos={summary.ownerPhotos} />}
      <div className="ir-head">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          Reviews
        </h2>
        <a className="ir-policy" href={REVIEW_POLICY_PATH}>
          {REVIEW_POLICY_LABEL}
        </a>
      </div>
      {pause && <ReviewPauseNotice pause={pause} />}
      <ReviewControls sort={sort} band={band} onSort={setSort} onBand={setBand} />
      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      {state.status === "loading" && (
        <p className="ir-state" role="status">
          {ITEM_REVIEWS_MESSAGES.loading}
        </p>
      )}
      {state.status === "failed" && (
        <div className="ir-state ir-state--failed" role="alert">
          <p>{ITEM_REVIEWS_MESSAGES.failed}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void loadFirstPage(false)}>
            Try again
          </button>
        </div>
      )}
      {privateLine && <p className="ir-state">{privateLine}</p>}
      {state.status === "ready" && state.reviews.length === 0 && !privateLine && (
        <p className="ir-state">
          {filtered ? ITEM_REVIEWS_MESSAGES.noneInBand : ITEM_REVIEWS_MESSAGES.empty}
        </p>
      )}
      {state.status === "ready" && state.reviews.length > 0 && (
        <>
          <ol className="ir-list" ref={list}>
            {state.reviews.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} pageKind={kind} actions={actions} now={now()} />
              </li>
            ))}
          </ol>
          {state.nextCursor ? (
            <div className="ir-more">
              <button
                type="button"
                className="btn btn-secondary"
                aria-disabled={state.more === "loading" || undefined}
                onClick={() => void loadMore()}
              >
                {state.more === "loading" ? "Loading…" : "Load More"}
              </button>
              {state.more === "failed" && (
                <p className="ir-error" role="alert">
                  {ITEM_REVIEWS_MESSAGES.failed}
                </p>
              )}
            </div>
          ) : (
            state.pages > 1 && <p className="ir-state">{ITEM_REVIEWS_MESSAGES.noMore}</p>
          )}
        </>
      )}
    </section>
  );
}

/** Spec point 5's sort and rating band of the list. */
function ReviewControls({
  sort,
  band,
  onSort,
  onBand,
}: {
  sort: ReviewSort;
  band: RatingBandId;
  onSort: (sort: ReviewSort) => void;
  onBand: (band: RatingBandId) => void;
}) {
  return (
    <div className="ir-controls">
      <label className="ir-control">
        <span>Sort by</span>
        <select
          value={sort}
          onChange={(event) => {
            if (isReviewSort(event.target.value)) onSort(event.target.value);
          }}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="ir-control">
        <span>Rating</span>
        <select
          value={band}
          onChange={(event) => {
            if (isRatingBandId(event.target.value)) onBand(event.target.value);
          }}
        >
          {RATING_BANDS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
