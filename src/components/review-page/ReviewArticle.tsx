// A review's own page (/review/{id}, issue 24): the restaurant review with its dish reviews,
// photos and the owner's reply, then its comments, as static markup. The host renders it on
// demand into the built template (src/server/pages/review-page-render.ts); the page's island
// renders the same components when a signed-in reader may see a review a visitor may not
// (src/islands/review-page/). Dates are days, not "3h": the page is the same for every reader.
import { fileUrl } from "../../domain/file-url.ts";
import { ratingLabelForMean } from "../../domain/rating-label.ts";
import type { DishReview, Photo } from "../../shared/schemas/reviews.ts";
import type { Comment, PostCard, Reply } from "../../shared/schemas/social-posts.ts";
import { ownerDay } from "../catalogue/owner-day.ts";

export const OWNER_REPLY_LABEL = "Reply from the owner";

const subjectHref = (s: DishReview["subject"]) => `/${s.kind}/${s.id}`;

function Avatar({ name, avatar }: { name: string; avatar: string | null }) {
  const src = fileUrl(avatar);
  return src ? (
    <img className="rp-avatar" src={src} alt="" width={40} height={40} decoding="async" />
  ) : (
    <span className="rp-avatar rp-avatar--empty" aria-hidden="true">
      {Array.from(name)[0]?.toUpperCase() ?? "?"}
    </span>
  );
}

function Day({
  createdAt,
  updatedAt,
  verb = "Posted",
}: {
  createdAt: string;
  updatedAt: string | null;
  verb?: string;
}) {
  return (
    <span className="rp-day">
      {verb} <time dateTime={createdAt}>{ownerDay(createdAt)}</time>
      {updatedAt && " · edited"}
    </span>
  );
}

function Rating({ rating }: { rating: number | null }) {
  if (rating === null) return <p className="rp-rating rp-rating--none">Not rated</p>;
  return (
    <p className="rp-rating">
      <span className="rp-rating__value">
        <span className="visually-hidden">Rated </span>
        {rating.toFixed(1)}
        <span className="visually-hidden"> out of 5</span>
      </span>{" "}
      <span className="rp-rating__label">{ratingLabelForMean(rating)}</span>
    </p>
  );
}

function Photos({ photos, subject, author }: { photos: Photo[]; subject: string; author: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="rp-photos">
      {photos.map((photo, i) => (
        <li key={photo.name}>
          <img
            src={fileUrl(photo.srcset.find((s) => s.width >= 800)?.name ?? photo.name) ?? ""}
            srcSet={photo.srcset.map((s) => `${fileUrl(s.name)} ${s.width}w`).join(", ")}
            sizes="(min-width: 768px) 340px, 90vw"
            width={photo.width || undefined}
            height={photo.height || undefined}
            alt={`Photo ${i + 1} of ${photos.length}: ${subject}, from ${author}'s review`}
            decoding="async"
            loading={i === 0 ? undefined : "lazy"}
          />
        </li>
      ))}
    </ul>
  );
}

function ReviewParts({ review }: { review: DishReview }) {
  return (
    <>
      <Rating rating={review.rating} />
      {review.incentivised && (
        <p className="rp-badge">
          Incentivised<span className="visually-hidden">: the author received something for this review</span>
        </p>
      )}
      {review.content && <p className="rp-text">{review.content}</p>}
      <Photos photos={review.photos} subject={review.subject.name} author={review.author.username} />
      {review.ownerReply && (
        <div className="rp-owner-reply">
          <p className="rp-owner-reply__head">
            <strong>{OWNER_REPLY_LABEL}</strong>{" "}
            <Day createdAt={review.ownerReply.createdAt} updatedAt={review.ownerReply.updatedAt} verb="on" />
          </p>
          <p className="rp-text">{review.ownerReply.content}</p>
        </div>
      )}
    </>
  );
}

export function ReviewArticle({ post }: { post: PostCard }) {
  const partOf = post.groupId !== null && post.groupId !== post.id ? post.groupId : null;
  return (
    <article className="rp-review" aria-labelledby="rp-title">
      <header className="rp-head">
        <a className="rp-author" href={`/user/${post.author.id}`}>
          <Avatar name={post.author.username} avatar={post.author.avatar} />
          <span>{post.author.username}</span>
        </a>
        <h1 id="rp-title" className="rp-title">
          {post.author.username}&apos;s review of <a href={subjectHref(post.subject)}>{post.subject.name}</a>
        </h1>
        <p className="rp-meta">
          {post.subject.kind === "dish" && <span>At {post.subject.restaurantName} · </span>}
          <Day createdAt={post.createdAt} updatedAt={post.updatedAt} />
        </p>
      </header>
      <ReviewParts review={post} />
      {partOf !== null && (
        <p className="rp-part-of">
          Part of <a href={`/review/${partOf}`}>a review of {post.subject.restaurantName}</a>
        </p>
      )}
      {post.dishReviews.length > 0 && (
        <section className="rp-dishes" aria-labelledby="rp-dishes-title">
          <h2 id="rp-dishes-title">Dishes</h2>
          <ul>
            {post.dishReviews.map((dish) => (
              <li key={dish.id} id={`dish-review-${dish.id}`}>
                <h3>
                  <a href={subjectHref(dish.subject)}>{dish.subject.name}</a>
                </h3>
                <ReviewParts review={dish} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="rp-counts">
        {post.likes} {post.likes === 1 ? "like" : "likes"} · {post.commentCount}{" "}
        {post.commentCount === 1 ? "comment" : "comments"}
      </p>
    </article>
  );
}

function CommentItem({ comment }: { comment: Comment | Reply }) {
  return (
    <li id={`comment-${comment.id}`} className="rp-comment" tabIndex={-1}>
      <p className="rp-comment__head">
        <a href={`/user/${comment.userId}`}>{comment.username}</a>{" "}
        <Day createdAt={comment.createdAt} updatedAt={comment.updatedAt} verb="·" />
      </p>
      <p className="rp-text">{comment.content}</p>
      {"replies" in comment && comment.replies.length > 0 && (
        <ol className="rp-replies" aria-label={`Replies to ${comment.username}`}>
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} />
          ))}
        </ol>
      )}
    </li>
  );
}

export function ReviewComments({ comments, more }: { comments: Comment[]; more: boolean }) {
  return (
    <section className="rp-comments" aria-labelledby="rp-comments-title">
      <h2 id="rp-comments-title">Comments</h2>
      {comments.length === 0 ? (
        <p className="rp-empty">No comments yet.</p>
      ) : (
        <ol className="rp-comment-list">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ol>
      )}
      {more && <p className="rp-empty">Only the first {comments.length} comments are shown here.</p>}
    </section>
  );
}

/** The whole body of a review's page. */
export function ReviewPageBody({
  post,
  comments,
  more,
}: {
  post: PostCard;
  comments: Comment[];
  more: boolean;
}) {
  return (
    <>
      <ReviewArticle post={post} />
      <ReviewComments comments={comments} more={more} />
    </>
  );
}
