ALTER TABLE `restaurants` ADD `lat` real;--> statement-breakpoint
ALTER TABLE `restaurants` ADD `lng` real;--> statement-breakpoint
ALTER TABLE `restaurants` ADD `postcode_district` text;--> statement-breakpoint
ALTER TABLE `restaurants` ADD `pin_source` text;