CREATE TABLE `idempotency_keys` (
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`post_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_created_idx` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE TABLE `review_reports` (
	`post_id` integer NOT NULL,
	`reporter_id` integer NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`post_id`, `reporter_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `review_reports_created_idx` ON `review_reports` (`created_at`);--> statement-breakpoint
ALTER TABLE `dishes` ADD `review_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `dishes_name_idx` ON `dishes` (`dish_name`);--> statement-breakpoint
ALTER TABLE `post_images` ADD `variants` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `incentivised` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `posts_group_idx` ON `posts` (`review_group_id`);--> statement-breakpoint
ALTER TABLE `restaurants` ADD `review_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `restaurants_post_code_idx` ON `restaurants` (`post_code`);