-- The catalogue search tables (dish_search, restaurant_search: drizzle/0001, 0002) kept by
-- triggers, as people_search, post_search and feed_entries already are (0008, 0010, 0012,
-- 0013): every writer (the saves, moderation's edits and merges, the seed, a script on D1)
-- keeps the index current in the same statement as its write, with no call to forget.
-- docs/decisions/013-one-way-to-query.md says why. A dish's row holds its restaurant's name,
-- its tags and its place; a restaurant's row its tags, its dishes' names and its place. Each
-- trigger re-writes the rows its change touches (FTS5 has no partial update), and an UPDATE
-- trigger fires only when a column the index holds really changed (aggregates, scores and
-- listing states are written far more often and leave the index alone). The seed drops them
-- around its bulk load and rebuilds once (src/seed/seed.ts).
-- A dish: its own row, and its restaurant's list of dish names.
CREATE TRIGGER `catalogue_search_dish_insert` AFTER INSERT ON `dishes` BEGIN
  DELETE FROM `dish_search` WHERE rowid IN (new.`id`);
  INSERT INTO `dish_search` (rowid, `dish_name`, `restaurant_name`, `tags`, `description`, `place`)
    SELECT d.`id`, d.`dish_name`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `dish_tags` dt JOIN `tags` t ON t.`id` = dt.`tag_id` WHERE dt.`dish_id` = d.`id`), ''),
      d.`description` || ' ' || d.`about`, a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `restaurants` r ON r.`id` = d.`restaurant_id`
      JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`id` IN (new.`id`);
  DELETE FROM `restaurant_search` WHERE rowid IN (new.`restaurant_id`);
  INSERT INTO `restaurant_search` (rowid, `name`, `tags`, `description`, `dish_names`, `place`)
    SELECT r.`id`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
      r.`description`,
      coalesce((SELECT group_concat(d.`dish_name`, ' ') FROM `dishes` d WHERE d.`restaurant_id` = r.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`id` IN (new.`restaurant_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_dish_update` AFTER UPDATE OF `dish_name`, `description`, `about`, `restaurant_id`, `area_id`, `region_id` ON `dishes`
  WHEN old.`dish_name` IS NOT new.`dish_name` OR old.`description` IS NOT new.`description` OR old.`about` IS NOT new.`about` OR old.`restaurant_id` IS NOT new.`restaurant_id` OR old.`area_id` IS NOT new.`area_id` OR old.`region_id` IS NOT new.`region_id` BEGIN
  DELETE FROM `dish_search` WHERE rowid IN (new.`id`);
  INSERT INTO `dish_search` (rowid, `dish_name`, `restaurant_name`, `tags`, `description`, `place`)
    SELECT d.`id`, d.`dish_name`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `dish_tags` dt JOIN `tags` t ON t.`id` = dt.`tag_id` WHERE dt.`dish_id` = d.`id`), ''),
      d.`description` || ' ' || d.`about`, a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `restaurants` r ON r.`id` = d.`restaurant_id`
      JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`id` IN (new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_dish_names` AFTER UPDATE OF `dish_name`, `restaurant_id` ON `dishes`
  WHEN old.`dish_name` IS NOT new.`dish_name` OR old.`restaurant_id` IS NOT new.`restaurant_id` BEGIN
  DELETE FROM `restaurant_search` WHERE rowid IN (old.`restaurant_id`, new.`restaurant_id`);
  INSERT INTO `restaurant_search` (rowid, `name`, `tags`, `description`, `dish_names`, `place`)
    SELECT r.`id`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
      r.`description`,
      coalesce((SELECT group_concat(d.`dish_name`, ' ') FROM `dishes` d WHERE d.`restaurant_id` = r.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`id` IN (old.`restaurant_id`, new.`restaurant_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_dish_delete` AFTER DELETE ON `dishes` BEGIN
  DELETE FROM `dish_search` WHERE rowid = old.`id`;
  DELETE FROM `restaurant_search` WHERE rowid IN (old.`restaurant_id`);
  INSERT INTO `restaurant_search` (rowid, `name`, `tags`, `description`, `dish_names`, `place`)
    SELECT r.`id`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
      r.`description`,
      coalesce((SELECT group_concat(d.`dish_name`, ' ') FROM `dishes` d WHERE d.`restaurant_id` = r.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`id` IN (old.`restaurant_id`);
END;
--> statement-breakpoint
-- A restaurant: its own row, and its dishes' rows, which hold its name.
CREATE TRIGGER `catalogue_search_restaurant_insert` AFTER INSERT ON `restaurants` BEGIN
  DELETE FROM `restaurant_search` WHERE rowid IN (new.`id`);
  INSERT INTO `restaurant_search` (rowid, `name`, `tags`, `description`, `dish_names`, `place`)
    SELECT r.`id`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
      r.`description`,
      coalesce((SELECT group_concat(d.`dish_name`, ' ') FROM `dishes` d WHERE d.`restaurant_id` = r.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`id` IN (new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_restaurant_update` AFTER UPDATE OF `name`, `description`, `area_id`, `region_id` ON `restaurants`
  WHEN old.`name` IS NOT new.`name` OR old.`description` IS NOT new.`description` OR old.`area_id` IS NOT new.`area_id` OR old.`region_id` IS NOT new.`region_id` BEGIN
  DELETE FROM `restaurant_search` WHERE rowid IN (new.`id`);
  INSERT INTO `restaurant_search` (rowid, `name`, `tags`, `description`, `dish_names`, `place`)
    SELECT r.`id`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
      r.`description`,
      coalesce((SELECT group_concat(d.`dish_name`, ' ') FROM `dishes` d WHERE d.`restaurant_id` = r.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`id` IN (new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_restaurant_rename` AFTER UPDATE OF `name` ON `restaurants` WHEN old.`name` IS NOT new.`name` BEGIN
  DELETE FROM `dish_search` WHERE rowid IN (SELECT `id` FROM `dishes` WHERE `restaurant_id` = new.`id`);
  INSERT INTO `dish_search` (rowid, `dish_name`, `restaurant_name`, `tags`, `description`, `place`)
    SELECT d.`id`, d.`dish_name`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `dish_tags` dt JOIN `tags` t ON t.`id` = dt.`tag_id` WHERE dt.`dish_id` = d.`id`), ''),
      d.`description` || ' ' || d.`about`, a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `restaurants` r ON r.`id` = d.`restaurant_id`
      JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`id` IN (SELECT `id` FROM `dishes` WHERE `restaurant_id` = new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_restaurant_delete` AFTER DELETE ON `restaurants` BEGIN
  DELETE FROM `restaurant_search` WHERE rowid = old.`id`;
END;
--> statement-breakpoint
-- Tags added to or taken from an item.
CREATE TRIGGER `catalogue_search_dish_tag_insert` AFTER INSERT ON `dish_tags` BEGIN
  DELETE FROM `dish_search` WHERE rowid IN (new.`dish_id`);
  INSERT INTO `dish_search` (rowid, `dish_name`, `restaurant_name`, `tags`, `description`, `place`)
    SELECT d.`id`, d.`dish_name`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `dish_tags` dt JOIN `tags` t ON t.`id` = dt.`tag_id` WHERE dt.`dish_id` = d.`id`), ''),
      d.`description` || ' ' || d.`about`, a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `restaurants` r ON r.`id` = d.`restaurant_id`
      JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`id` IN (new.`dish_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_dish_tag_delete` AFTER DELETE ON `dish_tags` BEGIN
  DELETE FROM `dish_search` WHERE rowid IN (old.`dish_id`);
  INSERT INTO `dish_search` (rowid, `dish_name`, `restaurant_name`, `tags`, `description`, `place`)
    SELECT d.`id`, d.`dish_name`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `dish_tags` dt JOIN `tags` t ON t.`id` = dt.`tag_id` WHERE dt.`dish_id` = d.`id`), ''),
      d.`description` || ' ' || d.`about`, a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `restaurants` r ON r.`id` = d.`restaurant_id`
      JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`id` IN (old.`dish_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_restaurant_tag_insert` AFTER INSERT ON `restaurant_tags` BEGIN
  DELETE FROM `restaurant_search` WHERE rowid IN (new.`restaurant_id`);
  INSERT INTO `restaurant_search` (rowid, `name`, `tags`, `description`, `dish_names`, `place`)
    SELECT r.`id`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
      r.`description`,
      coalesce((SELECT group_concat(d.`dish_name`, ' ') FROM `dishes` d WHERE d.`restaurant_id` = r.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`id` IN (new.`restaurant_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_restaurant_tag_delete` AFTER DELETE ON `restaurant_tags` BEGIN
  DELETE FROM `restaurant_search` WHERE rowid IN (old.`restaurant_id`);
  INSERT INTO `restaurant_search` (rowid, `name`, `tags`, `description`, `dish_names`, `place`)
    SELECT r.`id`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
      r.`description`,
      coalesce((SELECT group_concat(d.`dish_name`, ' ') FROM `dishes` d WHERE d.`restaurant_id` = r.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`id` IN (old.`restaurant_id`);
END;
--> statement-breakpoint
-- A renamed tag, area or region: every item that shows it.
CREATE TRIGGER `catalogue_search_tag_rename` AFTER UPDATE OF `tag_name` ON `tags` WHEN old.`tag_name` IS NOT new.`tag_name` BEGIN
  DELETE FROM `dish_search` WHERE rowid IN (SELECT `dish_id` FROM `dish_tags` WHERE `tag_id` = new.`id`);
  INSERT INTO `dish_search` (rowid, `dish_name`, `restaurant_name`, `tags`, `description`, `place`)
    SELECT d.`id`, d.`dish_name`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `dish_tags` dt JOIN `tags` t ON t.`id` = dt.`tag_id` WHERE dt.`dish_id` = d.`id`), ''),
      d.`description` || ' ' || d.`about`, a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `restaurants` r ON r.`id` = d.`restaurant_id`
      JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`id` IN (SELECT `dish_id` FROM `dish_tags` WHERE `tag_id` = new.`id`);
  DELETE FROM `restaurant_search` WHERE rowid IN (SELECT `restaurant_id` FROM `restaurant_tags` WHERE `tag_id` = new.`id`);
  INSERT INTO `restaurant_search` (rowid, `name`, `tags`, `description`, `dish_names`, `place`)
    SELECT r.`id`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
      r.`description`,
      coalesce((SELECT group_concat(d.`dish_name`, ' ') FROM `dishes` d WHERE d.`restaurant_id` = r.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`id` IN (SELECT `restaurant_id` FROM `restaurant_tags` WHERE `tag_id` = new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_area_rename` AFTER UPDATE OF `area_name` ON `areas` WHEN old.`area_name` IS NOT new.`area_name` BEGIN
  DELETE FROM `dish_search` WHERE rowid IN (SELECT `id` FROM `dishes` WHERE `area_id` = new.`id`);
  INSERT INTO `dish_search` (rowid, `dish_name`, `restaurant_name`, `tags`, `description`, `place`)
    SELECT d.`id`, d.`dish_name`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `dish_tags` dt JOIN `tags` t ON t.`id` = dt.`tag_id` WHERE dt.`dish_id` = d.`id`), ''),
      d.`description` || ' ' || d.`about`, a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `restaurants` r ON r.`id` = d.`restaurant_id`
      JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`id` IN (SELECT `id` FROM `dishes` WHERE `area_id` = new.`id`);
  DELETE FROM `restaurant_search` WHERE rowid IN (SELECT `id` FROM `restaurants` WHERE `area_id` = new.`id`);
  INSERT INTO `restaurant_search` (rowid, `name`, `tags`, `description`, `dish_names`, `place`)
    SELECT r.`id`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
      r.`description`,
      coalesce((SELECT group_concat(d.`dish_name`, ' ') FROM `dishes` d WHERE d.`restaurant_id` = r.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`id` IN (SELECT `id` FROM `restaurants` WHERE `area_id` = new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_region_rename` AFTER UPDATE OF `region_name` ON `regions` WHEN old.`region_name` IS NOT new.`region_name` BEGIN
  DELETE FROM `dish_search` WHERE rowid IN (SELECT `id` FROM `dishes` WHERE `region_id` = new.`id`);
  INSERT INTO `dish_search` (rowid, `dish_name`, `restaurant_name`, `tags`, `description`, `place`)
    SELECT d.`id`, d.`dish_name`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `dish_tags` dt JOIN `tags` t ON t.`id` = dt.`tag_id` WHERE dt.`dish_id` = d.`id`), ''),
      d.`description` || ' ' || d.`about`, a.`area_name` || ' ' || g.`region_name`
    FROM `dishes` d JOIN `restaurants` r ON r.`id` = d.`restaurant_id`
      JOIN `areas` a ON a.`id` = d.`area_id` JOIN `regions` g ON g.`id` = d.`region_id`
    WHERE d.`id` IN (SELECT `id` FROM `dishes` WHERE `region_id` = new.`id`);
  DELETE FROM `restaurant_search` WHERE rowid IN (SELECT `id` FROM `restaurants` WHERE `region_id` = new.`id`);
  INSERT INTO `restaurant_search` (rowid, `name`, `tags`, `description`, `dish_names`, `place`)
    SELECT r.`id`, r.`name`,
      coalesce((SELECT group_concat(t.`tag_name`, ' ') FROM `restaurant_tags` rt JOIN `tags` t ON t.`id` = rt.`tag_id` WHERE rt.`restaurant_id` = r.`id`), ''),
      r.`description`,
      coalesce((SELECT group_concat(d.`dish_name`, ' ') FROM `dishes` d WHERE d.`restaurant_id` = r.`id`), ''),
      a.`area_name` || ' ' || g.`region_name`
    FROM `restaurants` r JOIN `areas` a ON a.`id` = r.`area_id` JOIN `regions` g ON g.`id` = r.`region_id`
    WHERE r.`id` IN (SELECT `id` FROM `restaurants` WHERE `region_id` = new.`id`);
END;
