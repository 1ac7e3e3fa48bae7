// The social contract's limits and messages: posts, the feed, comments and their likes and
// reports (spec points 3 "Post" and "Comment", 4, 5, 7, 8 and 9), and follows, profiles, blocks
// and notifications (spec points 2, 3 "Profile", 5, 6, 7, 8). The schemas
// (src/shared/schemas/social-posts.ts, social-profiles.ts), the social islands and the server
// read them from here, so an island shows them without loading zod.
import { REPORT_RECEIVED_MESSAGE } from "./report-reasons.ts";

// ---------------------------------------------------------------------------------------------
// Posts, the feed and comments

/** Spec points 4 and 9: the feed's first load and every Load More page hold 5 posts. */
export const FEED_PAGE_SIZE = 5;
export const MAX_FEED_PAGE_SIZE = 50;
/** A page number without a cursor is reached by reading the pages before it; past this, send the cursor. */
export const MAX_UNCURSORED_ROWS = 10_000;
/**
 * Post search is open to anyone, so its page numbers stop sooner (issue 20): past page 5 a
 * page is read with the previous page's cursor, and a request costs at most 5 pages of reads.
 */
export const MAX_UNCURSORED_SEARCH_PAGE = 5;
/** A keyword this short matches almost every post: it needs a narrowing rating filter beside it. */
export const MIN_SEARCH_KEYWORD_LENGTH = 2;
/** Following fewer people than this, the feed continues with the best recent London reviews. */
export const FEW_FOLLOWING = 10;
/** "Best recent": rated at least 4.5 and posted within this many days. */
export const SUGGESTED_MIN_RATING_TENTHS = 45;
export const SUGGESTED_WINDOW_DAYS = 90;
/** What a suggested post's label says on its card. */
export const SUGGESTED_POST_LABEL = "Popular in London";
export const MAX_COMMENT_LENGTH = 2000;
export const COMMENTS_PAGE_SIZE = 20;
export const MAX_COMMENTS_PAGE_SIZE = 100;
export const SAVED_PAGE_SIZE = 20;
export const POST_KEYWORD_MAX_LENGTH = 100;
/** A report's optional note on a comment. */
export const COMMENT_REPORT_NOTE_MAX_LENGTH = 1000;

/** Messages of these calls: the spec's (points 5 and 8) word for word where it has one. */
export const SOCIAL_POST_MESSAGES = {
  feedFailed: "Failed to fetch posts.",
  noPosts: "No posts available.",
  noMorePosts: "No more posts to load.",
  loginToComment: "You must be logged in to post a comment.",
  loginToReply: "You must be logged in to reply.",
  loginToLike: "You must be logged in to like a comment.",
  commentEmpty: "Please write something before posting your comment.",
  commentTooLong: `Comments can be at most ${MAX_COMMENT_LENGTH} characters long.`,
  commentUpdateFailed: "Failed to update comment. Please try again.",
  commentNotFound: "Comment not found.",
  postNotFound: "Post not found.",
  replyToOtherPost: "You can only reply to a comment on the same post.",
  commentPosted: "Your comment has been posted.",
  commentUpdated: "Your comment has been updated.",
  commentDeleted: "Your comment has been deleted.",
  /** A post's author deleted someone else's comment on it (issue 20). */
  commentRemoved: "The comment has been deleted.",
  commentLiked: "Comment liked.",
  commentUnliked: "Comment unliked.",
  postLiked: "Post liked.",
  postUnliked: "Post unliked.",
  postSaved: "Post saved.",
  postUnsaved: "Post removed from your saved posts.",
  reportReason: "Please choose a reason from the list.",
  cursorInvalid: "Invalid cursor: must be a cursor from a previous page",
  pageTooDeep: `Pages past the first ${MAX_UNCURSORED_ROWS} posts are read with the cursor of the page before.`,
  searchPageTooDeep: `Search pages past page ${MAX_UNCURSORED_SEARCH_PAGE} are read with the cursor: pass the previous page's nextCursor as cursor.`,
  keywordTooShort: `Please enter at least ${MIN_SEARCH_KEYWORD_LENGTH} characters to search, or choose a rating.`,
  ratingOrder: "The minimum rating must not be above the maximum.",
  keywordTooLong: `Keyword can be at most ${POST_KEYWORD_MAX_LENGTH} characters long.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Follows, profiles, blocks and notifications

export const BIO_MAX_LENGTH = 300;
export const REPORT_NOTE_MAX_LENGTH = 500;
export const PEOPLE_QUERY_MAX_LENGTH = 100;
/** One letter matches nearly everyone and reads most of the name index (issue 20). */
export const PEOPLE_QUERY_MIN_LENGTH = 2;
export const DEFAULT_LIST_PAGE_SIZE = 20;
export const MAX_LIST_PAGE_SIZE = 100;
/** Posts shown with a profile; the rest page by cursor through getPostsByUserId. */
export const PROFILE_POSTS_PAGE_SIZE = 24;
/** People search answers the best matches only: nobody pages through thousands of names. */
export const MAX_PEOPLE_RESULTS = 200;
export const MAX_SUGGESTIONS = 20;
/** An avatar is one photo: the review photo limits, for the same pipeline. */
export const MAX_AVATAR_BYTES = 10 * 1024 * 1024;

/** Messages of these calls; the spec's (points 2, 5 and 8) word for word where it has one. */
export const SOCIAL_MESSAGES = {
  privateProfile: "Private account. Request to follow to see their profile.",
  followed: "You are now following this person.",
  requested: "Follow request sent.",
  alreadyFollowing: "You already follow this person.",
  alreadyRequested: "You have already asked to follow this person.",
  unfollowed: "You no longer follow this person.",
  requestCancelled: "Your follow request was withdrawn.",
  followSelf: "You cannot follow yourself.",
  requestAccepted: "Follow request accepted.",
  requestDeclined: "Follow request declined.",
  noSuchRequest: "There is no follow request from this person.",
  blocked: "Blocked. You will no longer see each other's posts, comments or profiles.",
  unblocked: "Unblocked.",
  blockSelf: "You cannot block yourself.",
  reportSelf: "You cannot report yourself.",
  reportReason: "Please choose a reason from the list.",
  reported: REPORT_RECEIVED_MESSAGE,
  noteTooLong: `A note can be at most ${REPORT_NOTE_MAX_LENGTH} characters long.`,
  bioTooLong: `Bio can be at most ${BIO_MAX_LENGTH} characters long.`,
  bioSaved: "Bio updated successfully.",
  privacySaved: "Privacy setting saved.",
  avatarRequired: "Please choose an image file.",
  avatarNotImage: "Only image files can be uploaded: JPEG, PNG, WebP or AVIF.",
  avatarTooLarge: "The image must be at most 10 MB.",
  avatarSaved: "Profile photo updated successfully.",
  peopleQueryRequired: "Please enter a name or username to search.",
  peopleQueryTooShort: `Please enter at least ${PEOPLE_QUERY_MIN_LENGTH} characters to search.`,
  peopleQueryTooLong: `Searches can be at most ${PEOPLE_QUERY_MAX_LENGTH} characters long.`,
  notificationsRead: "Notifications marked as read.",
  invalidCursor: "must be a cursor from a previous page",
  privacyInvalid: "isPrivate must be true or false.",
  upToIdInvalid: "upToId must be a notification id.",
} as const;
