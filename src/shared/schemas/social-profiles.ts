// The follow and profile calls (spec points 3 "Profile" and "Follow list entry", 5, 6, 7 "Follow
// and profile", 8; issue 12): inputs and answers, used by the routes and the social islands.
// docs/social.md describes every call. The acting user is always the token's: followerId and
// {userId} on own-profile calls must name the caller (403 otherwise).
import { MODERATION_KINDS } from "../../domain/moderation.ts";
import { REPORT_REASON_IDS } from "../../domain/report-reasons.ts";
import {
  BIO_MAX_LENGTH,
  DEFAULT_LIST_PAGE_SIZE,
  MAX_LIST_PAGE_SIZE,
  MAX_SUGGESTIONS,
  PEOPLE_QUERY_MAX_LENGTH,
  PEOPLE_QUERY_MIN_LENGTH,
  REPORT_NOTE_MAX_LENGTH,
  SOCIAL_MESSAGES,
} from "../../domain/social-rules.ts";
import { userIdSchema } from "./accounts.ts";
import { postCardSchema } from "./social-posts.ts";
import { safeText } from "./text.ts";
import * as z from "./zod.ts";

// ---------------------------------------------------------------------------------------------
// Inputs

const pageSize = z.coerce
  .number({ error: `must be an integer from 1 to ${MAX_LIST_PAGE_SIZE}` })
  .int({ error: `must be an integer from 1 to ${MAX_LIST_PAGE_SIZE}` })
  .min(1, { error: `must be an integer from 1 to ${MAX_LIST_PAGE_SIZE}` })
  .max(MAX_LIST_PAGE_SIZE, { error: `must be an integer from 1 to ${MAX_LIST_PAGE_SIZE}` })
  .default(DEFAULT_LIST_PAGE_SIZE);

/** Opaque: a name and numbers in base 36 joined by "_" (src/domain/keyset-cursor.ts), each list its own name. */
export const cursorSchema = z
  .string()
  .regex(/^[0-9a-z]{1,13}(_[0-9a-z]{1,13}){0,3}$/, { error: SOCIAL_MESSAGES.invalidCursor })
  .describe("nextCursor of the previous page");

export const pageQuery = z.object({ cursor: cursorSchema.optional(), limit: pageSize });

/**
 * The profile sort select (spec point 2: Default, Post time). The spec leaves Default open:
 * ours is the most-liked first, ties newest first. The call's own default stays newest, the
 * order of the profile's first page, so its postsNextCursor pages on without a sort.
 */
export const PROFILE_POST_SORTS = ["most-liked", "newest"] as const;
export type ProfilePostSort = (typeof PROFILE_POST_SORTS)[number];

/** GET /profiles/getPostsByUserId/{userId}: a page in one order; a cursor works in its own order only. */
export const profilePostsQuery = pageQuery.extend({
  sort: z
    .enum(PROFILE_POST_SORTS, { error: "must be most-liked or newest" })
    .default("newest")
    .describe("most-liked: most likes first, ties newest first; newest: newest first"),
});

/** {userId} in a path: the person a read is about, or the caller on own-profile writes. */
export const userIdPathSchema = z.object({ userId: userIdSchema });

/** {id} in /users/{id}/…: the person followed, blocked or reported (never the caller). */
export const targetIdPathSchema = z.object({ id: userIdSchema });

/** GET /follower/getFollowing/{userId} and getFollower: a page, and an optional name filter. */
export const followListQuery = pageQuery.extend({
  q: safeText("Search", { typeMessage: SOCIAL_MESSAGES.peopleQueryTooLong })
    .max(PEOPLE_QUERY_MAX_LENGTH, SOCIAL_MESSAGES.peopleQueryTooLong)
    .optional()
    .describe("Only people whose username or name contains this, ignoring case"),
});

/** POST /follower/follow (JSON) and DELETE /follower/unfollow (query): followerId is the caller. */
export const followPairSchema = z.object({ followerId: userIdSchema, followingId: userIdSchema });

/** POST /profiles/updateBio/{userId}. An empty bio clears it. */
export const updateBioSchema = z.object({
  bio: safeText("Bio", { multiline: true, emoji: true, typeMessage: SOCIAL_MESSAGES.bioTooLong }).max(
    BIO_MAX_LENGTH,
    SOCIAL_MESSAGES.bioTooLong,
  ),
});

/** POST /profiles/updatePrivacy/{userId}. */
export const updatePrivacySchema = z.object({
  isPrivate: z.boolean({ error: SOCIAL_MESSAGES.privacyInvalid }),
});

/** POST /profiles/uploadImage/{userId}, multipart with field `file` (spec point 7). */
export const uploadAvatarForm = z.object({
  file: z
    .file({ error: SOCIAL_MESSAGES.avatarRequired })
    .meta({ type: "string", format: "binary" })
    .describe("One image: JPEG, PNG, WebP or AVIF, at most 10 MB"),
});

/** POST /users/{id}/report. */
export const reportUserSchema = z.object({
  reason: z.enum(REPORT_REASON_IDS, { error: SOCIAL_MESSAGES.reportReason }),
  note: safeText("Note", { multiline: true, emoji: true, typeMessage: SOCIAL_MESSAGES.noteTooLong })
    .max(REPORT_NOTE_MAX_LENGTH, SOCIAL_MESSAGES.noteTooLong)
    .optional(),
});

/** GET /people/search. */
export const peopleSearchQuery = pageQuery.extend({
  q: safeText("Search", { typeMessage: SOCIAL_MESSAGES.peopleQueryRequired })
    .min(1, SOCIAL_MESSAGES.peopleQueryRequired)
    .refine((q) => [...q].length >= PEOPLE_QUERY_MIN_LENGTH, SOCIAL_MESSAGES.peopleQueryTooShort)
    .max(PEOPLE_QUERY_MAX_LENGTH, SOCIAL_MESSAGES.peopleQueryTooLong),
});

/** GET /people/suggestions. */
export const suggestionsQuery = z.object({
  limit: z.coerce
    .number({ error: `must be an integer from 1 to ${MAX_SUGGESTIONS}` })
    .int({ error: `must be an integer from 1 to ${MAX_SUGGESTIONS}` })
    .min(1, { error: `must be an integer from 1 to ${MAX_SUGGESTIONS}` })
    .max(MAX_SUGGESTIONS, { error: `must be an integer from 1 to ${MAX_SUGGESTIONS}` })
    .default(10),
});

/** POST /notifications/read: everything up to upToId (the newest one seen), or everything. */
export const markNotificationsReadSchema = z.object({
  upToId: z.number({ error: SOCIAL_MESSAGES.upToIdInvalid }).int().positive().optional(),
});

export type FollowListQuery = z.input<typeof followListQuery>;
export type ProfilePostsQuery = z.input<typeof profilePostsQuery>;
export type FollowPairInput = z.input<typeof followPairSchema>;
export type UpdateBioInput = z.input<typeof updateBioSchema>;
export type UpdatePrivacyInput = z.input<typeof updatePrivacySchema>;
export type ReportUserInput = z.input<typeof reportUserSchema>;
export type PeopleSearchQuery = z.input<typeof peopleSearchQuery>;
export type MarkNotificationsReadInput = z.input<typeof markNotificationsReadSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

const nextCursor = z.string().nullable().describe("Pass as cursor for the next page; null on the last");

/**
 * Spec point 3 "Follow list entry", with the name shown beside the username. isFollowing: the
 * viewer follows them; isFollower: they follow the viewer (both false for a visitor). Never an
 * e-mail, a phone number or any other private field.
 */
export const followEntrySchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable().describe("URL of the profile photo, or null"),
  isFollowing: z.boolean(),
  isFollower: z.boolean(),
});

export const followingPageSchema = z.object({ following: z.array(followEntrySchema), nextCursor });

/** The spec names this list both data.follower and data.followers: both carry it. */
export const followersPageSchema = z.object({
  follower: z.array(followEntrySchema),
  followers: z.array(followEntrySchema),
  nextCursor,
});

/** The caller's relation to a person after a follow, unfollow or request call, with exact counts. */
export const followStateSchema = z.object({
  userId: z.number().int().describe("The person followed or unfollowed"),
  isFollowing: z.boolean(),
  followRequested: z.boolean().describe("A request waits for a private account's owner"),
  followersCount: z.number().int().describe("Their followers"),
  followingCount: z.number().int().describe("The people the caller follows"),
});

export const profilePostSchema = z.object({
  id: z.number().int(),
  imageUrl: z.string().nullable().describe("The post's first photo, or null for a text review"),
});

/**
 * Spec point 3 "Profile". A private profile answers a non-follower with isPrivate true, its
 * counts, name and photo, and no posts (canSeePosts false).
 */
export const profileSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  bio: z.string(),
  profileImage: z.string().nullable().describe("URL of the profile photo, or null"),
  followingCount: z.number().int(),
  followersCount: z.number().int(),
  posts: z.array(profilePostSchema),
  postsNextCursor: nextCursor,
  isPrivate: z.boolean(),
  isFollowing: z.boolean().describe("The viewer follows them"),
  isFollower: z.boolean().describe("They follow the viewer"),
  followRequested: z.boolean().describe("The viewer's follow request is waiting"),
  isOwn: z.boolean(),
  canSeePosts: z.boolean().describe("False for a private profile the viewer does not follow"),
});

export const profilePostsPageSchema = z.object({
  posts: z.array(profilePostSchema),
  cards: z.array(postCardSchema).describe("The same posts, in the same order, as the feed's post cards"),
  nextCursor,
});

/** A person in a list of one's own: follow requests, blocked people. */
export const personSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
});

export const followRequestsPageSchema = z.object({
  requests: z.array(personSchema.extend({ requestedAt: z.string().describe("ISO 8601") })),
  nextCursor,
});

export const blockedPageSchema = z.object({
  blocked: z.array(personSchema.extend({ blockedAt: z.string().describe("ISO 8601") })),
  nextCursor,
});

export const peopleResultSchema = followEntrySchema.extend({ isPrivate: z.boolean() });

export const peopleSearchPageSchema = z.object({ people: z.array(peopleResultSchema), nextCursor });

export const SUGGESTION_REASONS = ["followed-by-people-you-follow", "active-reviewer"] as const;

export const suggestionsSchema = z.object({
  suggestions: z.array(
    peopleResultSchema.extend({
      reason: z.enum(SUGGESTION_REASONS),
      mutualCount: z.number().int().describe("People the caller follows who follow them"),
    }),
  ),
});

export const NOTIFICATION_KINDS = [
  "follow",
  "follow-request",
  "follow-accepted",
  "comment",
  "reply",
  "comment-like",
  "post-like",
  // A moderator's decision about the recipient's content or a report they made (issue 21).
  "moderation-decision",
  // The owner of the reviewed restaurant replied to the recipient's review (issue 22); the
  // actor shown is "The owner of <restaurant>", never the owner's account.
  "owner-reply",
  // A photo of the recipient's review could not be prepared and was dropped (issue 23); the
  // actor shown is Dishcovery itself.
  "photo-dropped",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A moderation decision's notification (issue 30): the item and outcome, its link, and who may appeal. */
export const decisionNoticeSchema = z.object({
  kind: z.enum(MODERATION_KINDS),
  action: z.string(),
  reasonLabel: z.string(),
  role: z.enum(["author", "reporter"]).describe("The recipient's side: whose content it was, or who reported it"),
  appealedAction: z
    .string()
    .nullable()
    .describe("When this decision decided an appeal: the action of the decision appealed; null otherwise"),
  href: z.string().nullable().describe("Where the decided item can be read; null when it has no page"),
  appealable: z
    .boolean()
    .describe("The recipient may appeal it now: the decision went against their side, within the window, not yet appealed by them, not final"),
});

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  actor: personSchema,
  postId: z.number().int().nullable(),
  commentId: z.number().int().nullable(),
  /** moderation-decision only: the decision, to appeal with POST /moderation/appeals (issue 21). */
  decisionId: z.number().int().nullable(),
  decision: decisionNoticeSchema.nullable().describe("moderation-decision only; null for other kinds"),
  createdAt: z.string().describe("ISO 8601"),
  read: z.boolean(),
});

export const notificationsPageSchema = z.object({
  notifications: z.array(notificationSchema),
  nextCursor,
  unreadCount: z.number().int(),
});

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });

export type DecisionNotice = z.infer<typeof decisionNoticeSchema>;
export type FollowEntry = z.infer<typeof followEntrySchema>;
export type FollowingPage = z.infer<typeof followingPageSchema>;
export type FollowersPage = z.infer<typeof followersPageSchema>;
export type FollowState = z.infer<typeof followStateSchema>;
export type Profile = z.infer<typeof profileSchema>;
export type ProfilePost = z.infer<typeof profilePostSchema>;
export type ProfilePostsPage = z.infer<typeof profilePostsPageSchema>;
export type Person = z.infer<typeof personSchema>;
export type PeopleResult = z.infer<typeof peopleResultSchema>;
export type Notification = z.infer<typeof notificationSchema>;
