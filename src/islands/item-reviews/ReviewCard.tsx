// One review in the list: who wrote it and when, the rating with its label, the text (cut
// at 100 characters with Read more), its photos, the Incentivised label (issue 15), the
// owner's reply (issue 22), the dish reviews posted with it, and what the reader may do: the
// author edits or deletes (with a confirm step), anyone else reports it with a reason.
import { useId, useRef, useState, type RefObject } from "react";
import { loginHref } from "../../client/login-return.ts";
import type { Session } from "../../client/session.ts";
import type { DishReview, Review } from "../../shared/schemas/reviews.ts";
import { Avatar, ConfirmDelete, IncentivisedLabel, PostAge, PostText, RatingLine, ReportForm } from "../../client/post-card/post-pieces.tsx";
import { useFocusAfterRender } from "../../client/use-focus-after-render.ts";
import { ITEM_REVIEWS_MESSAGES, REPORT_REVIEW_TEXT } from "../../client/review-messages.ts";
import { EditReviewForm } from "./EditReviewForm.tsx";
import { OwnerReply } from "./OwnerReply.tsx";
import { PhotoList } from "./PhotoList.tsx";
import type { ItemKind, ReviewsApi } from "./reviews-api.ts";

export interface ReviewActions {
  session: Session | null;
  api: ReviewsApi;
  onEdited(id: number, change: (review: DishReview) => DishReview): void;
  onDeleted(id: number): void;
}

function Photos({ review }: { review: DishReview }) {
  const count = review.photos.length;
  return (
    <PhotoList
      photos={review.photos}
      label="Photos"
      alt={(i) => `Photo ${i + 1} of ${count} from ${review.author.username}'s review`}
    />
  );
}

const DELETE_TEXT = {
  question: ITEM_REVIEWS_MESSAGES.confirmDelete,
  failed: ITEM_REVIEWS_MESSAGES.deleteFailed,
  signedOut: ITEM_REVIEWS_MESSAGES.loginToEdit,
};

type Panel = "none" | "edit" | "confirm-delete" | "report" | "login" | "reported";

function Actions({ review, actions }: { review: DishReview; actions: ReviewActions }) {
  const [panel, setPanel] = useState<Panel>("none");
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const reportButton = useRef<HTMLButtonElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const own = actions.session !== null && actions.session.userId === review.author.id;
  const focusAfterRender = useFocusAfterRender();

  /** Closing a panel gives the focus back to the button that opened it. */
  function close(returnTo: RefObject<HTMLButtonElement | null>) {
    setPanel("none");
    focusAfterRender(returnTo);
  }

  if (own) {
    return (
      <div className="ir-actions">
        {panel === "none" && (
          <div className="ir-buttons">
            <button type="button" className="ir-link" ref={editButton} onClick={() => setPanel("edit")}>
              Edit<span className="visually-hidden"> your review</span>
            </button>
            <button
              type="button"
              className="ir-link"
              ref={deleteButton}
              onClick={() => {
                setPanel("confirm-delete");
                focusAfterRender(confirmButton);
              }}
            >
              Delete<span className="visually-hidden"> your review</span>
            </button>
          </div>
        )}
        {panel === "edit" && <EditReviewForm review={review} actions={actions} onDone={() => close(editButton)} />}
        {panel === "confirm-delete" && (
          <ConfirmDelete
            text={DELETE_TEXT}
            send={() => (actions.session ? actions.api.remove(actions.session.token, review.id) : null)}
            onDeleted={() => actions.onDeleted(review.id)}
            onCancel={() => close(deleteButton)}
            confirmRef={confirmButton}
          />
        )}
      </div>
    );
  }

  return (
    <div className="ir-actions">
      {(panel === "none" || panel === "login") && (
        <div className="ir-buttons">
          <button
            type="button"
            className="ir-link"
            ref={reportButton}
            aria-expanded={panel === "login" ? true : undefined}
            onClick={() => setPanel(actions.session ? "report" : "login")}
          >
            Report<span className="visually-hidden"> this review</span>
          </button>
        </div>
      )}
      {panel === "login" && (
        <p className="ir-notice" role="status">
          {ITEM_REVIEWS_MESSAGES.loginToReport} <a href={loginHref()}>Login</a>
        </p>
      )}
      {panel === "report" && (
        <ReportForm
          text={REPORT_REVIEW_TEXT}
          send={(reason) =>
            actions.session ? actions.api.report(actions.session.token, { postId: review.id, reason }) : null
          }
          onDone={(sent) => {
            if (!sent) return close(reportButton);
            setPanel("reported");
            focusAfterRender(status);
          }}
        />
      )}
      {panel === "reported" && (
        <p className="ir-notice ir-notice--done" role="status" tabIndex={-1} ref={status}>
          {ITEM_REVIEWS_MESSAGES.reported}
        </p>
      )}
    </div>
  );
}

/** The parts a restaurant review and each dish review posted with it share. */
function ReviewBody({ review, now, session }: { review: DishReview; now: number; session: Session | null }) {
  return (
    <>
      <RatingLine rating={review.rating} />
      {review.incentivised && <IncentivisedLabel />}
      <PostText text={review.content} />
      <Photos review={review} />
      <PostAge
        createdAt={review.createdAt}
        updatedAt={review.updatedAt}
        now={now}
        href={`/review/${review.id}`}
      />
      <OwnerReply reply={review.ownerReply} postId={review.id} session={session} />
    </>
  );
}

export function ReviewCard({
  review,
  pageKind,
  actions,
  now,
}: {
  review: Review;
  pageKind: ItemKind;
  actions: ReviewActions;
  now: number;
}) {
  const titleId = useId();
  const { author, subject } = review;
  return (
    <article className="ir-review" aria-labelledby={titleId} tabIndex={-1} data-review-focus>
      <header className="ir-author">
        <Avatar name={author.username} avatar={author.avatar} />
        <h3 id={titleId} className="ir-author__name">
          <a href={`/user/${author.id}`}>{author.username}</a>
        </h3>
      </header>
      {pageKind === "dish" && review.groupId !== null && (
        <p className="ir-context">
          Posted with a review of <a href={`/restaurant/${subject.restaurantId}`}>{subject.restaurantName}</a>
        </p>
      )}
      <ReviewBody review={review} now={now} session={actions.session} />
      <Actions review={review} actions={actions} />
      {review.dishReviews.length > 0 && (
        <section className="ir-dishes" aria-label={`Dishes ${author.username} reviewed with it`}>
          <ul>
            {review.dishReviews.map((dish) => (
              <li key={dish.id} className="ir-dish">
                <h4 className="ir-dish__name">
                  <a href={`/dish/${dish.subject.id}`}>{dish.subject.name}</a>
                </h4>
                <ReviewBody review={dish} now={now} session={actions.session} />
                <Actions review={dish} actions={actions} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
