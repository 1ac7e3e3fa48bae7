// What the author of a removed review is told (issue 30, docs/moderation.md): whether the post
// is removed now, and what it belongs to (a dish review goes with its restaurant review's
// removal). The decisions themselves are read by `decisionsOfTarget`.
import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../client.ts";
import { posts } from "../schema.ts";

/** The post when a moderator removed it (a primary-key seek); undefined otherwise. */
export async function removedPost(db: Database, postId: number) {
  const [row] = await db
    .select({ id: posts.id, authorId: posts.authorId, reviewGroupId: posts.reviewGroupId })
    .from(posts)
    .where(and(eq(posts.id, postId), isNotNull(posts.removedAt)));
  return row;
}
