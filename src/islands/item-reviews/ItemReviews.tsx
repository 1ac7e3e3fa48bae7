// The reviews on a dish or restaurant page (issue 11, "Reading reviews"; issue 15 for the
// Incentivised label, report reasons and the policy link). The page around it is static
// HTML; this list, the item's rating and its review count are read live when the list
// comes into view, and follow the author's edits and deletes at once.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { currentSession, type Session } from "../accounts/session.ts";
import { privateReviewsLine } from "../../domain/private-reviews.ts";
import { isRatingBandId, RATING_BANDS, type RatingBandId } from "../../domain/rating-label.ts";
import { Rating } from "../../components/catalogue/view-parts.tsx";
import { REVIEW_POLICY_LABEL, REVIEW_POLICY_PATH } from "../../components/trust/trust-links.ts";
import type { Review, ReviewPause } from "../../shared/schemas/reviews.ts";
import { ReviewPauseNotice } from "../../components/catalogue/ReviewPauseNotice.tsx";
import { islandPause } from "./review-pause.ts";
import { ITEM_REVIEWS_EVENT, ITEM_REVIEWS_MESSAGES } from "./messages.ts";
import { ReviewCard, type ReviewActions } from "./ReviewCard.tsx";
import { LiveItemFacts } from "./LiveItemFacts.tsx";
import { useFocusAfterRender } from "../post-card/PostPieces.tsx";
import {
  appendPage,
  isReviewSort,
  reviewsQueryOf,
  SORT_OPTIONS,
  withEdited,
  withoutReview,
  type ReviewSort,
} from "./review-list.ts";
import {
  reviewsApi as defaultReviewsApi,
  type ItemKind,
  type ItemSummary,
  type ReviewsApi,
} from "./reviews-api.ts";

export interface ItemReviewsProps {
  kind: ItemKind;
  itemId: number;
  api?: ReviewsApi;
  /** The page's rating line (Rating in view-parts.tsx), updated in place; none in tests. */
  summaryTarget?: Element | null;
  /** ms since the epoch; the ages of a render are counted from one instant. */
  now?: () => number;
}

type ListState =
  | { status: "loading" }
  | { status: "failed" }
  | {
      status: "ready";
      reviews: Review[];
      nextCursor: string | null;
      /** How many of the item's reviews in this band are by private accounts, not listed. */
      privateCount: number;
      pages: number;
      more: "idle" | "loading" | "failed";
    };

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
  const focusAfterRender = useFocusAfterRender();
  // Read at once, not after the first render: a signed-in reader's first page is asked with
  // their token (blocks), and reading it later would ask for that page twice.
  const [session, setSession] = useState<Session | null>(() => currentSession());
  const token = session?.token ?? null;
  const [sort, setSort] = useState<ReviewSort>("newest");
  const [band, setBand] = useState<RatingBandId>("all");
  const [state, setState] = useState<ListState>({ status: "loading" });
  const [summary, setSummary] = useState<ItemSummary | null>(null);
  const [pause, setPause] = useState<ReviewPause | null>(null);
  const section = useRef<HTMLElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const request = useRef(0);
  // Once this person changed a review, every later read skips the browser's cache (max-age
  // 30), so a sort or a new page never brings back what they just edited or deleted.
  const changedHere = useRef(false);
  const summaryHost = useSummaryHost(summaryTarget, summary !== null);

  useEffect(() => {
    setSession(currentSession());
    // Logging in or out in another tab changes what this list offers.
    const onStorage = () => setSession(currentSession());
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const refreshSummary = useCallback(
    async (fresh: boolean) => {
      const outcome = await api.summary(kind, itemId, fresh);
      // A failed read leaves the page's own figures: they are at most a rebuild old.
      if (outcome.kind === "ok") setSummary(outcome.data);
    },
    [api, kind, itemId],
  );

  const loadFirstPage = useCallback(
    async (fresh: boolean) => {
      const ticket = ++request.current;
      setState((current) => (fresh && current.status === "ready" ? current : { status: "loading" }));
      const outcome = await api.page(
        kind,
        itemId,
        reviewsQueryOf(sort, band, null),
        fresh || changedHere.current,
        token,
      );
      if (ticket !== request.current) return;
      if (outcome.kind !== "ok") {
        setState({ status: "failed" });
        return;
      }
      setPause(islandPause(outcome.data.reviewPause, now(), document, section.current));
      setState({
        status: "ready",
        reviews: outcome.data.reviews,
        nextCursor: outcome.data.nextCursor,
        privateCount: outcome.data.privateReviewCount,
        pages: 1,
        more: "idle",
      });
    },
    [api, kind, itemId, sort, band, token, now],
  );

  useEffect(() => {
    void loadFirstPage(false);
  }, [loadFirstPage]);

  useEffect(() => {
    void refreshSummary(false);
  }, [refreshSummary]);

  // A review posted from this page's modal shows here at once.
  useEffect(() => {
    const onPosted = () => {
      changedHere.current = true;
      void loadFirstPage(true);
      void refreshSummary(true);
    };
    window.addEventListener(ITEM_REVIEWS_EVENT, onPosted);
    return () => window.removeEventListener(ITEM_REVIEWS_EVENT, onPosted);
  }, [loadFirstPage, refreshSummary]);

  async function loadMore() {
    if (state.status !== "ready" || !state.nextCursor || state.more === "loading") return;
    const shownBefore = state.reviews.length;
    const ticket = request.current;
    setState({ ...state, more: "loading" });
    const outcome = await api.page(
      kind,
      itemId,
      reviewsQueryOf(sort, band, state.nextCursor),
      changedHere.current,
      token,
    );
    if (ticket !== request.current) return;
    if (outcome.kind !== "ok") {
      setState((current) => (current.status === "ready" ? { ...current, more: "failed" } : current));
      return;
    }
    setState((current) =>
      current.status === "ready"
        ? {
            status: "ready",
            reviews: appendPage(current.reviews, outcome.data),
            nextCursor: outcome.data.nextCursor,
            privateCount: outcome.data.privateReviewCount,
            pages: current.pages + 1,
            more: "idle",
          }
        : current,
    );
    const added = outcome.data.reviews.length;
    setAnnouncement(`${added} more ${added === 1 ? "review" : "reviews"} loaded.`);
    // Load More leaves with the last page: the focus goes to the first review it added.
    if (!outcome.data.nextCursor) {
      const addedFocus = {
        get current() {
          return (
            list.current?.children[shownBefore]?.querySelector<HTMLElement>("[data-review-focus]") ??
            heading.current
          );
        },
      };
      focusAfterRender(addedFocus);
    }
  }

  const actions: ReviewActions = {
    session,
    api,
    onEdited(id, change) {
      changedHere.current = true;
      setState((current) =>
        current.status === "ready"
          ? { ...current, reviews: withEdited(current.reviews, id, change) }
          : current,
      );
      setAnnouncement(ITEM_REVIEWS_MESSAGES.updated);
      void refreshSummary(true);
    },
    onDeleted(id) {
      changedHere.current = true;
      setState((current) =>
        current.status === "ready" ? { ...current, reviews: withoutReview(current.reviews, id) } : current,
      );
      setAnnouncement(ITEM_REVIEWS_MESSAGES.deleted);
      heading.current?.focus();
      void refreshSummary(true);
    },
  };

  const filtered = band !== "all";
  const privateLine = state.status === "ready" ? privateReviewsLine(state.privateCount) : null;

  return (
    <section className="item-reviews" aria-labelledby={headingId} ref={section}>
      {summaryHost &&
        summary &&
        createPortal(<Rating rating={summary.rating} reviewCount={summary.reviewCount} />, summaryHost)}
      <LiveItemFacts summary={summary} />
      <div className="ir-head">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          Reviews
        </h2>
        <a className="ir-policy" href={REVIEW_POLICY_PATH}>
          {REVIEW_POLICY_LABEL}
        </a>
      </div>
      {pause && <ReviewPauseNotice pause={pause} />}
      <div className="ir-controls">
        <label className="ir-control">
          <span>Sort by</span>
          <select
            value={sort}
            onChange={(event) => {
              if (isReviewSort(event.target.value)) setSort(event.target.value);
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
              if (isRatingBandId(event.target.value)) setBand(event.target.value);
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
