// One post in the feed (issue 12; spec points 4 and 9): author, what it reviews, rating and
// label, the Incentivised label, photos in a carousel, text cut at 100 characters, age as
// s/m/h/d, like and save the post, counts as 1.2k, its comments, and Report on other people's
// posts (the review card's report form). A suggestion from outside the people one follows
// says so ("Popular in London").
import { useId, useRef, useState } from "react";
import { formatCount } from "../../domain/format-count.ts";
import { loginHref } from "../login-return.ts";
import type { Session } from "../session.ts";
import type { PostCard as Post } from "../../shared/schemas/social-posts.ts";
import { ITEM_REVIEWS_MESSAGES, REPORT_REVIEW_TEXT } from "../review-messages.ts";
import { IncentivisedLabel, PostText, RatingLine, ReportForm } from "./post-pieces.tsx";
import { useFocusAfterRender } from "../use-focus-after-render.ts";
import { Carousel, type CarouselPhoto } from "./carousel.tsx";
import { Comments } from "./comments.tsx";
import type { FeedApi } from "../feed-api.ts";
import { FEED_MESSAGES } from "../feed-messages.ts";
import { DishReviewList, PostHeader } from "./post-header.tsx";
import { usePostActions } from "./use-post-actions.ts";

function photosOf(post: Post): CarouselPhoto[] {
  const all = [post, ...post.dishReviews].flatMap((review) =>
    review.photos.map((photo) => ({ photo, subject: review.subject.name })),
  );
  return all.map(({ photo, subject }, i) => ({
    photo,
    alt: `Photo ${i + 1} of ${all.length}: ${subject}, from ${post.author.username}'s review`,
  }));
}

export function PostCard({
  post,
  session,
  api,
  now,
  onChange,
  headingLevel = 3,
  priority = false,
}: {
  post: Post;
  session: Session | null;
  api: FeedApi;
  now: number;
  onChange(change: (post: Post) => Post): void;
  /** The card's heading: 2 where the cards sit right under the page's h1 (the feed), else 3. */
  headingLevel?: 2 | 3;
  /** The first card on the page: its photo is fetched at once (Lighthouse's LCP element). */
  priority?: boolean;
}) {
  const Title = headingLevel === 2 ? "h2" : "h3";
  const titleId = useId();
  const commentsId = useId();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [report, setReport] = useState<"closed" | "open" | "sent">("closed");
  const reportButton = useRef<HTMLButtonElement>(null);
  const reportSent = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const { author, subject } = post;

  const { notice, busy, toggleLike, toggleSave } = usePostActions(post, session, api, onChange);

  return (
    <article className="sf-post ir-review" aria-labelledby={titleId}>
      {post.source === "suggested" && <p className="sf-suggested">{FEED_MESSAGES.suggestedLabel}</p>}
      <PostHeader post={post} titleId={titleId} Title={Title} now={now} />
      <Carousel
        photos={photosOf(post)}
        label={`Photos from ${author.username}'s review of ${subject.name}`}
        priority={priority}
      />
      <RatingLine rating={post.rating} />
      {post.incentivised && <IncentivisedLabel />}
      <PostText text={post.content} />
      <DishReviewList post={post} />
      <div className="ir-buttons sf-post__actions">
        <button
          type="button"
          className="sf-action"
          aria-pressed={post.likedByUser}
          aria-disabled={busy === "like" || undefined}
          onClick={() => void toggleLike()}
        >
          <span aria-hidden="true">{post.likedByUser ? "♥" : "♡"}</span> Like
          <span className="sf-count">{formatCount(post.likes)}</span>
          <span className="visually-hidden"> {post.likes === 1 ? "like" : "likes"}</span>
        </button>
        <button
          type="button"
          className="sf-action"
          aria-expanded={commentsOpen}
          aria-controls={commentsId}
          onClick={() => setCommentsOpen(!commentsOpen)}
        >
          Comments <span className="sf-count">{formatCount(post.commentCount)}</span>
        </button>
        <button
          type="button"
          className="sf-action"
          aria-pressed={post.savedByUser}
          aria-disabled={busy === "save" || undefined}
          onClick={() => void toggleSave()}
        >
          {post.savedByUser ? "Saved" : "Save"}
        </button>
        {session && session.userId !== author.id && report === "closed" && (
          <button type="button" className="sf-action" ref={reportButton} onClick={() => setReport("open")}>
            Report<span className="visually-hidden"> this review</span>
          </button>
        )}
      </div>
      {session && report === "open" && (
        <ReportForm
          text={REPORT_REVIEW_TEXT}
          send={(reason) => api.reportPost(session.token, post.id, reason)}
          onDone={(sent) => {
            setReport(sent ? "sent" : "closed");
            focusAfterRender(sent ? reportSent : reportButton);
          }}
        />
      )}
      {report === "sent" && (
        <p className="ir-notice ir-notice--done" role="status" tabIndex={-1} ref={reportSent}>
          {ITEM_REVIEWS_MESSAGES.reported}
        </p>
      )}
      {notice && (
        <p className="ir-notice" role="alert">
          {notice} {!session && <a href={loginHref()}>Login</a>}
        </p>
      )}
      <div id={commentsId} hidden={!commentsOpen}>
        {commentsOpen && (
          <Comments
            postId={post.id}
            postAuthorId={author.id}
            session={session}
            api={api}
            now={now}
            headingLevel={headingLevel === 2 ? 3 : 4}
            onCount={(commentCount) => onChange((p) => ({ ...p, commentCount }))}
          />
        )}
      </div>
    </article>
  );
}
