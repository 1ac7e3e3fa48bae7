// The posts of a profile's tabs (Posts, Liked, Saved): each review as a compact card built
// from the shared post-card pieces (src/islands/post-card), linking to what it reviews.
import { formatCount } from "../../domain/format-count.ts";
import { Avatar, IncentivisedLabel, PostAge, PostText, RatingLine } from "../../client/post-card/post-pieces.tsx";
import { photoClass, photoSrc, photoSrcset } from "../../client/post-card/post-media.ts";
import type { Review } from "../../shared/schemas/reviews.ts";

export type ProfilePostCard = Review & { likes?: number; commentCount?: number };

function subjectHref(post: Review): string {
  return post.subject.kind === "dish" ? `/dish/${post.subject.id}` : `/restaurant/${post.subject.id}`;
}

export function ProfileCard({ post, showAuthor, now }: { post: ProfilePostCard; showAuthor: boolean; now: number }) {
  const photo = post.photos[0];
  return (
    <article className="sp-card" aria-labelledby={`sp-card-${post.id}`}>
      {photo && (
        <img
          className={photoClass(photo, "sp-card__photo")}
          src={photoSrc(photo)}
          srcSet={photoSrcset(photo) || undefined}
          sizes="(min-width: 900px) 300px, 90vw"
          width={photo.width}
          height={photo.height}
          alt=""
          loading="lazy"
          decoding="async"
        />
      )}
      <div className="sp-card__body">
        <h3 id={`sp-card-${post.id}`} className="sp-card__title">
          <a href={subjectHref(post)}>{post.subject.name}</a>
          {post.subject.kind === "dish" && <span className="sp-card__at"> at {post.subject.restaurantName}</span>}
        </h3>
        {showAuthor && (
          <p className="ir-author">
            <Avatar name={post.author.username} avatar={post.author.avatar} size={32} />
            <a href={`/user/${post.author.id}`}>@{post.author.username}</a>
          </p>
        )}
        <RatingLine rating={post.rating} />
        {post.incentivised && <IncentivisedLabel />}
        <PostText text={post.content} />
        {post.likes !== undefined && (
          // The Posts tab's Default order is by likes: the count shows why a card stands where it does.
          <p className="sp-card__likes">
            {formatCount(post.likes)} {post.likes === 1 ? "like" : "likes"}
          </p>
        )}
        {post.dishReviews.length > 0 && (
          <p className="sp-card__dishes">
            With {post.dishReviews.length === 1 ? "a dish review" : `${post.dishReviews.length} dish reviews`}:{" "}
            {post.dishReviews.map((dish) => dish.subject.name).join(", ")}
          </p>
        )}
        <PostAge createdAt={post.createdAt} updatedAt={post.updatedAt} now={now} href={`/review/${post.id}`} />
      </div>
    </article>
  );
}
