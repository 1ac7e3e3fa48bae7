// A feed post's head (who reviewed what, and when) and its list of dish reviews (issue 12;
// spec point 4).
import type { PostCard as Post } from "../../shared/schemas/social-posts.ts";
import { Avatar, PostAge } from "./post-pieces.tsx";

export function PostHeader({
  post,
  titleId,
  Title,
  now,
}: {
  post: Post;
  titleId: string;
  Title: "h2" | "h3";
  now: number;
}) {
  const { author, subject } = post;
  const subjectHref = subject.kind === "dish" ? `/dish/${subject.id}` : `/restaurant/${subject.id}`;
  return (
    <header className="ir-author">
      <Avatar name={author.username} avatar={author.avatar} />
      <div className="sf-post__who">
        <Title id={titleId} className="ir-author__name">
          <a href={`/user/${author.id}`}>{author.username}</a>
          <span className="visually-hidden"> reviewed {subject.name}</span>
        </Title>
        <p className="sf-post__subject">
          <span aria-hidden="true">reviewed </span>
          <a href={subjectHref}>{subject.name}</a>
          {subject.kind === "dish" && (
            <>
              {" "}
              at <a href={`/restaurant/${subject.restaurantId}`}>{subject.restaurantName}</a>
            </>
          )}
        </p>
      </div>
      <PostAge createdAt={post.createdAt} updatedAt={post.updatedAt} now={now} href={`/review/${post.id}`} />
    </header>
  );
}

export function DishReviewList({ post }: { post: Post }) {
  if (post.dishReviews.length === 0) return null;
  return (
    <ul className="sf-dishes">
      {post.dishReviews.map((dish) => (
        <li key={dish.id}>
          <a href={`/dish/${dish.subject.id}`}>{dish.subject.name}</a>
          {dish.rating !== null && (
            <span>
              {" "}
              {dish.rating.toFixed(1)}
              <span className="visually-hidden"> out of 5</span>
            </span>
          )}
          {dish.incentivised && <span className="ir-badge">Incentivised</span>}
        </li>
      ))}
    </ul>
  );
}
