// What the feed says. The contract's sentences (SOCIAL_POST_MESSAGES, spec points 5 and 8)
// are repeated here, held equal by messages.test.ts: importing the contract would bring zod
// into the feed's JavaScript for a few sentences.
export const FEED_MESSAGES = {
  feedFailed: "Failed to fetch posts.",
  noPosts: "No posts available.",
  noMorePosts: "No more posts to load.",
  loginToComment: "You must be logged in to post a comment.",
  loginToReply: "You must be logged in to reply.",
  loginToLike: "You must be logged in to like a comment.",
  commentEmpty: "Please write something before posting your comment.",
  commentUpdateFailed: "Failed to update comment. Please try again.",
  suggestedLabel: "Popular in London",
  loading: "Loading posts…",
  loadingComments: "Loading comments…",
  commentsFailed: "Failed to fetch comments.",
  noComments: "No comments yet. Start the conversation.",
  commentFailed: "Failed to post comment. Please try again.",
  deleteFailed: "Failed to delete comment. Please try again.",
  confirmDelete: "Delete this comment? This cannot be undone.",
  commentDeleted: "Your comment has been deleted.",
  reportFailed: "Failed to send report. Please try again.",
  reportReason: "Please choose a reason from the list.",
  loginToReport: "You must be logged in to report.",
  loginToAct: "You must be logged in to do that.",
  actionFailed: "That didn't work. Please try again.",
  followFailed: "Failed to follow. Please try again.",
} as const;

export const MAX_COMMENT_LENGTH = 2000;
