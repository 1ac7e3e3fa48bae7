-- Issue 22 (docs/owners.md). A report of an owner's reply opens its moderation item (kind
-- reply, the review's post id), or bumps the open one, as comment reports do (0022).
CREATE TRIGGER `moderation_reply_report` AFTER INSERT ON `reply_reports` BEGIN
  INSERT INTO `moderation_items` (`kind`, `target_id`, `state`, `source`, `opened_at`, `report_count`)
    VALUES ('reply', new.`post_id`, 'open', 'reports', new.`created_at`, 1)
    ON CONFLICT (`kind`, `target_id`) WHERE `state` = 'open' DO UPDATE SET `report_count` = `report_count` + 1;
  INSERT INTO `moderation_item_reasons` (`item_id`, `reason`, `kind`, `report_count`, `opened_at`, `is_open`)
    SELECT `id`, new.`reason`, 'reply', 1, `opened_at`, 1 FROM `moderation_items`
    WHERE `kind` = 'reply' AND `target_id` = new.`post_id` AND `state` = 'open'
    ON CONFLICT (`item_id`, `reason`) DO UPDATE SET `report_count` = `report_count` + 1;
END;
--> statement-breakpoint
-- A reply its owner deleted leaves the queue: nothing is left to decide.
CREATE TRIGGER `moderation_reply_gone` AFTER DELETE ON `owner_replies` BEGIN
  UPDATE `moderation_items` SET `state` = 'gone' WHERE `kind` = 'reply' AND `target_id` = old.`post_id` AND `state` = 'open';
END;
--> statement-breakpoint
-- An owner's extortion report ("I am being asked for something in exchange for this review")
-- puts its item at the top of the queue, whichever path added the reason.
CREATE TRIGGER `moderation_extortion_first` AFTER INSERT ON `moderation_item_reasons` WHEN new.`reason` = 'extortion' BEGIN
  UPDATE `moderation_items` SET `queue_tier` = 0 WHERE `id` = new.`item_id`;
END;
