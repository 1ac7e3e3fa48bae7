-- Moderation (issue 21, docs/moderation.md), the parts drizzle-kit cannot write: the triggers
-- that keep the queue current from the report tables (the way feed_entries and the search
-- tables are kept: in the same statement as the write, so no report path can forget), the
-- queue of the reports made before this migration, and the log's append-only rule.
INSERT INTO `moderation_items` (`kind`, `target_id`, `state`, `source`, `opened_at`, `report_count`)
  SELECT 'review', `post_id`, 'open', 'reports', min(`created_at`), count(*) FROM `review_reports` GROUP BY `post_id`
  UNION ALL
  SELECT 'comment', `comment_id`, 'open', 'reports', min(`created_at`), count(*) FROM `comment_reports` GROUP BY `comment_id`
  UNION ALL
  SELECT 'user', `target_id`, 'open', 'reports', min(`created_at`), count(*) FROM `user_reports`
    WHERE `target_id` IS NOT NULL GROUP BY `target_id`;
--> statement-breakpoint
INSERT INTO `moderation_item_reasons` (`item_id`, `reason`, `kind`, `report_count`, `opened_at`, `is_open`)
  SELECT i.`id`, r.`reason`, 'review', count(*), i.`opened_at`, 1
    FROM `review_reports` r JOIN `moderation_items` i ON i.`kind` = 'review' AND i.`target_id` = r.`post_id`
    GROUP BY i.`id`, r.`reason`
  UNION ALL
  SELECT i.`id`, r.`reason`, 'comment', count(*), i.`opened_at`, 1
    FROM `comment_reports` r JOIN `moderation_items` i ON i.`kind` = 'comment' AND i.`target_id` = r.`comment_id`
    GROUP BY i.`id`, r.`reason`
  UNION ALL
  SELECT i.`id`, r.`reason`, 'user', count(*), i.`opened_at`, 1
    FROM `user_reports` r JOIN `moderation_items` i ON i.`kind` = 'user' AND i.`target_id` = r.`target_id`
    GROUP BY i.`id`, r.`reason`;
--> statement-breakpoint
-- A report opens its target's item, or bumps the open one, and counts its reason there.
CREATE TRIGGER `moderation_review_report` AFTER INSERT ON `review_reports` BEGIN
  INSERT INTO `moderation_items` (`kind`, `target_id`, `state`, `source`, `opened_at`, `report_count`)
    VALUES ('review', new.`post_id`, 'open', 'reports', new.`created_at`, 1)
    ON CONFLICT (`kind`, `target_id`) WHERE `state` = 'open' DO UPDATE SET `report_count` = `report_count` + 1;
  INSERT INTO `moderation_item_reasons` (`item_id`, `reason`, `kind`, `report_count`, `opened_at`, `is_open`)
    SELECT `id`, new.`reason`, 'review', 1, `opened_at`, 1 FROM `moderation_items`
    WHERE `kind` = 'review' AND `target_id` = new.`post_id` AND `state` = 'open'
    ON CONFLICT (`item_id`, `reason`) DO UPDATE SET `report_count` = `report_count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `moderation_comment_report` AFTER INSERT ON `comment_reports` BEGIN
  INSERT INTO `moderation_items` (`kind`, `target_id`, `state`, `source`, `opened_at`, `report_count`)
    VALUES ('comment', new.`comment_id`, 'open', 'reports', new.`created_at`, 1)
    ON CONFLICT (`kind`, `target_id`) WHERE `state` = 'open' DO UPDATE SET `report_count` = `report_count` + 1;
  INSERT INTO `moderation_item_reasons` (`item_id`, `reason`, `kind`, `report_count`, `opened_at`, `is_open`)
    SELECT `id`, new.`reason`, 'comment', 1, `opened_at`, 1 FROM `moderation_items`
    WHERE `kind` = 'comment' AND `target_id` = new.`comment_id` AND `state` = 'open'
    ON CONFLICT (`item_id`, `reason`) DO UPDATE SET `report_count` = `report_count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `moderation_user_report` AFTER INSERT ON `user_reports` WHEN new.`target_id` IS NOT NULL BEGIN
  INSERT INTO `moderation_items` (`kind`, `target_id`, `state`, `source`, `opened_at`, `report_count`)
    VALUES ('user', new.`target_id`, 'open', 'reports', new.`created_at`, 1)
    ON CONFLICT (`kind`, `target_id`) WHERE `state` = 'open' DO UPDATE SET `report_count` = `report_count` + 1;
  INSERT INTO `moderation_item_reasons` (`item_id`, `reason`, `kind`, `report_count`, `opened_at`, `is_open`)
    SELECT `id`, new.`reason`, 'user', 1, `opened_at`, 1 FROM `moderation_items`
    WHERE `kind` = 'user' AND `target_id` = new.`target_id` AND `state` = 'open'
    ON CONFLICT (`item_id`, `reason`) DO UPDATE SET `report_count` = `report_count` + 1;
END;
--> statement-breakpoint
-- The reasons' copies of the item's order and state follow the item.
CREATE TRIGGER `moderation_item_state` AFTER UPDATE OF `state`, `opened_at` ON `moderation_items` BEGIN
  UPDATE `moderation_item_reasons` SET `is_open` = (new.`state` = 'open'), `opened_at` = new.`opened_at`
    WHERE `item_id` = new.`id`;
END;
--> statement-breakpoint
-- Content its author deleted (or an erased account) leaves the queue: nothing is left to decide.
CREATE TRIGGER `moderation_post_gone` AFTER DELETE ON `posts` BEGIN
  UPDATE `moderation_items` SET `state` = 'gone' WHERE `kind` = 'review' AND `target_id` = old.`id` AND `state` = 'open';
END;
--> statement-breakpoint
CREATE TRIGGER `moderation_comment_gone` AFTER DELETE ON `comments` BEGIN
  UPDATE `moderation_items` SET `state` = 'gone' WHERE `kind` = 'comment' AND `target_id` = old.`id` AND `state` = 'open';
END;
--> statement-breakpoint
CREATE TRIGGER `moderation_user_gone` AFTER DELETE ON `users` BEGIN
  UPDATE `moderation_items` SET `state` = 'gone' WHERE `kind` = 'user' AND `target_id` = old.`id` AND `state` = 'open';
END;
--> statement-breakpoint
CREATE TRIGGER `moderation_restaurant_gone` AFTER DELETE ON `restaurants` BEGIN
  UPDATE `moderation_items` SET `state` = 'gone' WHERE `kind` = 'restaurant' AND `target_id` = old.`id` AND `state` = 'open';
END;
--> statement-breakpoint
CREATE TRIGGER `moderation_dish_gone` AFTER DELETE ON `dishes` BEGIN
  UPDATE `moderation_items` SET `state` = 'gone' WHERE `kind` = 'dish' AND `target_id` = old.`id` AND `state` = 'open';
END;
--> statement-breakpoint
-- The log is append-only, whatever code or person holds the database.
CREATE TRIGGER `moderation_log_no_update` BEFORE UPDATE ON `moderation_log` BEGIN
  SELECT RAISE(ABORT, 'moderation_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `moderation_log_no_delete` BEFORE DELETE ON `moderation_log` BEGIN
  SELECT RAISE(ABORT, 'moderation_log is append-only');
END;
