// The social posts contract (issue 12; spec points 3 "Post" and "Comment", 4, 5, 7 "Feed,
// files and comments" and GET /posts/search/{page}, 8, 9): the feed, post search, comments
// with their likes and reports, and post likes and saves. Posts are reviews: a post card is
// the reviews contract's review (reviewSchema) with the social fields beside it.
import { REPORT_REASON_IDS } from "../../domain/report-reasons.ts";
import {
  COMMENTS_PAGE_SIZE,
  COMMENT_REPORT_NOTE_MAX_LENGTH,
  FEED_PAGE_SIZE,
  MAX_COMMENTS_PAGE_SIZE,
  MAX_COMMENT_LENGTH,
  MAX_FEED_PAGE_SIZE,
  MIN_SEARCH_KEYWORD_LENGTH,
  POST_KEYWORD_MAX_LENGTH,
  SAVED_PAGE_SIZE,
  SOCIAL_POST_MESSAGES,
  SUGGESTED_POST_LABEL,
} from "../../domain/social-rules.ts";
import { reviewSchema } from "./reviews.ts";
import { safeText } from "./text.ts";
import * as z from "./zod.ts";

// ---------------------------------------------------------------------------------------------
// Shared pieces

const idText = /^[1-9][0-9]{0,14}$/;

/** A positive id as JSON (number) or a query string (digits) sends it. */
const positiveId = z
  .union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(idText)], {
    error: (issue) =>
      issue.input === undefined || issue.input === "" ? "is required" : "must be a positive integer",
  })
  .transform(Number);

const pathId = z.string().regex(idText, { error: "must be a positive integer" }).transform(Number);

const actingUser = positiveId
  .optional()
  .describe("The caller (the token's user); another user's id answers 403");

const cursorField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: "must be a cursor from a previous page" })
  .optional()
  .describe("nextCursor of the previous page; when given, it decides where the page starts");

const pageSizeOf = (fallback: number, max: number) =>
  z.coerce
    .number({ error: `must be an integer from 1 to ${max}` })
    .int({ error: `must be an integer from 1 to ${max}` })
    .min(1, { error: `must be an integer from 1 to ${max}` })
    .max(max, { error: `must be an integer from 1 to ${max}` })
    .default(fallback);

export const pageParam = z.object({
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,6}$/, { error: "must be a page number from 1" })
    .transform(Number)
    .describe("1-based, as the spec sends it; ignored when cursor is given"),
});

// ---------------------------------------------------------------------------------------------
// Post cards (feed, search, liked and saved lists)

export const POST_SOURCES = ["own", "following", "suggested", "other"] as const;

export const postCardSchema = reviewSchema.extend({
  likes: z.number().int().describe("How many people like the post"),
  likedByUser: z.boolean(),
  savedByUser: z.boolean(),
  commentCount: z.number().int().describe("Comments and replies the caller can see"),
  source: z
    .enum(POST_SOURCES)
    .describe(
      `own, by someone the caller follows, a feed suggestion ("${SUGGESTED_POST_LABEL}") when they follow few people, or other (search, liked and saved lists)`,
    ),
});

export const postCardPageSchema = z.object({
  data: z.array(postCardSchema).describe("The page's posts, newest first"),
  page: z.number().int(),
  pageSize: z.number().int(),
  nextCursor: z.string().nullable().describe("Pass as cursor for the next page; null on the last"),
});

// ---------------------------------------------------------------------------------------------
// GET /posts/feed/{page}

export const feedQuery = z.object({
  pageSize: pageSizeOf(FEED_PAGE_SIZE, MAX_FEED_PAGE_SIZE),
  cursor: cursorField,
});

// ---------------------------------------------------------------------------------------------
// GET /posts/search/{page}

const ratingBound = z.coerce
  .number({ error: "must be a number from 0 to 5" })
  .min(0, { error: "must be a number from 0 to 5" })
  .max(5, { error: "must be a number from 0 to 5" });

/** Spec points 5 and 7: keyword and point 5's rating filter as min and max; the list sits in data.data. */
export const postSearchQuery = z
  .object({
    keyword: safeText("Keyword")
      .max(POST_KEYWORD_MAX_LENGTH, { error: SOCIAL_POST_MESSAGES.keywordTooLong })
      .optional(),
    minRating: ratingBound.optional().describe("0 to 5; point 5's bands (Must Try 4.8 to 5, ...)"),
    maxRating: ratingBound.optional(),
    pageSize: pageSizeOf(FEED_PAGE_SIZE, MAX_FEED_PAGE_SIZE),
    cursor: cursorField,
  })
  .refine((q) => q.minRating === undefined || q.maxRating === undefined || q.minRating <= q.maxRating, {
    path: ["minRating"],
    message: SOCIAL_POST_MESSAGES.ratingOrder,
  })
  // A one-letter keyword reads most of the index; a rating band of 0 to 5 narrows nothing.
  .refine(
    (q) =>
      !q.keyword ||
      [...q.keyword].length >= MIN_SEARCH_KEYWORD_LENGTH ||
      (q.minRating ?? 0) > 0 ||
      (q.maxRating ?? 5) < 5,
    { path: ["keyword"], message: SOCIAL_POST_MESSAGES.keywordTooShort },
  );

// ---------------------------------------------------------------------------------------------
// Comments

const commentText = safeText("Comment", {
  multiline: true,
  emoji: true,
  typeMessage: SOCIAL_POST_MESSAGES.commentEmpty,
})
  .min(1, SOCIAL_POST_MESSAGES.commentEmpty)
  .max(MAX_COMMENT_LENGTH, SOCIAL_POST_MESSAGES.commentTooLong);

const commentFields = {
  id: z.number().int(),
  postId: z.number().int(),
  userId: z.number().int(),
  parentId: z.number().int().nullable().describe("The top-level comment a reply belongs to"),
  mentionedUserId: z.number().int().nullable().describe("Whom a reply answers"),
  mentionedUsername: z.string().nullable(),
  content: z.string(),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().nullable(),
  beLikedBy: z.array(z.number().int()).describe("Ids of the people who like it; likes is its length"),
  likes: z.number().int(),
  likedByUser: z.boolean(),
  username: z.string(),
  avatar: z.string().nullable(),
};

export const replySchema = z.object(commentFields);
export const commentSchema = z.object({
  ...commentFields,
  replies: z
    .array(replySchema)
    .describe("Replies, oldest first; a reply to a reply is listed here with its mention"),
});

export const commentPageSchema = z.object({
  comments: z.array(commentSchema).describe("Top-level comments, oldest first"),
  nextCursor: z.string().nullable(),
});

export const postIdPathParam = z.object({ postId: pathId });
export const commentIdPathParam = z.object({ id: pathId });

export const commentsQuery = z.object({
  pageSize: pageSizeOf(COMMENTS_PAGE_SIZE, MAX_COMMENTS_PAGE_SIZE),
  cursor: cursorField,
});

/** POST /comments/save; a reply names the comment it answers in parentId. */
export const saveCommentSchema = z.object({
  postId: positiveId,
  content: commentText,
  userId: actingUser,
  parentId: positiveId.optional().describe("The comment this replies to"),
});

/** POST /comments/update; createdAt and updatedAt from the client are ignored. */
export const updateCommentSchema = z.object({
  id: positiveId,
  postId: positiveId.optional().describe("Must be the comment's post when given"),
  content: commentText,
  userId: actingUser,
  createdAt: z.unknown().optional().describe("Ignored: the server keeps its own times"),
  updatedAt: z.unknown().optional().describe("Ignored"),
});

export const commentLikeSchema = z.object({ commentId: positiveId, userId: actingUser });
export const commentLikeQuery = commentLikeSchema;

export const commentLikeStateSchema = z.object({
  commentId: z.number().int(),
  likes: z.number().int(),
  likedByUser: z.boolean(),
});

export const reportCommentSchema = z.object({
  commentId: positiveId,
  reason: z.enum(REPORT_REASON_IDS, { error: SOCIAL_POST_MESSAGES.reportReason }),
  note: safeText("Note", { multiline: true }).max(COMMENT_REPORT_NOTE_MAX_LENGTH).optional(),
  userId: actingUser,
});

// ---------------------------------------------------------------------------------------------
// Post likes and saves

export const postActionSchema = z.object({ postId: positiveId, userId: actingUser });
export const postActionQuery = postActionSchema;

export const postLikeStateSchema = z.object({
  postId: z.number().int(),
  likes: z.number().int(),
  likedByUser: z.boolean(),
});
export const postSaveStateSchema = z.object({ postId: z.number().int(), savedByUser: z.boolean() });

export const userIdParam = z.object({ userId: pathId });
export const savedListQuery = z.object({
  pageSize: pageSizeOf(SAVED_PAGE_SIZE, MAX_FEED_PAGE_SIZE),
  cursor: cursorField,
});
export const postCardListSchema = z.object({
  data: z.array(postCardSchema).describe("Most recently liked or saved first"),
  nextCursor: z.string().nullable(),
});

export type PostCard = z.infer<typeof postCardSchema>;
export type PostCardPage = z.infer<typeof postCardPageSchema>;
export type PostCardList = z.infer<typeof postCardListSchema>;
export type PostSource = (typeof POST_SOURCES)[number];
export type FeedQuery = z.input<typeof feedQuery>;
export type PostSearchQuery = z.input<typeof postSearchQuery>;
export type Comment = z.infer<typeof commentSchema>;
export type Reply = z.infer<typeof replySchema>;
export type CommentPage = z.infer<typeof commentPageSchema>;
export type SaveCommentInput = z.input<typeof saveCommentSchema>;
export type UpdateCommentInput = z.input<typeof updateCommentSchema>;
export type ReportCommentInput = z.input<typeof reportCommentSchema>;
export type CommentLikeState = z.infer<typeof commentLikeStateSchema>;
export type PostLikeState = z.infer<typeof postLikeStateSchema>;
export type PostSaveState = z.infer<typeof postSaveStateSchema>;
