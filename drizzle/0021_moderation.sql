CREATE TABLE `moderation_appeals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`decision_id` integer NOT NULL,
	`appellant_id` integer NOT NULL,
	`role` text NOT NULL,
	`note` text NOT NULL,
	`created_at` integer NOT NULL,
	`decided_by` integer,
	FOREIGN KEY (`decision_id`) REFERENCES `moderation_decisions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`appellant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `moderation_appeals_once_unique` ON `moderation_appeals` (`decision_id`,`appellant_id`);--> statement-breakpoint
CREATE TABLE `moderation_decisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer NOT NULL,
	`moderator_id` integer,
	`kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`subject_user_id` integer,
	`action` text NOT NULL,
	`reason` text NOT NULL,
	`note` text NOT NULL,
	`days` integer,
	`before` text,
	`after` text,
	`appeal_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `moderation_items`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`moderator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`subject_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `moderation_decisions_subject_idx` ON `moderation_decisions` (`subject_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `moderation_decisions_item_idx` ON `moderation_decisions` (`item_id`);--> statement-breakpoint
CREATE TABLE `moderation_item_reasons` (
	`item_id` integer NOT NULL,
	`reason` text NOT NULL,
	`kind` text NOT NULL,
	`report_count` integer DEFAULT 0 NOT NULL,
	`opened_at` integer NOT NULL,
	`is_open` integer DEFAULT true NOT NULL,
	PRIMARY KEY(`item_id`, `reason`),
	FOREIGN KEY (`item_id`) REFERENCES `moderation_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `moderation_item_reasons_open_idx` ON `moderation_item_reasons` (`reason`,`opened_at`,`item_id`) WHERE is_open = 1;--> statement-breakpoint
CREATE INDEX `moderation_item_reasons_open_kind_idx` ON `moderation_item_reasons` (`kind`,`reason`,`opened_at`,`item_id`) WHERE is_open = 1;--> statement-breakpoint
CREATE TABLE `moderation_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`source` text NOT NULL,
	`opened_at` integer NOT NULL,
	`report_count` integer DEFAULT 0 NOT NULL,
	`signals` text,
	`appeal_id` integer,
	`excluded_moderator_id` integer,
	`decided_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `moderation_items_open_target_unique` ON `moderation_items` (`kind`,`target_id`) WHERE state = 'open';--> statement-breakpoint
CREATE INDEX `moderation_items_open_idx` ON `moderation_items` (`opened_at`,`id`) WHERE state = 'open';--> statement-breakpoint
CREATE INDEX `moderation_items_open_kind_idx` ON `moderation_items` (`kind`,`opened_at`,`id`) WHERE state = 'open';--> statement-breakpoint
CREATE INDEX `moderation_items_target_idx` ON `moderation_items` (`kind`,`target_id`);--> statement-breakpoint
CREATE TABLE `moderation_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer,
	`actor_label` text NOT NULL,
	`action` text NOT NULL,
	`kind` text,
	`target_id` integer,
	`reason` text,
	`note` text DEFAULT '' NOT NULL,
	`before` text,
	`after` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
DROP INDEX `notifications_once_idx`;--> statement-breakpoint
ALTER TABLE `notifications` ADD `decision_id` integer REFERENCES moderation_decisions(id);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_once_idx` ON `notifications` (`actor_id`,`recipient_id`,`kind`,coalesce(`post_id`, 0),coalesce(`comment_id`, 0),coalesce(`decision_id`, 0));--> statement-breakpoint
ALTER TABLE `comments` ADD `removed_at` integer;--> statement-breakpoint
ALTER TABLE `dishes` ADD `removed_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `removed_at` integer;--> statement-breakpoint
ALTER TABLE `restaurants` ADD `removed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `role` text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_until` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `suspension_reason` text;