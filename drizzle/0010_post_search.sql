-- Post search by keyword (issue 12, GET /posts/search/{page}). drizzle-kit does not model FTS5
-- virtual tables, so this is a custom migration. One row per top-level post (rowid is its id):
-- its text and its subject's name, plus the text and dish names of the dish reviews posted
-- with it, so "ramen" finds a restaurant review whose dish review was the ramen. Triggers keep
-- it in step with posts, so every writer (the review API, the seed, tests) is covered.
CREATE VIRTUAL TABLE `post_search` USING fts5(
  `content`, `subject`,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
--> statement-breakpoint
CREATE VIEW `post_search_source` AS
  SELECT p.`id` AS `id`,
    p.`content` || coalesce((SELECT ' ' || group_concat(g.`content`, ' ') FROM `posts` g WHERE g.`review_group_id` = p.`id`), '') AS `content`,
    coalesce(
      (SELECT r.`name` FROM `restaurants` r WHERE r.`id` = p.`restaurant_id`),
      (SELECT d.`dish_name` || ' ' || r.`name` FROM `dishes` d JOIN `restaurants` r ON r.`id` = d.`restaurant_id` WHERE d.`id` = p.`dish_id`),
      ''
    ) || coalesce((SELECT ' ' || group_concat(d.`dish_name`, ' ') FROM `posts` g JOIN `dishes` d ON d.`id` = g.`dish_id` WHERE g.`review_group_id` = p.`id`), '') AS `subject`
  FROM `posts` p
  WHERE p.`review_group_id` IS NULL;
--> statement-breakpoint
INSERT INTO `post_search` (`rowid`, `content`, `subject`) SELECT `id`, `content`, `subject` FROM `post_search_source`;
--> statement-breakpoint
CREATE TRIGGER `post_search_insert` AFTER INSERT ON `posts` BEGIN
  DELETE FROM `post_search` WHERE `rowid` = coalesce(new.`review_group_id`, new.`id`);
  INSERT INTO `post_search` (`rowid`, `content`, `subject`)
    SELECT `id`, `content`, `subject` FROM `post_search_source` WHERE `id` = coalesce(new.`review_group_id`, new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `post_search_update` AFTER UPDATE OF `content`, `restaurant_id`, `dish_id`, `review_group_id` ON `posts` BEGIN
  DELETE FROM `post_search` WHERE `rowid` IN (coalesce(old.`review_group_id`, old.`id`), coalesce(new.`review_group_id`, new.`id`));
  INSERT INTO `post_search` (`rowid`, `content`, `subject`)
    SELECT `id`, `content`, `subject` FROM `post_search_source`
    WHERE `id` IN (coalesce(old.`review_group_id`, old.`id`), coalesce(new.`review_group_id`, new.`id`));
END;
--> statement-breakpoint
CREATE TRIGGER `post_search_delete` AFTER DELETE ON `posts` BEGIN
  DELETE FROM `post_search` WHERE `rowid` = coalesce(old.`review_group_id`, old.`id`);
  INSERT INTO `post_search` (`rowid`, `content`, `subject`)
    SELECT `id`, `content`, `subject` FROM `post_search_source` WHERE `id` = old.`review_group_id`;
END;
