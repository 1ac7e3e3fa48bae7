// The whole data model of spec point 3 in one drizzle schema. Conventions:
// - times are integer milliseconds since the Unix epoch (`*_at`);
// - money is integer minor units (pence) so sums never drift;
// - ratings on posts are integer tenths (0..50), matching the review slider;
// - list-valued display fields (images, booking links, opening hours) are JSON text,
//   while anything we filter or rank by (tags, location) is a real column or join table.
import { sql } from "drizzle-orm";
import type { OpeningHours } from "../../../domain/owners.ts";
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at")
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

// Precomputed ranking aggregates shared by dishes and restaurants (see src/domain/ranking.ts).
// reviewCount counts every review; ratingCount and the scores only the reviews that rank
// (not incentivised, and rated): issue 15.
const rankingColumns = () => ({
  reviewCount: integer("review_count").notNull().default(0),
  ratingCount: integer("rating_count").notNull().default(0),
  ratingSumTenths: integer("rating_sum_tenths").notNull().default(0),
  bayesScore: real("bayes_score").notNull().default(0),
  trendingKey: real("trending_key").notNull().default(-1e9),
});

// Issue 21 (docs/moderation.md, "Added restaurants and dishes"): an item anyone adds is
// "pending": published at its URL, labelled "Added by the community", found by search, and
// left out of every ranked list until a moderator approves it. A "merged" duplicate points at
// the item its reviews moved to. Seeded and earlier items are approved: the column default.
const listingColumns = () => ({
  listingState: text("listing_state", { enum: ["pending", "approved", "merged"] })
    .notNull()
    .default("approved"),
  mergedIntoId: integer("merged_into_id"),
});

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    email: text("email").notNull(),
    phoneNumber: text("phone_number"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    registrationMethod: text("registration_method").notNull().default("email"),
    admin: integer("admin", { mode: "boolean" }).notNull().default(false),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    // Bumped on log out and password change: every token carries the version it was issued at.
    tokenVersion: integer("token_version").notNull().default(0),
    // When the password last changed (ms): a token older than it, refused for its stale
    // version, is answered "signed out because your password changed" (issue 24).
    passwordChangedAt: integer("password_changed_at"),
    createdAt: createdAt(),
    // Moderation (issue 21, docs/moderation.md): never set from a request field; granted by
    // scripts/moderator.ts or an admin. Suspended until that time (PERMANENT_SUSPENSION_UNTIL
    // for good), for that reason.
    role: text("role", { enum: ["user", "moderator", "admin"] })
      .notNull()
      .default("user"),
    suspendedUntil: integer("suspended_until"),
    suspensionReason: text("suspension_reason"),
  },
  (t) => [
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    // Look-alike usernames ("rnodern" beside "modern") cannot both exist: a unique index on
    // usernameSkeleton() (src/domain/username-skeleton.ts) written as SQL in the custom
    // migration drizzle/0004_username_skeleton.sql, since drizzle-kit splits an expression
    // index at its commas.
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_phone_unique").on(t.phoneNumber),
  ],
);

export const profiles = sqliteTable("profiles", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull().default(""),
  bio: text("bio").notNull().default(""),
  profileImage: text("profile_image"),
  isPrivate: integer("is_private", { mode: "boolean" }).notNull().default(false),
  /** Issue 32: the feed may show "X saved Y to Z" for this member's public lists. */
  listActivityInFeed: integer("list_activity_in_feed", { mode: "boolean" }).notNull().default(true),
});

export const regions = sqliteTable("regions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  regionName: text("region_name").notNull().unique(),
});

export const areas = sqliteTable(
  "areas",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    areaName: text("area_name").notNull().unique(),
    regionId: integer("region_id")
      .notNull()
      .references(() => regions.id),
    image: text("image"),
    content: text("content").notNull().default(""),
  },
  (t) => [index("areas_region_idx").on(t.regionId)],
);

export const tags = sqliteTable("tags", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  tagName: text("tag_name").notNull().unique(),
  // The spec calls this field imageURL; it holds an emoji.
  emoji: text("emoji").notNull().default(""),
  kind: text("kind", { enum: ["cuisine", "dish", "dietary", "style"] })
    .notNull()
    .default("cuisine"),
});

export const restaurants = sqliteTable(
  "restaurants",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    logo: text("logo"),
    images: text("images", { mode: "json" }).$type<string[]>().notNull().default([]),
    regionId: integer("region_id")
      .notNull()
      .references(() => regions.id),
    areaId: integer("area_id")
      .notNull()
      .references(() => areas.id),
    bookingLinks: text("booking_links", { mode: "json" }).$type<string[]>().notNull().default([]),
    description: text("description").notNull().default(""),
    address: text("address").notNull().default(""),
    postCode: text("post_code").notNull().default(""),
    // Where it is (issue 31), WGS84. Every write sets them from the postcode or a pin; only an
    // older row whose postcode names no London district lacks them. The R*Tree
    // restaurant_positions (migration *_restaurant_positions_rtree) indexes them for "near".
    lat: real("lat"),
    lng: real("lng"),
    /** "N1", "EC1V": the district of postCode, in data/london-postcode-districts.json. */
    postcodeDistrict: text("postcode_district"),
    /** district: its district's centroid, until an owner or moderator sets the exact pin. */
    pinSource: text("pin_source", { enum: ["district", "exact"] }),
    phone: text("phone"),
    openingHours: text("opening_hours", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** The owner's structured hours (issue 22); openingHours then holds the lines made from them. */
    hours: text("hours", { mode: "json" }).$type<OpeningHours>(),
    /**
     * The median price of its priced GBP dishes, in minor units (the price band's, list-filters.ts);
     * null when none is priced. Kept by triggers on dishes (migration
     * *_restaurant_price_median_triggers) so near reads filter by price band on a column
     * (docs/perf/near.md). Never in any answer.
     */
    priceMedianMinor: real("price_median_minor"),
    orderingLinks: text("ordering_links", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** Where a claim's code is mailed (issue 22, docs/owners.md). Never in any answer. */
    contactEmail: text("contact_email"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Removed by a moderator (issue 21): hidden, never deleted. */
    removedAt: integer("removed_at"),
    ...listingColumns(),
    ...rankingColumns(),
  },
  (t) => [
    index("restaurants_bayes_idx").on(t.bayesScore),
    index("restaurants_trending_idx").on(t.trendingKey),
    index("restaurants_area_bayes_idx").on(t.areaId, t.bayesScore),
    index("restaurants_region_bayes_idx").on(t.regionId, t.bayesScore),
    index("restaurants_name_idx").on(t.name),
    index("restaurants_post_code_idx").on(t.postCode),
  ],
);

// Scores are copied onto the join rows so "top/trending restaurants with tag X" is one
// index range read, not a sort of every restaurant carrying the tag.
export const restaurantTags = sqliteTable(
  "restaurant_tags",
  {
    restaurantId: integer("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    bayesScore: real("bayes_score").notNull().default(0),
    trendingKey: real("trending_key").notNull().default(-1e9),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.tagId] }),
    index("restaurant_tags_bayes_idx").on(t.tagId, t.bayesScore),
    index("restaurant_tags_trending_idx").on(t.tagId, t.trendingKey),
  ],
);

export const dishes = sqliteTable(
  "dishes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    restaurantId: integer("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    dishName: text("dish_name").notNull(),
    // Minor units (pence for GBP); null when the price is not known.
    priceMinor: integer("price_minor"),
    currency: text("currency").notNull().default("GBP"),
    images: text("images", { mode: "json" }).$type<string[]>().notNull().default([]),
    description: text("description").notNull().default(""),
    about: text("about").notNull().default(""),
    /**
     * The owner's allergen declaration (issue 22): a mask of src/domain/allergens.ts, null when
     * not provided (never a guess), and when the owner last saved it. Diets likewise.
     */
    allergensMask: integer("allergens_mask"),
    allergensUpdatedAt: integer("allergens_updated_at"),
    dietsMask: integer("diets_mask"),
    // Copied from the restaurant so area/region rankings are index reads.
    regionId: integer("region_id")
      .notNull()
      .references(() => regions.id),
    areaId: integer("area_id")
      .notNull()
      .references(() => areas.id),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Removed by a moderator (issue 21): hidden, never deleted. */
    removedAt: integer("removed_at"),
    ...listingColumns(),
    ...rankingColumns(),
  },
  (t) => [
    index("dishes_restaurant_bayes_idx").on(t.restaurantId, t.bayesScore),
    index("dishes_bayes_idx").on(t.bayesScore),
    index("dishes_trending_idx").on(t.trendingKey),
    index("dishes_area_bayes_idx").on(t.areaId, t.bayesScore),
    index("dishes_region_bayes_idx").on(t.regionId, t.bayesScore),
    index("dishes_name_idx").on(t.dishName),
  ],
);

export const dishTags = sqliteTable(
  "dish_tags",
  {
    dishId: integer("dish_id")
      .notNull()
      .references(() => dishes.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    bayesScore: real("bayes_score").notNull().default(0),
    trendingKey: real("trending_key").notNull().default(-1e9),
  },
  (t) => [
    primaryKey({ columns: [t.dishId, t.tagId] }),
    index("dish_tags_bayes_idx").on(t.tagId, t.bayesScore),
    index("dish_tags_trending_idx").on(t.tagId, t.trendingKey),
  ],
);

export const offers = sqliteTable(
  "offers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    restaurantId: integer("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    image: text("image"),
    description: text("description").notNull().default(""),
    originalPriceMinor: integer("original_price_minor").notNull(),
    discountedPriceMinor: integer("discounted_price_minor").notNull(),
    currency: text("currency").notNull().default("GBP"),
    termsAndConditions: text("terms_and_conditions").notNull().default(""),
    available: text("available").notNull().default(""),
    booking: text("booking").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("offers_restaurant_idx").on(t.restaurantId)],
);

// A review post rates exactly one restaurant or one dish. Dish reviews written together
// with a restaurant review point at it through reviewGroupId so the feed can show them as one.
export const posts = sqliteTable(
  "posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    restaurantId: integer("restaurant_id").references(() => restaurants.id, {
      onDelete: "cascade",
    }),
    dishId: integer("dish_id").references(() => dishes.id, { onDelete: "cascade" }),
    reviewGroupId: integer("review_group_id"),
    content: text("content").notNull(),
    // 0 only on a dish review sent with text and no rating: it counts as a review, not a rating.
    ratingTenths: integer("rating_tenths").notNull(),
    // The author received something for it (issue 15): labelled, and left out of rankings.
    incentivised: integer("incentivised", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
    /** Removed by a moderator (issue 21): shown only to its author and moderators, never counted. */
    removedAt: integer("removed_at"),
    /**
     * Held by detection (issue 21, decision 014): published and labelled nowhere, but out of the
     * ranking maths (rating count, mean, Bayesian and trending scores) while set.
     */
    flaggedAt: integer("flagged_at"),
    /** A moderator kept a held review: it counts again and detection never holds it again. */
    flagClearedAt: integer("flag_cleared_at"),
  },
  (t) => [
    check("posts_one_subject", sql`(${t.restaurantId} IS NULL) <> (${t.dishId} IS NULL)`),
    check("posts_rating_range", sql`${t.ratingTenths} BETWEEN 0 AND 50`),
    index("posts_created_idx").on(t.createdAt, t.id),
    index("posts_author_created_idx").on(t.authorId, t.createdAt),
    index("posts_restaurant_created_idx").on(t.restaurantId, t.createdAt),
    index("posts_dish_created_idx").on(t.dishId, t.createdAt),
    index("posts_rating_created_idx").on(t.ratingTenths, t.createdAt),
    index("posts_group_idx").on(t.reviewGroupId),
    // The feed and post search show top-level posts only (dish reviews sit inside theirs):
    // these read exactly the posts a page shows, in order, at any depth (docs/social.md).
    index("posts_top_created_idx").on(t.createdAt).where(sql`review_group_id IS NULL`),
    index("posts_top_author_created_idx").on(t.authorId, t.createdAt).where(sql`review_group_id IS NULL`),
    // One voice per person per item (issue 20): one live review of a restaurant, and one of a
    // dish whether posted alone or inside a restaurant review, so concurrent posts cannot both win.
    uniqueIndex("posts_one_restaurant_review_idx")
      .on(t.authorId, t.restaurantId)
      .where(sql`restaurant_id IS NOT NULL`),
    uniqueIndex("posts_one_dish_review_idx").on(t.authorId, t.dishId).where(sql`dish_id IS NOT NULL`),
    // A person's reviews not removed (the moderation queue's author context, issue 21) are
    // their count on posts_author_created_idx, index-only, less their entries in this small
    // one: a prolific author's count then reads only their removed rows (docs/perf/moderation.md).
    index("posts_author_removed_idx").on(t.authorId).where(sql`removed_at IS NOT NULL`),
  ],
);

// Detection (issue 21, decision 014): the client network each review came from, as an HMAC
// of its /24 (IPv4) or /48 (IPv6) prefix under a secret derived from JWT_SECRET; never the
// address. Only reviews whose host gave an address have a row.
export const reviewNetworks = sqliteTable("review_networks", {
  postId: integer("post_id")
    .primaryKey()
    .references(() => posts.id, { onDelete: "cascade" }),
  networkHash: text("network_hash").notNull(),
});

// An item whose held reviews reached the pause threshold: new reviews of it are refused and
// its page shows a notice until ends_at. Kept after it ends, for the transparency report.
export const reviewPauses = sqliteTable(
  "review_pauses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    itemKind: text("item_kind", { enum: ["restaurant", "dish"] }).notNull(),
    itemId: integer("item_id").notNull(),
    startedAt: integer("started_at").notNull(),
    endsAt: integer("ends_at").notNull(),
  },
  (t) => [index("review_pauses_item_idx").on(t.itemKind, t.itemId, t.endsAt)],
);

// Earlier states of a review (issue 20, "one voice per person per item"): a person has one
// live review per restaurant and per dish, so posting again is an edit, and every edit keeps
// what it replaced here for moderators. Never public: no API answer reads it. photos holds
// the photos the review showed then ({fileName, variants} as in post_images), so erasing the
// review can remove their files too.
export const reviewVersions = sqliteTable(
  "review_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    ratingTenths: integer("rating_tenths").notNull(),
    incentivised: integer("incentivised", { mode: "boolean" }).notNull(),
    photos: text("photos", { mode: "json" })
      .$type<{ fileName: string; variants: { name: string; width: number }[] }[]>()
      .notNull()
      .default([]),
    /** When this text was written (the post's creation or its previous edit). */
    writtenAt: integer("written_at").notNull(),
    /** When it was replaced. */
    editedAt: integer("edited_at").notNull(),
  },
  (t) => [index("review_versions_post_idx").on(t.postId, t.editedAt)],
);

export const files = sqliteTable("files", {
  // The public name used in /api/files/{name}.
  name: text("name").primaryKey(),
  contentType: text("content_type").notNull(),
  width: integer("width"),
  height: integer("height"),
  bytes: integer("bytes").notNull(),
  ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

export const postImages = sqliteTable(
  "post_images",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    fileName: text("file_name")
      .notNull()
      .references(() => files.name),
    position: integer("position").notNull(),
    // Every width written for this photo, smallest first, for srcset; fileName is the largest.
    variants: text("variants", { mode: "json" })
      .$type<{ name: string; width: number }[]>()
      .notNull()
      .default([]),
    // Issue 23: while the photo waits for its encode (variants empty, file_name a private
    // staging file), a tiny blurred preview as a data URI; null once the widths are in.
    placeholder: text("placeholder"),
  },
  (t) => [primaryKey({ columns: [t.postId, t.position] })],
);

// Issue 23: a photo accepted and staged privately, waiting for its widths to be encoded off
// the request. The row outlives a crash, so a restart resumes it; claimedAt is a lease, so two
// processes never encode the same photo at once. outputs names files written by an attempt
// (rows first, then bytes) so an interrupted attempt is cleaned up, never left as orphans;
// done means the photo was swapped in (or dropped) and only the staging file remains to go.
export const photoEncodes = sqliteTable(
  "photo_encodes",
  {
    stagingName: text("staging_name")
      .primaryKey()
      .references(() => files.name, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    claimedAt: integer("claimed_at"),
    attempts: integer("attempts").notNull().default(0),
    outputs: text("outputs", { mode: "json" }).$type<string[]>(),
    done: integer("done", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("photo_encodes_claimed_idx").on(t.done, t.claimedAt)],
);

// Issue 22: photos the verified owner adds to their restaurant, through the same pipeline as
// review photos (staged, then encoded off the request).
export const restaurantPhotos = sqliteTable(
  "restaurant_photos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    restaurantId: integer("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    fileName: text("file_name")
      .notNull()
      .references(() => files.name),
    variants: text("variants", { mode: "json" })
      .$type<{ name: string; width: number }[]>()
      .notNull()
      .default([]),
    placeholder: text("placeholder"),
    createdAt: createdAt(),
  },
  (t) => [index("restaurant_photos_restaurant_idx").on(t.restaurantId, t.id)],
);

// A review post's Idempotency-Key (issue 11): a retry or a double click within 24 hours
// answers the first post instead of writing another. Written in the same batch as the post.
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the request's fields and files: the same key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    postId: integer("post_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_created_idx").on(t.createdAt)],
);

// Reports of reviews for moderation (issue 15): one per person per review.
export const reviewReports = sqliteTable(
  "review_reports",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.reporterId] }), index("review_reports_created_idx").on(t.createdAt)],
);

export const comments = sqliteTable(
  "comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Replies point at the comment they answer; top-level comments have none.
    parentId: integer("parent_id"),
    mentionedUserId: integer("mentioned_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    content: text("content").notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
    /** Removed by a moderator (issue 21): shown only to its writer and moderators. */
    removedAt: integer("removed_at"),
  },
  (t) => [
    index("comments_post_idx").on(t.postId, t.createdAt),
    index("comments_parent_idx").on(t.parentId),
  ],
);

export const commentLikes = sqliteTable(
  "comment_likes",
  {
    commentId: integer("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    index("comment_likes_user_idx").on(t.userId),
  ],
);

// Reports of comments for moderation (issue 12): one per person per comment, reason ids from
// src/domain/report-reasons.ts.
export const commentReports = sqliteTable(
  "comment_reports",
  {
    commentId: integer("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.reporterId] }), index("comment_reports_created_idx").on(t.createdAt)],
);

// Likes and saves of posts (issue 12). The primary key makes a repeated or concurrent like
// one row; the user index pages the profile's Liked and Saved tabs newest first.
export const postLikes = sqliteTable(
  "post_likes",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("post_likes_user_created_idx").on(t.userId, t.createdAt, t.postId)],
);

export const postSaves = sqliteTable(
  "post_saves",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("post_saves_user_created_idx").on(t.userId, t.createdAt, t.postId)],
);

export const follows = sqliteTable(
  "follows",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followingId: integer("following_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followingId] }),
    index("follows_following_idx").on(t.followingId, t.followerId),
    // Follow lists page newest first by keyset (docs/social.md): each list is one index range.
    index("follows_follower_created_idx").on(t.followerId, t.createdAt, t.followingId),
    index("follows_following_created_idx").on(t.followingId, t.createdAt, t.followerId),
    check("follows_not_self", sql`${t.followerId} <> ${t.followingId}`),
  ],
);

// A follow asked of a private account (issue 12): pending until its owner accepts (it
// becomes a follows row) or declines (it goes). One per pair, like a follow.
export const followRequests = sqliteTable(
  "follow_requests",
  {
    requesterId: integer("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetId: integer("target_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.requesterId, t.targetId] }),
    index("follow_requests_target_created_idx").on(t.targetId, t.createdAt, t.requesterId),
    check("follow_requests_not_self", sql`${t.requesterId} <> ${t.targetId}`),
  ],
);

// blockerId blocked blockedId: the two see nothing of each other either way (issue 12).
export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("blocks_blocked_idx").on(t.blockedId, t.blockerId),
    check("blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

// Each user's feed, written when posts and follows are (fan-out on write; issue 12,
// docs/social.md "How the feed stays cheap"): one row per top-level post the owner sees,
// their own and those of the people they follow, keyed in the feed's order so a page is
// one primary-key range. Triggers on posts and follows keep it true (drizzle/0012, custom:
// WITHOUT ROWID and the triggers are beyond drizzle-kit). post_id has no foreign key: that
// would need a second index on every row; the triggers on posts remove a deleted post's rows.
export const feedEntries = sqliteTable(
  "feed_entries",
  {
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    postId: integer("post_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.createdAt, t.postId] })],
);

// Reports of people for moderation (issue 12): one per reporter per person, reason ids from
// src/domain/report-reasons.ts. They outlive an account deletion (issue 20, erasure): a report
// about a deleted person keeps a pseudonym instead of the person ("deleted-user-…", the same
// on every report about them, written in the deletion's batch), one by them loses its reporter.
export const userReports = sqliteTable(
  "user_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    targetId: integer("target_id").references(() => users.id, { onDelete: "set null" }),
    targetPseudonym: text("target_pseudonym"),
    reporterId: integer("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("user_reports_target_reporter_unique").on(t.targetId, t.reporterId),
    index("user_reports_reporter_idx").on(t.reporterId),
    index("user_reports_created_idx").on(t.createdAt),
  ],
);

// What happened to a person that they should hear about (issue 12): new followers, follow
// requests and their acceptance, comments, replies and likes. Paged newest first by id;
// at most one per actor, object and kind (notifications_once_idx).
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recipientId: integer("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actorId: integer("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", {
      enum: [
        "follow",
        "follow-request",
        "follow-accepted",
        "comment",
        "reply",
        "comment-like",
        "post-like",
        "moderation-decision",
        // The owner of the reviewed restaurant replied (issue 22).
        "owner-reply",
        // A photo of the recipient's review could not be encoded and was dropped (issue 23).
        "photo-dropped",
      ],
    }).notNull(),
    postId: integer("post_id").references(() => posts.id, { onDelete: "cascade" }),
    commentId: integer("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    /** A moderation decision the recipient is told about (issue 21; kind moderation-decision). */
    decisionId: integer("decision_id").references((): AnySQLiteColumn => moderationDecisions.id, {
      onDelete: "cascade",
    }),
    createdAt: createdAt(),
    readAt: integer("read_at"),
  },
  (t) => [
    index("notifications_recipient_idx").on(t.recipientId, t.id),
    // The unread count reads only unread rows.
    index("notifications_unread_idx").on(t.recipientId).where(sql`read_at IS NULL`),
    // One per actor, object and kind (issue 20): a like taken back and given again, or a
    // follow ended and made again, does not notify again. Inserts use ON CONFLICT DO NOTHING.
    // Its first two columns serve what notifications_actor_idx did (a pair's notifications).
    uniqueIndex("notifications_once_idx").on(
      t.actorId,
      t.recipientId,
      t.kind,
      sql`coalesce(${t.postId}, 0)`,
      sql`coalesce(${t.commentId}, 0)`,
      sql`coalesce(${t.decisionId}, 0)`,
    ),
  ],
);

export const emailVerifications = sqliteTable("email_verifications", {
  email: text("email").primaryKey(),
  codeHash: text("code_hash").notNull(),
  expiresAt: integer("expires_at").notNull(),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  // Set once the right code is entered; sign-up then needs it within a short window.
  verifiedAt: integer("verified_at"),
  // SHA-256 of the single-use sign-up ticket answered to whoever entered the right code:
  // sign-up needs the ticket, not just a verified address (issue 20).
  signupTicketHash: text("signup_ticket_hash"),
  purpose: text("purpose", { enum: ["signup", "password-reset", "restaurant-claim"] })
    .notNull()
    .default("signup"),
  createdAt: createdAt(),
});

// Fixed-window counters, kept in the database so limits hold across restarts and instances.
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

// Mailing-list sign-ups (app banner, early access, influencer), double opt-in as UK GDPR and
// PECR expect: a submission is a pending row until the link mailed to the address is
// followed. Per kind and e-mail there is at most one pending row (the latest details) and one
// confirmed row (the details last confirmed), so a stranger's submission never overwrites
// confirmed details. Rows stored before double opt-in became pending without a link: they
// were never confirmed, so they are pruned like any expired pending row.
export const earlyAccessRegistrations = sqliteTable(
  "early_access_registrations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["app-banner", "early-access", "influencer"] }).notNull(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text("phone"),
    socialUrl: text("social_url"),
    /** When the details in this row were submitted (the consent a confirmation proves). */
    createdAt: createdAt(),
    status: text("status", { enum: ["pending", "confirmed"] })
      .notNull()
      .default("pending"),
    /** SHA-256 of the link's token; the token itself is only ever in the e-mail. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: integer("confirm_expires_at"),
    confirmedAt: integer("confirmed_at"),
  },
  (t) => [
    uniqueIndex("registrations_kind_email_status_unique").on(t.kind, t.email, t.status),
    uniqueIndex("registrations_confirm_token_unique").on(t.confirmTokenHash),
    index("registrations_status_expiry_idx").on(t.status, t.confirmExpiresAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Moderation (issue 21, docs/moderation.md)

// reply: an owner's reply to a review (issue 22), its target the review's post id.
const MODERATION_KINDS = ["review", "comment", "user", "restaurant", "dish", "reply"] as const;

// One row per thing to decide. Report triggers (drizzle/0022) open or bump it; other sources
// call openModerationItem. At most one open item per target.
export const moderationItems = sqliteTable(
  "moderation_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: MODERATION_KINDS }).notNull(),
    targetId: integer("target_id").notNull(),
    state: text("state", { enum: ["open", "decided", "gone"] })
      .notNull()
      .default("open"),
    source: text("source", { enum: ["reports", "signals", "community-added", "claim-evidence"] }).notNull(),
    openedAt: integer("opened_at").notNull(),
    reportCount: integer("report_count").notNull().default(0),
    /**
     * The queue reads tier 0 before tier 1 (issue 22): an owner's extortion report puts its item
     * at the top (set by trigger, drizzle/0028). Oldest first within a tier.
     */
    queueTier: integer("queue_tier").notNull().default(1),
    /** Detection's findings, stored as given (docs/moderation.md "signals"). */
    signals: text("signals", { mode: "json" }).$type<Record<string, unknown>>(),
    /** While an appeal is open: the appeal, and the moderator who made the appealed decision. */
    appealId: integer("appeal_id"),
    excludedModeratorId: integer("excluded_moderator_id"),
    decidedAt: integer("decided_at"),
  },
  (t) => [
    uniqueIndex("moderation_items_open_target_unique").on(t.kind, t.targetId).where(sql`state = 'open'`),
    index("moderation_items_open_idx").on(t.openedAt, t.id).where(sql`state = 'open'`),
    index("moderation_items_open_kind_idx").on(t.kind, t.openedAt, t.id).where(sql`state = 'open'`),
    index("moderation_items_target_idx").on(t.kind, t.targetId),
    index("moderation_items_open_tier_idx").on(t.queueTier, t.openedAt, t.id).where(sql`state = 'open'`),
    index("moderation_items_open_kind_tier_idx")
      .on(t.kind, t.queueTier, t.openedAt, t.id)
      .where(sql`state = 'open'`),
  ],
);

// An item's reasons with their counts; opened_at and is_open copied from the item (by trigger)
// so filtering the queue by reason is one index walk in the queue's order.
export const moderationItemReasons = sqliteTable(
  "moderation_item_reasons",
  {
    itemId: integer("item_id")
      .notNull()
      .references(() => moderationItems.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    kind: text("kind", { enum: MODERATION_KINDS }).notNull(),
    reportCount: integer("report_count").notNull().default(0),
    openedAt: integer("opened_at").notNull(),
    isOpen: integer("is_open", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.reason] }),
    index("moderation_item_reasons_open_idx").on(t.reason, t.openedAt, t.itemId).where(sql`is_open = 1`),
    index("moderation_item_reasons_open_kind_idx")
      .on(t.kind, t.reason, t.openedAt, t.itemId)
      .where(sql`is_open = 1`),
  ],
);

export const moderationDecisions = sqliteTable(
  "moderation_decisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    itemId: integer("item_id")
      .notNull()
      .references(() => moderationItems.id),
    moderatorId: integer("moderator_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: MODERATION_KINDS }).notNull(),
    targetId: integer("target_id").notNull(),
    /** The author of the content or the person acted on, when there is one. */
    subjectUserId: integer("subject_user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    reason: text("reason").notNull(),
    note: text("note").notNull(),
    days: integer("days"),
    before: text("before", { mode: "json" }).$type<unknown>(),
    after: text("after", { mode: "json" }).$type<unknown>(),
    /** Set when this decision decided an appeal: such a decision is final. */
    appealId: integer("appeal_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("moderation_decisions_subject_idx").on(t.subjectUserId, t.createdAt),
    index("moderation_decisions_item_idx").on(t.itemId),
  ],
);

export const moderationAppeals = sqliteTable(
  "moderation_appeals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    decisionId: integer("decision_id")
      .notNull()
      .references(() => moderationDecisions.id, { onDelete: "cascade" }),
    appellantId: integer("appellant_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["author", "reporter"] }).notNull(),
    note: text("note").notNull(),
    createdAt: integer("created_at").notNull(),
    decidedBy: integer("decided_by"),
  },
  (t) => [uniqueIndex("moderation_appeals_once_unique").on(t.decisionId, t.appellantId)],
);

// Append-only (triggers in drizzle/0022 abort every UPDATE and DELETE). actor_id has no
// foreign key, so erasing an account never has to change a row here.
export const moderationLog = sqliteTable("moderation_log", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  actorId: integer("actor_id"),
  actorLabel: text("actor_label").notNull(),
  action: text("action").notNull(),
  kind: text("kind"),
  targetId: integer("target_id"),
  reason: text("reason"),
  note: text("note").notNull().default(""),
  before: text("before", { mode: "json" }).$type<unknown>(),
  after: text("after", { mode: "json" }).$type<unknown>(),
  createdAt: integer("created_at").notNull(),
});

// ---------------------------------------------------------------------------------------------
// Restaurant owners (issue 22, docs/owners.md)

// The verified owner of a restaurant is its one active row; an ended ownership (a transfer)
// stays, inactive, for the record. Only a right e-mailed code or a moderator's approve-claim
// writes here.
export const restaurantOwners = sqliteTable(
  "restaurant_owners",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    restaurantId: integer("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verifiedAt: integer("verified_at").notNull(),
    method: text("method", { enum: ["code", "evidence"] }).notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    endedAt: integer("ended_at"),
  },
  (t) => [
    uniqueIndex("restaurant_owners_active_unique").on(t.restaurantId).where(sql`active = 1`),
    index("restaurant_owners_user_idx").on(t.userId).where(sql`active = 1`),
  ],
);

// Every claim started, by code or by evidence. Evidence lives in private storage under
// evidence_key (never the public files table). One evidence claim waits per claimant (issue 29:
// per restaurant, one person's claim would shut everyone else out until a moderator acted).
export const restaurantClaims = sqliteTable(
  "restaurant_claims",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    restaurantId: integer("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method", { enum: ["code", "evidence"] }).notNull(),
    state: text("state", { enum: ["pending", "approved", "refused"] })
      .notNull()
      .default("pending"),
    evidenceKey: text("evidence_key"),
    evidenceType: text("evidence_type"),
    evidenceBytes: integer("evidence_bytes"),
    note: text("note").notNull().default(""),
    createdAt: integer("created_at").notNull(),
    decidedAt: integer("decided_at"),
  },
  (t) => [
    uniqueIndex("restaurant_claims_waiting_evidence_per_claimant")
      .on(t.userId)
      .where(sql`state = 'pending' AND method = 'evidence'`),
    index("restaurant_claims_waiting_evidence_idx")
      .on(t.restaurantId, t.id)
      .where(sql`state = 'pending' AND method = 'evidence'`),
    index("restaurant_claims_user_idx").on(t.userId, t.createdAt),
  ],
);

// One public reply per review, by the verified owner of the reviewed restaurant (or of the
// reviewed dish's restaurant). Keyed by the review; removed by a moderator like a comment.
// Issue 29: its owner's deletion only sets deleted_at, so its reports stay for moderators.
export const ownerReplies = sqliteTable(
  "owner_replies",
  {
    postId: integer("post_id")
      .primaryKey()
      .references(() => posts.id, { onDelete: "cascade" }),
    restaurantId: integer("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at"),
    removedAt: integer("removed_at"),
    deletedAt: integer("deleted_at"),
  },
  (t) => [index("owner_replies_restaurant_idx").on(t.restaurantId, t.createdAt)],
);

// Reports of owner replies (issue 22), one per person per reply; a trigger opens the reply's
// moderation item like comment reports do (drizzle/0028).
export const replyReports = sqliteTable(
  "reply_reports",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => ownerReplies.postId, { onDelete: "cascade" }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    note: text("note").notNull().default(""),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.reporterId] })],
);

// Lists (issue 32, docs/social.md "Lists"): every member's "Want to try" and "Been" (system
// "want" and "been", made when first needed) and lists of their own, each public, followers-only
// or private, and readable by anyone holding its unlisted link token except across a block.
export const lists = sqliteTable(
  "lists",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    system: text("system", { enum: ["want", "been"] }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    visibility: text("visibility", { enum: ["public", "followers", "private"] })
      .notNull()
      .default("private"),
    linkToken: text("link_token").notNull(),
    /** The public list this one was copied from, while it exists. */
    copiedFromId: integer("copied_from_id").references((): AnySQLiteColumn => lists.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
  },
  (t) => [
    index("lists_owner_idx").on(t.ownerId, t.id),
    // At most one "Want to try" and one "Been" per member, whoever creates them first.
    uniqueIndex("lists_owner_system_idx").on(t.ownerId, t.system).where(sql`system IS NOT NULL`),
    uniqueIndex("lists_link_token_idx").on(t.linkToken),
  ],
);

// One restaurant or dish in a list, with the owner's note. ownerId is the list's owner, copied
// so "which of my lists hold this item" and the friend signal ("people you follow want to try
// it") are index seeks by (owner, item) without reading lists. Items are never deleted (a
// moderator removes or merges them), so the item has no foreign key: the reads show a removed
// one with a note and follow a merged one to the item it went into.
export const listItems = sqliteTable(
  "list_items",
  {
    listId: integer("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemKind: text("item_kind", { enum: ["restaurant", "dish"] }).notNull(),
    itemId: integer("item_id").notNull(),
    note: text("note").notNull().default(""),
    addedAt: integer("added_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.itemKind, t.itemId] }),
    index("list_items_owner_item_idx").on(t.ownerId, t.itemKind, t.itemId, t.listId),
    index("list_items_list_added_idx").on(t.listId, t.addedAt),
    // The compact friend signal of a page of cards reads from the items' side: who saved these.
    index("list_items_item_idx").on(t.itemKind, t.itemId, t.ownerId),
  ],
);

// "X saved Y to Z" in the feed (issue 32): at most one row per list per day, the day's first
// save to a public list, kept only while its owner lets the feed show it.
export const listActivity = sqliteTable(
  "list_activity",
  {
    listId: integer("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    day: integer("day").notNull(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemKind: text("item_kind", { enum: ["restaurant", "dish"] }).notNull(),
    itemId: integer("item_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.day] }), index("list_activity_owner_created_idx").on(t.ownerId, t.createdAt)],
);
