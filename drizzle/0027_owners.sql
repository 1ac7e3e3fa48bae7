CREATE TABLE `owner_replies` (
	`post_id` integer PRIMARY KEY NOT NULL,
	`restaurant_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`content` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer,
	`removed_at` integer,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `owner_replies_restaurant_idx` ON `owner_replies` (`restaurant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `reply_reports` (
	`post_id` integer NOT NULL,
	`reporter_id` integer NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`post_id`, `reporter_id`),
	FOREIGN KEY (`post_id`) REFERENCES `owner_replies`(`post_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `restaurant_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`restaurant_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`method` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`evidence_key` text,
	`evidence_type` text,
	`evidence_bytes` integer,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `restaurant_claims_waiting_evidence_unique` ON `restaurant_claims` (`restaurant_id`) WHERE state = 'pending' AND method = 'evidence';--> statement-breakpoint
CREATE INDEX `restaurant_claims_user_idx` ON `restaurant_claims` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `restaurant_owners` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`restaurant_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`verified_at` integer NOT NULL,
	`method` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `restaurant_owners_active_unique` ON `restaurant_owners` (`restaurant_id`) WHERE active = 1;--> statement-breakpoint
CREATE INDEX `restaurant_owners_user_idx` ON `restaurant_owners` (`user_id`) WHERE active = 1;--> statement-breakpoint
ALTER TABLE `dishes` ADD `allergens_mask` integer;--> statement-breakpoint
ALTER TABLE `dishes` ADD `allergens_updated_at` integer;--> statement-breakpoint
ALTER TABLE `dishes` ADD `diets_mask` integer;--> statement-breakpoint
ALTER TABLE `moderation_items` ADD `queue_tier` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `moderation_items_open_tier_idx` ON `moderation_items` (`queue_tier`,`opened_at`,`id`) WHERE state = 'open';--> statement-breakpoint
CREATE INDEX `moderation_items_open_kind_tier_idx` ON `moderation_items` (`kind`,`queue_tier`,`opened_at`,`id`) WHERE state = 'open';--> statement-breakpoint
ALTER TABLE `restaurants` ADD `hours` text;--> statement-breakpoint
ALTER TABLE `restaurants` ADD `ordering_links` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `restaurants` ADD `contact_email` text;