// Comments and replies on a share of posts, likes on comments, and follows between users.
// One random stream in a fixed order (comments, replies, likes, follows) keeps it
// deterministic.
import { commentLikes, comments, follows } from "../../server/api/db/schema.ts";
import { COMMENTS, REPLIES } from "../people.ts";
import type { Random } from "../random.ts";
import { chunked, DAY, type SeedContext } from "./context.ts";
import type { SeededPosts } from "./reviews.ts";
import type { SeededUsers } from "./users.ts";
import { pickIndex } from "./weighted-pick.ts";

interface PlannedComment {
  postIndex: number;
  userIndex: number;
  content: string;
  createdAt: number;
}

export interface SocialCounts {
  comments: number;
  commentLikes: number;
  follows: number;
}

export async function fillSocial(
  ctx: SeedContext,
  posts: SeededPosts,
  users: SeededUsers,
  random: Random,
): Promise<SocialCounts> {
  const commentIds = await fillComments(ctx, posts, users, random);
  const likes = await fillCommentLikes(ctx, commentIds, users, random);
  const followCount = await fillFollows(ctx, users, random);
  ctx.log(`comments ${commentIds.length}, comment likes ${likes}, follows ${followCount}`);
  return { comments: commentIds.length, commentLikes: likes, follows: followCount };
}

/** Comments on about 7% of posts and replies to about a third of them; returns every id. */
async function fillComments(
  { db, now }: SeedContext,
  posts: SeededPosts,
  users: SeededUsers,
  random: Random,
): Promise<number[]> {
  const commentRows: PlannedComment[] = [];
  for (let p = 0; p < posts.ids.length; p++) {
    if (!random.chance(0.07)) continue;
    const n = random.int(1, 3);
    for (let k = 0; k < n; k++) {
      const createdAt = Math.min(now - 60_000, posts.times[p]! + random.int(5, 60 * 24 * 5) * 60_000);
      commentRows.push({
        postIndex: p,
        userIndex: pickIndex(users.activityCum, random),
        content: random.pick(COMMENTS),
        createdAt,
      });
    }
  }
  const commentIds: number[] = [];
  for (const part of chunked(commentRows, 400)) {
    const rows = await db
      .insert(comments)
      .values(
        part.map((c) => ({
          postId: posts.ids[c.postIndex]!,
          userId: users.ids[c.userIndex]!,
          content: c.content,
          createdAt: c.createdAt,
        })),
      )
      .returning({ id: comments.id });
    commentIds.push(...rows.map((r) => r.id));
  }
  const replyRows: (typeof comments.$inferInsert)[] = [];
  commentRows.forEach((c, i) => {
    if (!random.chance(0.35)) return;
    const postAuthor = posts.authors[c.postIndex]!;
    const commenter = users.ids[c.userIndex]!;
    // Replies mention the comment they answer; most often the post's author answers.
    const replier =
      postAuthor !== commenter && random.chance(0.7)
        ? postAuthor
        : users.ids[pickIndex(users.activityCum, random)]!;
    replyRows.push({
      postId: posts.ids[c.postIndex]!,
      userId: replier,
      parentId: commentIds[i]!,
      mentionedUserId: commenter,
      content: random.pick(REPLIES),
      createdAt: Math.min(now - 30_000, c.createdAt + random.int(2, 60 * 24) * 60_000),
    });
  });
  for (const part of chunked(replyRows, 400)) {
    const rows = await db.insert(comments).values(part).returning({ id: comments.id });
    commentIds.push(...rows.map((r) => r.id));
  }
  return commentIds;
}

async function fillCommentLikes(
  { db, now }: SeedContext,
  commentIds: number[],
  users: SeededUsers,
  random: Random,
): Promise<number> {
  const likeRows: (typeof commentLikes.$inferInsert)[] = [];
  for (const commentId of commentIds) {
    const likers = new Set<number>();
    const n = random.weighted(
      [0, 1, 2, 3, 5, 8],
      (k) => [35, 25, 15, 12, 8, 5][[0, 1, 2, 3, 5, 8].indexOf(k)]!,
    );
    for (let k = 0; k < n; k++) likers.add(users.ids[pickIndex(users.activityCum, random)]!);
    for (const userId of likers)
      likeRows.push({ commentId, userId, createdAt: now - random.int(1, 600) * 60_000 });
  }
  for (const part of chunked(likeRows, 400)) await db.insert(commentLikes).values(part);
  return likeRows.length;
}

/** Everyone follows 3 to 15 people, the most active a few dozen more; active users gain most. */
async function fillFollows({ db, now }: SeedContext, users: SeededUsers, random: Random): Promise<number> {
  const followRows: (typeof follows.$inferInsert)[] = [];
  for (let u = 0; u < users.ids.length; u++) {
    const targets = new Set<number>();
    const n = Math.min(users.ids.length - 1, Math.round(3 + random.next() * 12 + users.activity[u]! * 40));
    for (let k = 0; k < n * 3 && targets.size < n; k++) {
      const t = pickIndex(users.activityCum, random);
      if (t !== u) targets.add(t);
    }
    for (const t of targets) {
      followRows.push({
        followerId: users.ids[u]!,
        followingId: users.ids[t]!,
        createdAt: now - random.int(1, 700) * DAY,
      });
    }
  }
  for (const part of chunked(followRows, 400)) await db.insert(follows).values(part);
  return followRows.length;
}
