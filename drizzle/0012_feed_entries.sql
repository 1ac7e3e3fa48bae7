-- Each user's feed, fanned out on write (issue 12; docs/social.md "How the feed stays cheap"):
-- one row per top-level post the owner sees, keyed in the feed's order, so a feed page is one
-- primary-key range of page size + 1 rows at any depth. drizzle-kit wrote the table; WITHOUT
-- ROWID (one B-tree instead of a rowid table plus an index of the same three columns), the
-- triggers and the backfill are written by hand.
--
-- Triggers keep it true on every write, in the same statement as the write: posting, deleting
-- or regrouping a post, following (a follow request accepted, an account made public),
-- unfollowing, a block (it deletes follows both ways) and an account's deletion (its posts and
-- follows cascade; its own rows go with the owner_id foreign key). So the review API, the
-- follow, block and privacy batches, the seed and tests need no call of their own, and no
-- race between two writes can leave a row a follows row does not explain.
-- Following someone brings their newest 200 top-level posts (FEED_FOLLOW_BACKFILL in
-- src/server/api/db/queries/social-posts.ts) and everything they post afterwards.
CREATE TABLE `feed_entries` (
	`owner_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`post_id` integer NOT NULL,
	PRIMARY KEY(`owner_id`, `created_at`, `post_id`),
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `feed_entries` (`owner_id`, `created_at`, `post_id`)
  SELECT `author_id`, `created_at`, `id` FROM `posts` WHERE `review_group_id` IS NULL
  UNION ALL
  SELECT f.`follower_id`, r.`created_at`, r.`id`
  FROM (
    SELECT `id`, `author_id`, `created_at`,
      row_number() OVER (PARTITION BY `author_id` ORDER BY `created_at` DESC, `id` DESC) AS `newest`
    FROM `posts` WHERE `review_group_id` IS NULL
  ) r JOIN `follows` f ON f.`following_id` = r.`author_id`
  WHERE r.`newest` <= 200;
--> statement-breakpoint
-- A top-level post reaches its author and every follower: N + 1 rows for N followers.
CREATE TRIGGER `feed_post_insert` AFTER INSERT ON `posts` WHEN new.`review_group_id` IS NULL BEGIN
  INSERT OR IGNORE INTO `feed_entries` (`owner_id`, `created_at`, `post_id`)
    SELECT new.`author_id`, new.`created_at`, new.`id`
    UNION ALL
    SELECT `follower_id`, new.`created_at`, new.`id` FROM `follows` WHERE `following_id` = new.`author_id`;
END;
--> statement-breakpoint
-- A post that joins a review group (recordReviews inserts dish reviews first and groups them
-- after), or whose time or author changes, leaves the feeds it was in and enters those it
-- belongs to now. Rows are found by their whole key: the author and each current follower.
CREATE TRIGGER `feed_post_update` AFTER UPDATE OF `review_group_id`, `created_at`, `author_id` ON `posts`
WHEN old.`review_group_id` IS NOT new.`review_group_id` OR old.`created_at` <> new.`created_at`
  OR old.`author_id` <> new.`author_id`
BEGIN
  DELETE FROM `feed_entries`
    WHERE `owner_id` IN (SELECT old.`author_id` UNION ALL SELECT `follower_id` FROM `follows` WHERE `following_id` = old.`author_id`)
      AND `created_at` = old.`created_at` AND `post_id` = old.`id`;
  INSERT OR IGNORE INTO `feed_entries` (`owner_id`, `created_at`, `post_id`)
    SELECT new.`author_id`, new.`created_at`, new.`id` WHERE new.`review_group_id` IS NULL
    UNION ALL
    SELECT `follower_id`, new.`created_at`, new.`id` FROM `follows`
    WHERE `following_id` = new.`author_id` AND new.`review_group_id` IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `feed_post_delete` AFTER DELETE ON `posts` WHEN old.`review_group_id` IS NULL BEGIN
  DELETE FROM `feed_entries`
    WHERE `owner_id` IN (SELECT old.`author_id` UNION ALL SELECT `follower_id` FROM `follows` WHERE `following_id` = old.`author_id`)
      AND `created_at` = old.`created_at` AND `post_id` = old.`id`;
END;
--> statement-breakpoint
-- A follow (made, accepted, or by going public) brings the person's newest 200 top-level posts.
CREATE TRIGGER `feed_follow_insert` AFTER INSERT ON `follows` BEGIN
  INSERT OR IGNORE INTO `feed_entries` (`owner_id`, `created_at`, `post_id`)
    SELECT new.`follower_id`, `created_at`, `id` FROM `posts`
    WHERE `author_id` = new.`following_id` AND `review_group_id` IS NULL
    ORDER BY `created_at` DESC LIMIT 200;
END;
--> statement-breakpoint
-- An unfollow, or a block (which deletes follows both ways), takes every post of that person
-- out of the follower's feed: one primary-key seek per post they have.
CREATE TRIGGER `feed_follow_delete` AFTER DELETE ON `follows` BEGIN
  DELETE FROM `feed_entries`
    WHERE `owner_id` = old.`follower_id` AND (`created_at`, `post_id`) IN (
      SELECT `created_at`, `id` FROM `posts` WHERE `author_id` = old.`following_id` AND `review_group_id` IS NULL
    );
END;
