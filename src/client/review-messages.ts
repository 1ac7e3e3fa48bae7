// What the reviews list says. Worded like the spec's own (point 8: "Failed to fetch
// posts.", "No more posts to load."; point 5: "You must be logged in to ...").
// The sentences the reviews contract words come from src/domain (no zod in the list's
// JavaScript).
import { REPORT_RECEIVED_MESSAGE } from "../domain/report-reasons.ts";
import { REVIEW_MESSAGES } from "../domain/review-rules.ts";

export const ITEM_REVIEWS_MESSAGES = {
  loading: "Loading reviews…",
  empty: "No reviews yet. Be the first to post one.",
  noneInBand: "No reviews with this rating yet.",
  failed: "Failed to fetch reviews.",
  noMore: "No more reviews to load.",
  updated: REVIEW_MESSAGES.reviewUpdated,
  deleted: REVIEW_MESSAGES.reviewDeleted,
  updateFailed: "Failed to update review. Please try again.",
  deleteFailed: "Failed to delete review. Please try again.",
  reportFailed: "Failed to send report. Please try again.",
  reported: REPORT_RECEIVED_MESSAGE,
  reportReason: REVIEW_MESSAGES.reportReason,
  loginToReport: "You must be logged in to report a review.",
  loginToEdit: "You must be logged in to change your review.",
  confirmDelete: "Delete this review? This cannot be undone.",
} as const;

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
