-- Issue 29 (docs/owners.md). Dishes a verified owner added to a restaurant no moderator had
-- approved wait with it (owner-facts.ts insertMenuDishStatement); they are listed with it.
CREATE TRIGGER `restaurant_approved_owner_dishes` AFTER UPDATE OF `listing_state` ON `restaurants`
WHEN old.`listing_state` = 'pending' AND new.`listing_state` = 'approved' BEGIN
  UPDATE `dishes` SET `listing_state` = 'approved'
  WHERE `restaurant_id` = new.`id` AND `listing_state` = 'pending'
    AND `created_by` IN (SELECT `user_id` FROM `restaurant_owners` WHERE `restaurant_id` = new.`id`);
END;
--> statement-breakpoint
-- Several people may each have an evidence claim of one restaurant waiting, and a restaurant
-- has one open item: when it closes (a claim decided, the listing approved), the oldest claim
-- still waiting opens the next item, so no claim is left without a moderator to decide it.
CREATE TRIGGER `moderation_claim_still_waiting` AFTER UPDATE OF `state` ON `moderation_items`
WHEN old.`state` = 'open' AND new.`state` <> 'open' AND new.`kind` = 'restaurant' BEGIN
  INSERT INTO `moderation_items` (`kind`, `target_id`, `state`, `source`, `opened_at`, `report_count`, `signals`)
  SELECT 'restaurant', c.`restaurant_id`, 'open', 'claim-evidence', c.`created_at`, 0,
    json_object('claim', json_object(
      'claimId', c.`id`,
      'userId', c.`user_id`,
      'username', u.`username`,
      'evidenceUrl', '/api/moderation/claims/' || c.`id` || '/evidence',
      'contentType', c.`evidence_type`,
      'note', c.`note`,
      'hasOwner', json(CASE WHEN EXISTS (SELECT 1 FROM `restaurant_owners` o
        WHERE o.`restaurant_id` = c.`restaurant_id` AND o.`active` = 1) THEN 'true' ELSE 'false' END)))
  FROM `restaurant_claims` c JOIN `users` u ON u.`id` = c.`user_id`
  WHERE c.`restaurant_id` = new.`target_id` AND c.`method` = 'evidence' AND c.`state` = 'pending'
  ORDER BY c.`id` LIMIT 1
  ON CONFLICT DO NOTHING;
END;
