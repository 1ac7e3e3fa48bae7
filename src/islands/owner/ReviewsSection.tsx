// The restaurant's reviews and its dishes' reviews, unanswered first, with the reply rate and a
// reply box under each (docs/owners.md "Dashboard data"). The owner sees what visitors see of
// each reviewer: name and photo, never contact details.
import { useCallback, useEffect, useState, type ReactNode } from "react";
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

function ReviewItem({ review, children }: { review: DashboardReview; children: ReactNode }) {
  const about = review.subject.kind === "dish" ? review.subject.name : "the restaurant";
  return (
    <li className="owner-review">
      <article aria-label={`${review.author.username}'s review of ${about}`}>
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
          <ReplyRate rate={state.page.replyRate} />
          <ol className="owner-reviews">
            {state.page.reviews.map((review) => (
              <ReviewItem key={review.id} review={review}>
                <ReplyBox api={api} token={token} review={review} onChange={(reply) => replied(review, reply)} />
                <ReportReviewBox api={api} token={token} postId={review.id} author={review.author.username} />
              </ReviewItem>
            ))}
          </ol>
          {state.page.nextCursor && (
            <button type="button" className="btn btn-secondary" aria-disabled={state.more === "loading" || undefined} onClick={() => void loadMore()}>
              {state.more === "loading" ? "Loading…" : "More reviews"}
            </button>
          )}
          {state.more === "failed" && <p role="alert" className="owner-error">The next reviews could not load. Please try again.</p>}
        </>
      )}
    </section>
  );
}
