-- Name indexes in quality order (issue 23): the FTS5 rowid of dish_rank and restaurant_rank is
-- the item's Bayesian score in millionths times 2^22 plus its id, so a MATCH read with
-- ORDER BY rowid DESC walks the matches best first and stops at the LIMIT: a 2-4 letter prefix
-- found in a fifth of the catalogue costs one short doclist read instead of scoring and sorting
-- every match (catalogue-search-reads.ts, docs/perf/search.md). They hold only what the first
-- tiers of a search read: the item's own name, its tags and its place (the filters). Ids stay
-- under 2^22 (4.2M); scores are 0 to 5. Kept by triggers like dish_search (0026, decision
-- 013): a change of score moves the row, so every review rewrites one small row per item.
CREATE VIRTUAL TABLE `dish_rank` USING fts5(
  `dish_name`, `tags`, `place`,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `restaurant_rank` USING fts5(
  `name`, `tags`, `place`,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8'
);
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_dish_insert` AFTER INSERT ON `dishes` BEGIN
  DELETE FROM `dish_rank` WHERE rowid IN (SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`) FROM `dishes` d WHERE d.`id` = new.`id`);
  INSERT INTO `dish_rank` (rowid, `dish_name`, `tags`, `place`)
    SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`), d.`dish_name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `dish_tags` dt JOIN `tags` t ON t.`id` = dt.`tag_id` WHERE dt.`dish_id` = d.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_dish_update` AFTER UPDATE OF `dish_name`, `area_id`, `region_id`, `bayes_score` ON `dishes`
  WHEN old.`dish_name` IS NOT new.`dish_name` OR old.`area_id` IS NOT new.`area_id` OR old.`region_id` IS NOT new.`region_id` OR old.`bayes_score` IS NOT new.`bayes_score` BEGIN
  DELETE FROM `dish_rank` WHERE rowid = (CAST(round(old.`bayes_score` * 1000000) AS INTEGER) * 4194304 + old.`id`);
  DELETE FROM `dish_rank` WHERE rowid IN (SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`) FROM `dishes` d WHERE d.`id` = new.`id`);
  INSERT INTO `dish_rank` (rowid, `dish_name`, `tags`, `place`)
    SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`), d.`dish_name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `dish_tags` dt JOIN `tags` t ON t.`id` = dt.`tag_id` WHERE dt.`dish_id` = d.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_dish_delete` AFTER DELETE ON `dishes` BEGIN
  DELETE FROM `dish_rank` WHERE rowid = (CAST(round(old.`bayes_score` * 1000000) AS INTEGER) * 4194304 + old.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_dish_tag_insert` AFTER INSERT ON `dish_tags` BEGIN
  DELETE FROM `dish_rank` WHERE rowid IN (SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`) FROM `dishes` d WHERE d.`id` = new.`dish_id`);
  INSERT INTO `dish_rank` (rowid, `dish_name`, `tags`, `place`)
    SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`), d.`dish_name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `dish_tags` dt JOIN `tags` t ON t.`id` = dt.`tag_id` WHERE dt.`dish_id` = d.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`id` = new.`dish_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_dish_tag_delete` AFTER DELETE ON `dish_tags` BEGIN
  DELETE FROM `dish_rank` WHERE rowid IN (SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`) FROM `dishes` d WHERE d.`id` = old.`dish_id`);
  INSERT INTO `dish_rank` (rowid, `dish_name`, `tags`, `place`)
    SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`), d.`dish_name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `dish_tags` dt JOIN `tags` t ON t.`id` = dt.`tag_id` WHERE dt.`dish_id` = d.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`id` = old.`dish_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_restaurant_insert` AFTER INSERT ON `restaurants` BEGIN
  DELETE FROM `restaurant_rank` WHERE rowid IN (SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`) FROM `restaurants` r WHERE r.`id` = new.`id`);
  INSERT INTO `restaurant_rank` (rowid, `name`, `tags`, `place`)
    SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`), r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_restaurant_update` AFTER UPDATE OF `name`, `area_id`, `region_id`, `bayes_score` ON `restaurants`
  WHEN old.`name` IS NOT new.`name` OR old.`area_id` IS NOT new.`area_id` OR old.`region_id` IS NOT new.`region_id` OR old.`bayes_score` IS NOT new.`bayes_score` BEGIN
  DELETE FROM `restaurant_rank` WHERE rowid = (CAST(round(old.`bayes_score` * 1000000) AS INTEGER) * 4194304 + old.`id`);
  DELETE FROM `restaurant_rank` WHERE rowid IN (SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`) FROM `restaurants` r WHERE r.`id` = new.`id`);
  INSERT INTO `restaurant_rank` (rowid, `name`, `tags`, `place`)
    SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`), r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_restaurant_delete` AFTER DELETE ON `restaurants` BEGIN
  DELETE FROM `restaurant_rank` WHERE rowid = (CAST(round(old.`bayes_score` * 1000000) AS INTEGER) * 4194304 + old.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_restaurant_tag_insert` AFTER INSERT ON `restaurant_tags` BEGIN
  DELETE FROM `restaurant_rank` WHERE rowid IN (SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`) FROM `restaurants` r WHERE r.`id` = new.`restaurant_id`);
  INSERT INTO `restaurant_rank` (rowid, `name`, `tags`, `place`)
    SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`), r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`id` = new.`restaurant_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_restaurant_tag_delete` AFTER DELETE ON `restaurant_tags` BEGIN
  DELETE FROM `restaurant_rank` WHERE rowid IN (SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`) FROM `restaurants` r WHERE r.`id` = old.`restaurant_id`);
  INSERT INTO `restaurant_rank` (rowid, `name`, `tags`, `place`)
    SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`), r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`id` = old.`restaurant_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_tag_rename` AFTER UPDATE OF `tag_name` ON `tags` WHEN old.`tag_name` IS NOT new.`tag_name` BEGIN
  DELETE FROM `dish_rank` WHERE rowid IN (SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`) FROM `dishes` d WHERE d.`id` IN (SELECT `dish_id` FROM `dish_tags` WHERE `tag_id` = new.`id`));
  INSERT INTO `dish_rank` (rowid, `dish_name`, `tags`, `place`)
    SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`), d.`dish_name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `dish_tags` dt JOIN `tags` t ON t.`id` = dt.`tag_id` WHERE dt.`dish_id` = d.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`id` IN (SELECT `dish_id` FROM `dish_tags` WHERE `tag_id` = new.`id`);
  DELETE FROM `restaurant_rank` WHERE rowid IN (SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`) FROM `restaurants` r WHERE r.`id` IN (SELECT `restaurant_id` FROM `restaurant_tags` WHERE `tag_id` = new.`id`));
  INSERT INTO `restaurant_rank` (rowid, `name`, `tags`, `place`)
    SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`), r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`id` IN (SELECT `restaurant_id` FROM `restaurant_tags` WHERE `tag_id` = new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_area_rename` AFTER UPDATE OF `area_name` ON `areas` WHEN old.`area_name` IS NOT new.`area_name` BEGIN
  DELETE FROM `dish_rank` WHERE rowid IN (SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`) FROM `dishes` d WHERE d.`area_id` = new.`id`);
  INSERT INTO `dish_rank` (rowid, `dish_name`, `tags`, `place`)
    SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`), d.`dish_name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `dish_tags` dt JOIN `tags` t ON t.`id` = dt.`tag_id` WHERE dt.`dish_id` = d.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`area_id` = new.`id`;
  DELETE FROM `restaurant_rank` WHERE rowid IN (SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`) FROM `restaurants` r WHERE r.`area_id` = new.`id`);
  INSERT INTO `restaurant_rank` (rowid, `name`, `tags`, `place`)
    SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`), r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`area_id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_rank_region_rename` AFTER UPDATE OF `region_name` ON `regions` WHEN old.`region_name` IS NOT new.`region_name` BEGIN
  DELETE FROM `dish_rank` WHERE rowid IN (SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`) FROM `dishes` d WHERE d.`region_id` = new.`id`);
  INSERT INTO `dish_rank` (rowid, `dish_name`, `tags`, `place`)
    SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`), d.`dish_name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `dish_tags` dt JOIN `tags` t ON t.`id` = dt.`tag_id` WHERE dt.`dish_id` = d.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`region_id` = new.`id`;
  DELETE FROM `restaurant_rank` WHERE rowid IN (SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`) FROM `restaurants` r WHERE r.`region_id` = new.`id`);
  INSERT INTO `restaurant_rank` (rowid, `name`, `tags`, `place`)
    SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`), r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`region_id` = new.`id`;
END;
--> statement-breakpoint
-- The rows of today's catalogue, then one segment each (see 0002).
INSERT INTO `dish_rank` (rowid, `dish_name`, `tags`, `place`)
  SELECT (CAST(round(d.`bayes_score` * 1000000) AS INTEGER) * 4194304 + d.`id`), d.`dish_name`,
    coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `dish_tags` dt JOIN `tags` t ON t.`id` = dt.`tag_id` WHERE dt.`dish_id` = d.`id`), ''),
    a.`area_name` || ' ' || g.`region_name`
  FROM `dishes` d JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`;
--> statement-breakpoint
INSERT INTO `restaurant_rank` (rowid, `name`, `tags`, `place`)
  SELECT (CAST(round(r.`bayes_score` * 1000000) AS INTEGER) * 4194304 + r.`id`), r.`name`,
    coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
    a.`area_name` || ' ' || g.`region_name`
  FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`;
--> statement-breakpoint
INSERT INTO `dish_rank` (`dish_rank`) VALUES ('optimize');
--> statement-breakpoint
INSERT INTO `restaurant_rank` (`restaurant_rank`) VALUES ('optimize');
