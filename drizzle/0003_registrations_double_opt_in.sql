DROP INDEX `early_access_kind_email_unique`;--> statement-breakpoint
ALTER TABLE `early_access_registrations` ADD `status` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `early_access_registrations` ADD `confirm_token_hash` text;--> statement-breakpoint
ALTER TABLE `early_access_registrations` ADD `confirm_expires_at` integer;--> statement-breakpoint
ALTER TABLE `early_access_registrations` ADD `confirmed_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_kind_email_status_unique` ON `early_access_registrations` (`kind`,`email`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_confirm_token_unique` ON `early_access_registrations` (`confirm_token_hash`);--> statement-breakpoint
CREATE INDEX `registrations_status_expiry_idx` ON `early_access_registrations` (`status`,`confirm_expires_at`);