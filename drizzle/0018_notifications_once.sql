-- Issue 20: at most one notification per actor, object and kind. Duplicates from before
-- (a like taken back and given again) keep the first; then the index holds the rule.
DELETE FROM `notifications` WHERE `id` NOT IN (
  SELECT min(`id`) FROM `notifications`
  GROUP BY `actor_id`, `recipient_id`, `kind`, coalesce(`post_id`, 0), coalesce(`comment_id`, 0)
);--> statement-breakpoint
DROP INDEX `notifications_actor_idx`;--> statement-breakpoint
-- Written by hand: drizzle-kit splits an index expression at its commas.
CREATE UNIQUE INDEX `notifications_once_idx` ON `notifications` (`actor_id`,`recipient_id`,`kind`,coalesce(`post_id`, 0),coalesce(`comment_id`, 0));
