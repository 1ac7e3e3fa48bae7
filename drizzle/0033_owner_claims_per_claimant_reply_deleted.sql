DROP INDEX `restaurant_claims_waiting_evidence_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `restaurant_claims_waiting_evidence_per_claimant` ON `restaurant_claims` (`user_id`) WHERE state = 'pending' AND method = 'evidence';--> statement-breakpoint
CREATE INDEX `restaurant_claims_waiting_evidence_idx` ON `restaurant_claims` (`restaurant_id`,`id`) WHERE state = 'pending' AND method = 'evidence';--> statement-breakpoint
ALTER TABLE `owner_replies` ADD `deleted_at` integer;