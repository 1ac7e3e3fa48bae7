-- The name indexes of 0031 without the tag names (issue 23). A word's posting list covers every
-- column, so with tags in the table a tag word ("italian", "chinese") in the name filter
-- `dish_name : "italian"` read the list of every dish tagged Italian and checked each row's
-- columns: 4.5 ms at scale 100 in an area, for a name match that rarely exists. The tag filter
-- is checked on the item row instead (exactFilters), like diet and free-from. Tables, their
-- rows and triggers are made anew (FTS5 columns cannot be dropped).
DROP TRIGGER IF EXISTS `catalogue_search_rank_dish_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalogue_search_rank_dish_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalogue_search_rank_dish_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalogue_search_rank_dish_tag_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalogue_search_rank_dish_tag_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalogue_search_rank_restaurant_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalogue_search_rank_restaurant_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalogue_search_rank_restaurant_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalogue_search_rank_restaurant_tag_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalogue_search_rank_restaurant_tag_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalogue_search_rank_tag_rename`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalogue_search_rank_area_rename`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalogue_search_rank_region_rename`;
--> statement-breakpoint
DROP TABLE `dish_rank`;
--> statement-breakpoint
DROP TABLE `restaurant_rank`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `dish_rank` USING fts5(
  `dish_name`, `place`,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `restaurant_rank` USING fts5(
  `name`, `place`,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8'
);
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_dish_insert` AFTER INSERT ON `dishes` BEGIN
  DELETE FROM `dish_rank` WHERE rowid IN (SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`) FROM `dishes` d WHERE d.`id` = new.`id`);
  INSERT INTO `dish_rank` (rowid, `dish_name`, `place`)
    SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`), d.`dish_name`, a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_dish_update` AFTER UPDATE OF `dish_name`, `area_id`, `region_id`, `bayes_score` ON `dishes`
  WHEN old.`dish_name` IS NOT new.`dish_name` OR old.`area_id` IS NOT new.`area_id` OR old.`region_id` IS NOT new.`region_id` OR old.`bayes_score` IS NOT new.`bayes_score` BEGIN
  DELETE FROM `dish_rank` WHERE rowid = (CAST(round(old.`bayes_score` * 1000000) AS INTEGER) * 4194304 + old.`id`);
  DELETE FROM `dish_rank` WHERE rowid IN (SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`) FROM `dishes` d WHERE d.`id` = new.`id`);
  INSERT INTO `dish_rank` (rowid, `dish_name`, `place`)
    SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`), d.`dish_name`, a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_dish_delete` AFTER DELETE ON `dishes` BEGIN
  DELETE FROM `dish_rank` WHERE rowid = (CAST(round(old.`bayes_score` * 1000000) AS INTEGER) * 4194304 + old.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_restaurant_insert` AFTER INSERT ON `restaurants` BEGIN
  DELETE FROM `restaurant_rank` WHERE rowid IN (SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`) FROM `restaurants` r WHERE r.`id` = new.`id`);
  INSERT INTO `restaurant_rank` (rowid, `name`, `place`)
    SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`), r.`name`, a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_restaurant_update` AFTER UPDATE OF `name`, `area_id`, `region_id`, `bayes_score` ON `restaurants`
  WHEN old.`name` IS NOT new.`name` OR old.`area_id` IS NOT new.`area_id` OR old.`region_id` IS NOT new.`region_id` OR old.`bayes_score` IS NOT new.`bayes_score` BEGIN
  DELETE FROM `restaurant_rank` WHERE rowid = (CAST(round(old.`bayes_score` * 1000000) AS INTEGER) * 4194304 + old.`id`);
  DELETE FROM `restaurant_rank` WHERE rowid IN (SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`) FROM `restaurants` r WHERE r.`id` = new.`id`);
  INSERT INTO `restaurant_rank` (rowid, `name`, `place`)
    SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`), r.`name`, a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_restaurant_delete` AFTER DELETE ON `restaurants` BEGIN
  DELETE FROM `restaurant_rank` WHERE rowid = (CAST(round(old.`bayes_score` * 1000000) AS INTEGER) * 4194304 + old.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_area_rename` AFTER UPDATE OF `area_name` ON `areas` WHEN old.`area_name` IS NOT new.`area_name` BEGIN
  DELETE FROM `dish_rank` WHERE rowid IN (SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`) FROM `dishes` d WHERE d.`area_id` = new.`id`);
  INSERT INTO `dish_rank` (rowid, `dish_name`, `place`)
    SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`), d.`dish_name`, a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`area_id` = new.`id`;
  DELETE FROM `restaurant_rank` WHERE rowid IN (SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`) FROM `restaurants` r WHERE r.`area_id` = new.`id`);
  INSERT INTO `restaurant_rank` (rowid, `name`, `place`)
    SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`), r.`name`, a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`area_id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_region_rename` AFTER UPDATE OF `region_name` ON `regions` WHEN old.`region_name` IS NOT new.`region_name` BEGIN
  DELETE FROM `dish_rank` WHERE rowid IN (SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`) FROM `dishes` d WHERE d.`region_id` = new.`id`);
  INSERT INTO `dish_rank` (rowid, `dish_name`, `place`)
    SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`), d.`dish_name`, a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`region_id` = new.`id`;
  DELETE FROM `restaurant_rank` WHERE rowid IN (SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`) FROM `restaurants` r WHERE r.`region_id` = new.`id`);
  INSERT INTO `restaurant_rank` (rowid, `name`, `place`)
    SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`), r.`name`, a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`region_id` = new.`id`;
END;
--> statement-breakpoint
INSERT INTO `dish_rank` (rowid, `dish_name`, `place`)
  SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`), d.`dish_name`, a.`area_name` || ' ' || g.`region_name`
  FROM `dishes` d JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`;
--> statement-breakpoint
INSERT INTO `restaurant_rank` (rowid, `name`, `place`)
  SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`), r.`name`, a.`area_name` || ' ' || g.`region_name`
  FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`;
--> statement-breakpoint
INSERT INTO `dish_rank` (`dish_rank`) VALUES ('optimize');
--> statement-breakpoint
INSERT INTO `restaurant_rank` (`restaurant_rank`) VALUES ('optimize');
