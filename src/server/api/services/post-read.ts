// One review by id, for its own page (/review/{id}, issue 24) and the screens that link to it.
// The post card the feed shows, under the feed's privacy rule: a post the caller cannot see
// (removed by a moderator, a private account's they do not follow, one across a block)
// answers the same 404 as a post that does not exist, so the page cannot tell them apart. Its
// author still reads their removed review, with why it was removed (issue 30, `removal`).
import { SOCIAL_POST_MESSAGES } from "../../../domain/social-rules.ts";
import type { PostRead } from "../../../shared/schemas/removed-review.ts";
import { postById } from "../db/queries/reviews-reads.ts";
import { followedAuthorIds, visiblePost } from "../db/queries/social-posts.ts";
import type { ViewerId } from "../db/queries/social-graph.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../http/envelope.ts";
import { VISITOR } from "./follows.ts";
import { postCards, sourceFor } from "./feed.ts";
import { removalForAuthor } from "./removed-review.ts";

export async function readPost(
  deps: Pick<AppDeps, "db" | "now">,
  viewer: ViewerId,
  postId: number,
): Promise<PostRead> {
  const notFound = () => new ApiError(404, SOCIAL_POST_MESSAGES.postNotFound);
  if (!(await visiblePost(deps.db, viewer, postId))) throw notFound();
  const row = await postById(deps.db, postId);
  if (!row) throw notFound();
  const following = new Set(viewer === VISITOR ? [] : await followedAuthorIds(deps.db, viewer));
  const [[card], removal] = await Promise.all([
    postCards(deps, viewer, [row], (r) => sourceFor(viewer, following, r)),
    // Only the author gets here with a removed review (visiblePost hides it from everyone else).
    row.authorId === viewer ? removalForAuthor(deps, viewer, postId) : null,
  ]);
  return { ...card!, removal };
}
