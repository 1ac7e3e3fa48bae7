CREATE TABLE `review_networks` (
	`post_id` integer PRIMARY KEY NOT NULL,
	`network_hash` text NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `review_pauses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_kind` text NOT NULL,
	`item_id` integer NOT NULL,
	`started_at` integer NOT NULL,
	`ends_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `review_pauses_item_idx` ON `review_pauses` (`item_kind`,`item_id`,`ends_at`);--> statement-breakpoint
ALTER TABLE `posts` ADD `flagged_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `flag_cleared_at` integer;