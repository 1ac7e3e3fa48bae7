// What each kind of notification says (issue 12), after the actor's name.
import type { NotificationKind } from "../../shared/schemas/social-profiles.ts";

export const NOTIFICATION_TEXT: Record<NotificationKind, string> = {
  follow: "started following you.",
  "follow-request": "asked to follow you.",
  "follow-accepted": "accepted your follow request.",
  comment: "commented on your review.",
  reply: "replied to your comment.",
  "comment-like": "liked your comment.",
  "post-like": "liked your review.",
  // The actor is "Dishcovery moderation" (issue 21): moderators are not named.
  "moderation-decision": "decided on something you wrote or reported. Our e-mail says why and how to appeal.",
  // The actor is "The owner of <restaurant>" (issue 22).
  "owner-reply": "replied to your review.",
  // The actor is "Dishcovery" (issue 23): the photo could not be prepared for showing.
  "photo-dropped":
    "could not prepare one of your review's photos, so it was left out. Your review is posted.",
};
