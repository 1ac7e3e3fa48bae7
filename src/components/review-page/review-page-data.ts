// What a review's page shows (issue 24): the review as its post card and its first comments,
// read through the typed client. The host reads it as a visitor (the page is the same for
// everyone); the page's island reads it again with the reader's token
// (src/islands/review-page/). Meta and JSON-LD come from the review itself.
import { MAX_COMMENTS_PAGE_SIZE } from "../../domain/social-rules.ts";
import { callOptions, itemOf, type ApiClient } from "../../shared/api-client.ts";
import type { Removal } from "../../shared/schemas/removed-review.ts";
import type { Comment, PostCard } from "../../shared/schemas/social-posts.ts";
import { clip } from "../catalogue/page-meta.ts";

export interface ReviewPageData {
  /** `removal` only in its author's read of a review a moderator removed (issue 30). */
  post: PostCard & { removal?: Removal | null };
  /** The first page of comments (oldest first), each with its replies. */
  comments: Comment[];
  /** More comments follow those shown. */
  more: boolean;
}

/**
 * The comment ids a page shows that this reader may not see: the host renders the visitor's
 * view, so a signed-in reader's page drops the comments across a block (either way), which
 * their own read of the thread leaves out.
 */
export function commentsHiddenFrom(shown: number[], readersThread: Comment[]): number[] {
  const visible = new Set(
    readersThread.flatMap((comment) => [comment.id, ...comment.replies.map((reply) => reply.id)]),
  );
  return shown.filter((id) => !visible.has(id));
}

/** The page's data, or null when the reader may not see the review (or it does not exist). */
export async function loadReviewPage(
  api: ApiClient,
  id: number,
  token?: string,
): Promise<ReviewPageData | null> {
  const param = { id: String(id) };
  const options = callOptions({ token });
  const post = await itemOf(api.posts[":id"].$get({ param }, options));
  if (!post) return null;
  // A removed review's thread is closed: its author reads why it was removed instead.
  if (post.removal) return { post, comments: [], more: false };
  const page = await itemOf(
    api.comments.getAllPostsComments[":postId"].$get(
      { param: { postId: param.id }, query: { pageSize: String(MAX_COMMENTS_PAGE_SIZE) } },
      options,
    ),
  );
  // Hidden between the two reads (removed, gone private): answered as hidden.
  if (!page) return null;
  return { post, comments: page.comments, more: page.nextCursor !== null };
}

/** The review's title as its h1 and the page title say it. */
export function reviewTitle(post: Pick<PostCard, "author" | "subject">): string {
  return `${post.author.username}'s review of ${post.subject.name}`;
}

export interface ReviewPageMeta {
  title: string;
  description: string;
  canonicalPath: string;
  /** The first photo of the review or its dish reviews; undefined: the site's default card. */
  ogImage: string | undefined;
  jsonLd: object;
}

export function reviewPageMeta(
  id: number,
  { post }: Pick<ReviewPageData, "post">,
  origin: URL,
): ReviewPageMeta {
  const rated = post.rating === null ? "" : `Rated ${post.rating.toFixed(1)} (${post.ratingLabel ?? ""}). `;
  const photo = [post, ...post.dishReviews].flatMap((r) => r.photos)[0];
  const largest = photo?.srcset.at(-1)?.name ?? photo?.name;
  const subjectUrl = new URL(`/${post.subject.kind}/${post.subject.id}`, origin).href;
  return {
    title: `${reviewTitle(post)} | Dishcovery`,
    description: clip(
      `${rated}${post.content || `${post.author.username} reviewed ${post.subject.name} on Dishcovery.`}`,
    ),
    canonicalPath: `/review/${id}`,
    ogImage: largest ? `/api/files/${encodeURIComponent(largest)}` : undefined,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Review",
      url: new URL(`/review/${id}`, origin).href,
      author: { "@type": "Person", name: post.author.username },
      datePublished: post.createdAt,
      ...(post.content ? { reviewBody: post.content } : {}),
      itemReviewed:
        post.subject.kind === "restaurant"
          ? { "@type": "Restaurant", name: post.subject.name, url: subjectUrl }
          : { "@type": "MenuItem", name: post.subject.name, url: subjectUrl },
      ...(post.rating === null
        ? {}
        : { reviewRating: { "@type": "Rating", ratingValue: post.rating, bestRating: 5, worstRating: 0 } }),
    },
  };
}
