ALTER TABLE `dishes` ADD `listing_state` text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE `dishes` ADD `merged_into_id` integer;--> statement-breakpoint
ALTER TABLE `restaurants` ADD `listing_state` text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE `restaurants` ADD `merged_into_id` integer;