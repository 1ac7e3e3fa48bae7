// The restaurant's reviews and its dishes' reviews, unanswered first, a page at a time ("Show
// more reviews" asks the API for the next page), with the reply rate and a Reply button on each
// that opens its box (docs/owners.md "Dashboard data"). The counts come from the same read as
// the page, so they agree with the restaurant's page and with what the pages add up to (issue
// 30). The owner sees what visitors see of each reviewer: name and photo, never contact details.
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { ownerDay } from "../../components/catalogue/owner-day.ts";
import type { DashboardPage, DashboardReview, OwnerApi } from "./owner-api.ts";
import { ReplyBox } from "./ReplyBox.tsx";
import { ReportReviewBox } from "./ReportReviewBox.tsx";

type State =
  | { status: "loading" }
  | { status: "failed"; message: string }
  | { status: "ready"; page: DashboardPage; more: "idle" | "loading" | "failed" };

function ReplyRate({ rate }: { rate: DashboardPage["replyRate"] }) {
  if (rate.total === 0) return <p className="owner-rate">No reviews to answer yet.</p>;
  return (
    <p className="owner-rate">
      Reply rate: <strong>{Math.round(rate.rate * 100)}%</strong> ({rate.answered} of {rate.total}{" "}
      {rate.total === 1 ? "review" : "reviews"} answered)
    </p>
  );
}

const reviews = (n: number) => `${n} ${n === 1 ? "review" : "reviews"}`;

/** "12 reviews: 5 of the restaurant and 7 of its dishes. 2 are from private accounts or…" */
function Counts({ counts }: { counts: DashboardPage["counts"] }) {
  const ofDishes = counts.reviewCount - counts.restaurantReviewCount;
  return (
    <p className="owner-counts">
      {reviews(counts.reviewCount)}: {counts.restaurantReviewCount} of the restaurant (the count on its page) and{" "}
      {ofDishes} of its dishes.
      {counts.notListed > 0 &&
        ` ${counts.notListed} ${counts.notListed === 1 ? "is" : "are"} from private accounts or people with a block, counted but not listed here.`}
    </p>
  );
}

function ReviewItem({ review, children }: { review: DashboardReview; children: ReactNode }) {
  const about = review.subject.kind === "dish" ? review.subject.name : "the restaurant";
  return (
    <li className="owner-review">
      <article aria-label={`${review.author.username}'s review of ${about}`} tabIndex={-1}>
        <p className="owner-review__head">
          {!review.ownerReply && <span className="owner-badge">Unanswered</span>}
          <strong>{review.author.username}</strong> on {about}
          {review.rating !== null && <span>, rated {review.rating.toFixed(1)} out of 5</span>},{" "}
          <time dateTime={review.createdAt}>{ownerDay(review.createdAt)}</time>
        </p>
        {review.content && <p className="owner-review__text">{review.content}</p>}
        {children}
      </article>
    </li>
  );
}

export function ReviewsSection({ api, token, restaurantId }: { api: OwnerApi; token: string; restaurantId: number }) {
  const [state, setState] = useState<State>({ status: "loading" });
  const list = useRef<HTMLOListElement>(null);
  // After "Show more reviews", the focus goes to the first review it brought (docs/accessibility.md).
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusAt === null) return;
    list.current?.querySelectorAll<HTMLElement>(":scope > li > article")[focusAt]?.focus();
    setFocusAt(null);
  }, [focusAt]);

  const load = useCallback(async () => {
    setState({ status: "loading" });
    const outcome = await api.reviews(token, restaurantId, null);
    setState(outcome.kind === "ok" ? { status: "ready", page: outcome.data, more: "idle" } : { status: "failed", message: outcome.message });
  }, [api, token, restaurantId]);

  useEffect(() => void load(), [load]);

  async function loadMore() {
    if (state.status !== "ready" || !state.page.nextCursor || state.more === "loading") return;
    setState({ ...state, more: "loading" });
    const outcome = await api.reviews(token, restaurantId, state.page.nextCursor);
    if (outcome.kind === "ok" && outcome.data.reviews.length > 0) setFocusAt(state.page.reviews.length);
    setState((current) => {
      if (current.status !== "ready") return current;
      if (outcome.kind !== "ok") return { ...current, more: "failed" };
      const reviews = [...current.page.reviews, ...outcome.data.reviews];
      return { status: "ready", page: { ...outcome.data, reviews }, more: "idle" };
    });
  }

  function replied(review: DashboardReview, reply: DashboardReview["ownerReply"]) {
    setState((current) => {
      if (current.status !== "ready") return current;
      const { page } = current;
      const delta = (reply ? 1 : 0) - (review.ownerReply ? 1 : 0);
      const answered = page.replyRate.answered + delta;
      const total = page.replyRate.total;
      return {
        ...current,
        page: {
          ...page,
          reviews: page.reviews.map((r) => (r.id === review.id ? { ...r, ownerReply: reply } : r)),
          replyRate: { answered, total, rate: total === 0 ? 0 : answered / total },
        },
      };
    });
  }

  return (
    <section className="owner-section" aria-labelledby="owner-reviews-title">
      <h2 id="owner-reviews-title">Reviews</h2>
      {state.status === "loading" && <p role="status">Loading reviews…</p>}
      {state.status === "failed" && (
        <div role="alert" className="owner-failed">
          <p>{state.message}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {state.status === "ready" && (
        <>
          <Counts counts={state.page.counts} />
          <ReplyRate rate={state.page.replyRate} />
          <ol className="owner-reviews" ref={list}>
            {state.page.reviews.map((review) => (
              <ReviewItem key={review.id} review={review}>
                <ReplyBox api={api} token={token} review={review} onChange={(reply) => replied(review, reply)} />
                <ReportReviewBox api={api} token={token} postId={review.id} author={review.author.username} />
              </ReviewItem>
            ))}
          </ol>
          <p className="owner-hint" role="status">
            Showing {state.page.reviews.length} of {reviews(state.page.counts.listed)}
          </p>
          {state.page.nextCursor && (
            <button type="button" className="btn btn-secondary" aria-disabled={state.more === "loading" || undefined} onClick={() => void loadMore()}>
              {state.more === "loading" ? "Loading…" : "Show more reviews"}
            </button>
          )}
          {state.more === "failed" && <p role="alert" className="owner-error">The next reviews could not load. Please try again.</p>}
        </>
      )}
    </section>
  );
}
