// What the feed says. The contract's sentences (SOCIAL_POST_MESSAGES, spec points 5 and 8)
// come from src/domain (no zod in the feed's JavaScript); the rest are the feed's own.
import { SOCIAL_POST_MESSAGES, SUGGESTED_POST_LABEL } from "../domain/social-rules.ts";

export const FEED_MESSAGES = {
  feedFailed: SOCIAL_POST_MESSAGES.feedFailed,
  noPosts: SOCIAL_POST_MESSAGES.noPosts,
  noMorePosts: SOCIAL_POST_MESSAGES.noMorePosts,
  loginToComment: SOCIAL_POST_MESSAGES.loginToComment,
  loginToReply: SOCIAL_POST_MESSAGES.loginToReply,
  loginToLike: SOCIAL_POST_MESSAGES.loginToLike,
  commentEmpty: SOCIAL_POST_MESSAGES.commentEmpty,
  commentUpdateFailed: SOCIAL_POST_MESSAGES.commentUpdateFailed,
  suggestedLabel: SUGGESTED_POST_LABEL,
  loading: "Loading posts…",
  loadingComments: "Loading comments…",
  commentsFailed: "Failed to fetch comments.",
  noComments: "No comments yet. Start the conversation.",
  commentFailed: "Failed to post comment. Please try again.",
  deleteFailed: "Failed to delete comment. Please try again.",
  confirmDelete: "Delete this comment? This cannot be undone.",
  commentDeleted: SOCIAL_POST_MESSAGES.commentDeleted,
  reportFailed: "Failed to send report. Please try again.",
  reportReason: SOCIAL_POST_MESSAGES.reportReason,
  loginToReport: "You must be logged in to report.",
  loginToAct: "You must be logged in to do that.",
  actionFailed: "That didn't work. Please try again.",
  followFailed: "Failed to follow. Please try again.",
} as const;
