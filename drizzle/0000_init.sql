CREATE TABLE `areas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`area_name` text NOT NULL,
	`region_id` integer NOT NULL,
	`image` text,
	`content` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`region_id`) REFERENCES `regions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `areas_area_name_unique` ON `areas` (`area_name`);--> statement-breakpoint
CREATE INDEX `areas_region_idx` ON `areas` (`region_id`);--> statement-breakpoint
CREATE TABLE `comment_likes` (
	`comment_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`comment_id`, `user_id`),
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comment_likes_user_idx` ON `comment_likes` (`user_id`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`parent_id` integer,
	`mentioned_user_id` integer,
	`content` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`mentioned_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `comments_post_idx` ON `comments` (`post_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_parent_idx` ON `comments` (`parent_id`);--> statement-breakpoint
CREATE TABLE `dish_tags` (
	`dish_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	`bayes_score` real DEFAULT 0 NOT NULL,
	`trending_key` real DEFAULT -1000000000 NOT NULL,
	PRIMARY KEY(`dish_id`, `tag_id`),
	FOREIGN KEY (`dish_id`) REFERENCES `dishes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `dish_tags_bayes_idx` ON `dish_tags` (`tag_id`,`bayes_score`);--> statement-breakpoint
CREATE INDEX `dish_tags_trending_idx` ON `dish_tags` (`tag_id`,`trending_key`);--> statement-breakpoint
CREATE TABLE `dishes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`restaurant_id` integer NOT NULL,
	`dish_name` text NOT NULL,
	`price_minor` integer,
	`currency` text DEFAULT 'GBP' NOT NULL,
	`images` text DEFAULT '[]' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`about` text DEFAULT '' NOT NULL,
	`region_id` integer NOT NULL,
	`area_id` integer NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`rating_count` integer DEFAULT 0 NOT NULL,
	`rating_sum_tenths` integer DEFAULT 0 NOT NULL,
	`bayes_score` real DEFAULT 0 NOT NULL,
	`trending_key` real DEFAULT -1000000000 NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`region_id`) REFERENCES `regions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`area_id`) REFERENCES `areas`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `dishes_restaurant_bayes_idx` ON `dishes` (`restaurant_id`,`bayes_score`);--> statement-breakpoint
CREATE INDEX `dishes_bayes_idx` ON `dishes` (`bayes_score`);--> statement-breakpoint
CREATE INDEX `dishes_trending_idx` ON `dishes` (`trending_key`);--> statement-breakpoint
CREATE INDEX `dishes_area_bayes_idx` ON `dishes` (`area_id`,`bayes_score`);--> statement-breakpoint
CREATE INDEX `dishes_region_bayes_idx` ON `dishes` (`region_id`,`bayes_score`);--> statement-breakpoint
CREATE TABLE `early_access_registrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`phone` text,
	`social_url` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `early_access_kind_email_unique` ON `early_access_registrations` (`kind`,`email`);--> statement-breakpoint
CREATE TABLE `email_verifications` (
	`email` text PRIMARY KEY NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	`verified_at` integer,
	`purpose` text DEFAULT 'signup' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `files` (
	`name` text PRIMARY KEY NOT NULL,
	`content_type` text NOT NULL,
	`width` integer,
	`height` integer,
	`bytes` integer NOT NULL,
	`owner_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `follows` (
	`follower_id` integer NOT NULL,
	`following_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`follower_id`, `following_id`),
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`following_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "follows_not_self" CHECK("follows"."follower_id" <> "follows"."following_id")
);
--> statement-breakpoint
CREATE INDEX `follows_following_idx` ON `follows` (`following_id`,`follower_id`);--> statement-breakpoint
CREATE TABLE `offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`restaurant_id` integer NOT NULL,
	`title` text NOT NULL,
	`image` text,
	`description` text DEFAULT '' NOT NULL,
	`original_price_minor` integer NOT NULL,
	`discounted_price_minor` integer NOT NULL,
	`currency` text DEFAULT 'GBP' NOT NULL,
	`terms_and_conditions` text DEFAULT '' NOT NULL,
	`available` text DEFAULT '' NOT NULL,
	`booking` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `offers_restaurant_idx` ON `offers` (`restaurant_id`);--> statement-breakpoint
CREATE TABLE `post_images` (
	`post_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`post_id`, `position`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_name`) REFERENCES `files`(`name`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`author_id` integer NOT NULL,
	`restaurant_id` integer,
	`dish_id` integer,
	`review_group_id` integer,
	`content` text NOT NULL,
	`rating_tenths` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`dish_id`) REFERENCES `dishes`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "posts_one_subject" CHECK(("posts"."restaurant_id" IS NULL) <> ("posts"."dish_id" IS NULL)),
	CONSTRAINT "posts_rating_range" CHECK("posts"."rating_tenths" BETWEEN 0 AND 50)
);
--> statement-breakpoint
CREATE INDEX `posts_created_idx` ON `posts` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_author_created_idx` ON `posts` (`author_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `posts_restaurant_created_idx` ON `posts` (`restaurant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `posts_dish_created_idx` ON `posts` (`dish_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `posts_rating_created_idx` ON `posts` (`rating_tenths`,`created_at`);--> statement-breakpoint
CREATE TABLE `profiles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`profile_image` text,
	`is_private` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_user_id_unique` ON `profiles` (`user_id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `regions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`region_name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `regions_region_name_unique` ON `regions` (`region_name`);--> statement-breakpoint
CREATE TABLE `restaurant_tags` (
	`restaurant_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	`bayes_score` real DEFAULT 0 NOT NULL,
	`trending_key` real DEFAULT -1000000000 NOT NULL,
	PRIMARY KEY(`restaurant_id`, `tag_id`),
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `restaurant_tags_bayes_idx` ON `restaurant_tags` (`tag_id`,`bayes_score`);--> statement-breakpoint
CREATE INDEX `restaurant_tags_trending_idx` ON `restaurant_tags` (`tag_id`,`trending_key`);--> statement-breakpoint
CREATE TABLE `restaurants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`logo` text,
	`images` text DEFAULT '[]' NOT NULL,
	`region_id` integer NOT NULL,
	`area_id` integer NOT NULL,
	`booking_links` text DEFAULT '[]' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`post_code` text DEFAULT '' NOT NULL,
	`phone` text,
	`opening_hours` text DEFAULT '[]' NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`rating_count` integer DEFAULT 0 NOT NULL,
	`rating_sum_tenths` integer DEFAULT 0 NOT NULL,
	`bayes_score` real DEFAULT 0 NOT NULL,
	`trending_key` real DEFAULT -1000000000 NOT NULL,
	FOREIGN KEY (`region_id`) REFERENCES `regions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`area_id`) REFERENCES `areas`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `restaurants_bayes_idx` ON `restaurants` (`bayes_score`);--> statement-breakpoint
CREATE INDEX `restaurants_trending_idx` ON `restaurants` (`trending_key`);--> statement-breakpoint
CREATE INDEX `restaurants_area_bayes_idx` ON `restaurants` (`area_id`,`bayes_score`);--> statement-breakpoint
CREATE INDEX `restaurants_region_bayes_idx` ON `restaurants` (`region_id`,`bayes_score`);--> statement-breakpoint
CREATE INDEX `restaurants_name_idx` ON `restaurants` (`name`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tag_name` text NOT NULL,
	`emoji` text DEFAULT '' NOT NULL,
	`kind` text DEFAULT 'cuisine' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_tag_name_unique` ON `tags` (`tag_name`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`phone_number` text,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`password_hash` text NOT NULL,
	`registration_method` text DEFAULT 'email' NOT NULL,
	`admin` integer DEFAULT false NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`token_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_phone_unique` ON `users` (`phone_number`);