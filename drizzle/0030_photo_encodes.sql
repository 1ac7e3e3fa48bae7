CREATE TABLE `photo_encodes` (
	`staging_name` text PRIMARY KEY NOT NULL,
	`author_id` integer NOT NULL,
	`claimed_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`outputs` text,
	`done` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`staging_name`) REFERENCES `files`(`name`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `photo_encodes_claimed_idx` ON `photo_encodes` (`done`,`claimed_at`);--> statement-breakpoint
CREATE TABLE `restaurant_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`restaurant_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`variants` text DEFAULT '[]' NOT NULL,
	`placeholder` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_name`) REFERENCES `files`(`name`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `restaurant_photos_restaurant_idx` ON `restaurant_photos` (`restaurant_id`,`id`);--> statement-breakpoint
ALTER TABLE `post_images` ADD `placeholder` text;