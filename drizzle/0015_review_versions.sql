CREATE TABLE `review_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`content` text NOT NULL,
	`rating_tenths` integer NOT NULL,
	`incentivised` integer NOT NULL,
	`photos` text DEFAULT '[]' NOT NULL,
	`written_at` integer NOT NULL,
	`edited_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `review_versions_post_idx` ON `review_versions` (`post_id`,`edited_at`);