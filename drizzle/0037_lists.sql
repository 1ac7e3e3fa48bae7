CREATE TABLE `list_activity` (
	`list_id` integer NOT NULL,
	`day` integer NOT NULL,
	`owner_id` integer NOT NULL,
	`item_kind` text NOT NULL,
	`item_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`list_id`, `day`),
	FOREIGN KEY (`list_id`) REFERENCES `lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `list_activity_owner_created_idx` ON `list_activity` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `list_items` (
	`list_id` integer NOT NULL,
	`owner_id` integer NOT NULL,
	`item_kind` text NOT NULL,
	`item_id` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`list_id`, `item_kind`, `item_id`),
	FOREIGN KEY (`list_id`) REFERENCES `lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `list_items_owner_item_idx` ON `list_items` (`owner_id`,`item_kind`,`item_id`,`list_id`);--> statement-breakpoint
CREATE INDEX `list_items_list_added_idx` ON `list_items` (`list_id`,`added_at`);--> statement-breakpoint
CREATE TABLE `lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`system` text,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`visibility` text DEFAULT 'private' NOT NULL,
	`link_token` text NOT NULL,
	`copied_from_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`copied_from_id`) REFERENCES `lists`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `lists_owner_idx` ON `lists` (`owner_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `lists_owner_system_idx` ON `lists` (`owner_id`,`system`) WHERE system IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `lists_link_token_idx` ON `lists` (`link_token`);--> statement-breakpoint
ALTER TABLE `profiles` ADD `list_activity_in_feed` integer DEFAULT true NOT NULL;