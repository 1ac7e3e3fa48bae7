// Where a notification leads (issue 24: "notifications link to what they are about"): the
// review on its own page, the comment in its thread there (an anchor the page focuses), the
// follow request waiting on this screen, or the person who followed.
import type { Notification } from "../../shared/schemas/social-profiles.ts";

/** The id of a waiting follow request's row on this screen. */
export const followRequestAnchor = (userId: number) => `follow-request-${userId}`;

/**
 * The address a notification's words link to, or null when there is nothing to open.
 * `pendingRequests` holds the people whose follow requests still wait on this screen.
 */
export function notificationHref(
  item: Pick<Notification, "kind" | "postId" | "commentId" | "actor"> & Partial<Pick<Notification, "decision">>,
  pendingRequests: ReadonlySet<number>,
): string | null {
  const review = item.postId === null ? null : `/review/${item.postId}`;
  const profile = item.actor.userId > 0 ? `/user/${item.actor.userId}` : null;
  switch (item.kind) {
    case "comment":
    case "reply":
    case "comment-like":
      return review && item.commentId !== null ? `${review}#comment-${item.commentId}` : review;
    case "follow-request":
      return pendingRequests.has(item.actor.userId) ? `#${followRequestAnchor(item.actor.userId)}` : profile;
    case "follow":
    case "follow-accepted":
      return profile;
    case "moderation-decision":
      // The decided item (issue 30): the review, comment, profile or listing.
      return item.decision?.href ?? null;
    default:
      // Likes, owner replies and anything about a review: the review.
      return review;
  }
}
