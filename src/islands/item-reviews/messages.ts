// What the reviews list says. Worded like the spec's own (point 8: "Failed to fetch
// posts.", "No more posts to load."; point 5: "You must be logged in to ...").
// The few the reviews contract words are repeated here, checked equal by messages.test.ts:
// importing the contract would bring zod into the list's JavaScript (about 25 KB gzip) for
// three sentences and a number.
import { REPORT_RECEIVED_MESSAGE } from "../../domain/report-reasons.ts";

export const ITEM_REVIEWS_MESSAGES = {
  loading: "Loading reviews…",
  empty: "No reviews yet. Be the first to post one.",
  noneInBand: "No reviews with this rating yet.",
  failed: "Failed to fetch reviews.",
  noMore: "No more reviews to load.",
  updated: "Your review has been updated.",
  deleted: "Your review has been deleted.",
  updateFailed: "Failed to update review. Please try again.",
  deleteFailed: "Failed to delete review. Please try again.",
  reportFailed: "Failed to send report. Please try again.",
  reported: REPORT_RECEIVED_MESSAGE,
  reportReason: "Please choose a reason from the list.",
  loginToReport: "You must be logged in to report a review.",
  loginToEdit: "You must be logged in to change your review.",
  confirmDelete: "Delete this review? This cannot be undone.",
} as const;

/** The contract's MAX_REVIEW_CONTENT: an edit cannot be typed longer than a post may be. */
export const MAX_CONTENT = 5000;

/** Dispatched on window after a review of this page's item was posted (the review modal). */
export const ITEM_REVIEWS_EVENT = "dishcovery:review-posted";

/** The report form of a review, on item pages and in the feed (PostPieces.tsx ReportForm). */
export const REPORT_REVIEW_TEXT = {
  name: "Report this review",
  legend: "Why are you reporting this review?",
  reasonMissing: ITEM_REVIEWS_MESSAGES.reportReason,
  failed: ITEM_REVIEWS_MESSAGES.reportFailed,
  signedOut: ITEM_REVIEWS_MESSAGES.loginToReport,
};
