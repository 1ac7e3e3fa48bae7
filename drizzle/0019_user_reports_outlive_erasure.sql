-- The table gains a row id and a pseudonym; existing reports keep their people and texts.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_user_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target_id` integer,
	`target_pseudonym` text,
	`reporter_id` integer,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`target_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_user_reports`("target_id", "reporter_id", "reason", "note", "created_at") SELECT "target_id", "reporter_id", "reason", "note", "created_at" FROM `user_reports` ORDER BY "created_at";--> statement-breakpoint
DROP TABLE `user_reports`;--> statement-breakpoint
ALTER TABLE `__new_user_reports` RENAME TO `user_reports`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `user_reports_target_reporter_unique` ON `user_reports` (`target_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `user_reports_reporter_idx` ON `user_reports` (`reporter_id`);--> statement-breakpoint
CREATE INDEX `user_reports_created_idx` ON `user_reports` (`created_at`);