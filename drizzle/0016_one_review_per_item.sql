-- Custom migration (issue 20, "one voice per person per item"): a person keeps one live
-- review per restaurant and per dish (a lone dish review and one inside a restaurant review
-- are the same voice). Earlier duplicates become versions of the latest one (its text,
-- rating, incentive answer and photos in review_versions, seen by moderators only); their
-- comments, likes, saves, reports and notifications move to the kept review; dish reviews
-- grouped under a superseded restaurant review move to the kept one. Then the aggregates of
-- every item that lost a review are recomputed from its posts, exactly as
-- src/domain/ranking.ts aggregateOf does, so db:check holds. The next migration adds the
-- unique indexes that keep it so.
--
-- The trending key is a log-sum (ranking.ts): SQLite as built into libSQL and D1 has no
-- log2 or power, so 2^x and log2 are computed here from a table of exact powers of two and
-- short series (each far below db:check's 1e-6 tolerance).
CREATE TABLE `review_dedupe` (
  `post_id` integer PRIMARY KEY NOT NULL,
  `kept_id` integer NOT NULL,
  `kind` text NOT NULL,
  `item_id` integer NOT NULL,
  `superseded_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `review_dedupe` (`post_id`, `kept_id`, `kind`, `item_id`, `superseded_at`)
SELECT `id`, `kept_id`, `kind`, `item_id`, `superseded_at` FROM (
  SELECT `id`, `kind`, `item_id`,
    first_value(`id`) OVER w AS `kept_id`,
    lag(`created_at`) OVER w AS `superseded_at`
  FROM (
    SELECT `id`, `author_id`, `created_at`, 'restaurant' AS `kind`, `restaurant_id` AS `item_id`
      FROM `posts` WHERE `restaurant_id` IS NOT NULL
    UNION ALL
    SELECT `id`, `author_id`, `created_at`, 'dish', `dish_id` FROM `posts` WHERE `dish_id` IS NOT NULL
  )
  WINDOW w AS (PARTITION BY `author_id`, `kind`, `item_id` ORDER BY `created_at` DESC, `id` DESC)
) WHERE `id` <> `kept_id`;
--> statement-breakpoint
INSERT INTO `review_versions` (`post_id`, `content`, `rating_tenths`, `incentivised`, `photos`, `written_at`, `edited_at`)
SELECT d.`kept_id`, p.`content`, p.`rating_tenths`, p.`incentivised`,
  (SELECT json_group_array(json_object('fileName', i.`file_name`, 'variants', json(i.`variants`)))
    FROM (SELECT `file_name`, `variants` FROM `post_images` WHERE `post_id` = p.`id` ORDER BY `position`) i),
  coalesce(p.`updated_at`, p.`created_at`), d.`superseded_at`
FROM `review_dedupe` d JOIN `posts` p ON p.`id` = d.`post_id`
ORDER BY d.`kept_id`, d.`superseded_at`;
--> statement-breakpoint
UPDATE `comments` SET `post_id` = (SELECT `kept_id` FROM `review_dedupe` WHERE `post_id` = `comments`.`post_id`)
WHERE `post_id` IN (SELECT `post_id` FROM `review_dedupe`);
--> statement-breakpoint
UPDATE OR IGNORE `post_likes` SET `post_id` = (SELECT `kept_id` FROM `review_dedupe` WHERE `post_id` = `post_likes`.`post_id`)
WHERE `post_id` IN (SELECT `post_id` FROM `review_dedupe`);
--> statement-breakpoint
UPDATE OR IGNORE `post_saves` SET `post_id` = (SELECT `kept_id` FROM `review_dedupe` WHERE `post_id` = `post_saves`.`post_id`)
WHERE `post_id` IN (SELECT `post_id` FROM `review_dedupe`);
--> statement-breakpoint
UPDATE OR IGNORE `review_reports` SET `post_id` = (SELECT `kept_id` FROM `review_dedupe` WHERE `post_id` = `review_reports`.`post_id`)
WHERE `post_id` IN (SELECT `post_id` FROM `review_dedupe`);
--> statement-breakpoint
UPDATE `notifications` SET `post_id` = (SELECT `kept_id` FROM `review_dedupe` WHERE `post_id` = `notifications`.`post_id`)
WHERE `post_id` IN (SELECT `post_id` FROM `review_dedupe`);
--> statement-breakpoint
UPDATE `idempotency_keys` SET `post_id` = (SELECT `kept_id` FROM `review_dedupe` WHERE `post_id` = `idempotency_keys`.`post_id`)
WHERE `post_id` IN (SELECT `post_id` FROM `review_dedupe`);
--> statement-breakpoint
UPDATE `posts` SET `review_group_id` = (SELECT `kept_id` FROM `review_dedupe` WHERE `post_id` = `posts`.`review_group_id`)
WHERE `review_group_id` IN (SELECT `post_id` FROM `review_dedupe`);
--> statement-breakpoint
DELETE FROM `posts` WHERE `id` IN (SELECT `post_id` FROM `review_dedupe`);
--> statement-breakpoint
CREATE TABLE `review_dedupe_pow2` (`e` integer PRIMARY KEY NOT NULL, `v` real NOT NULL);
--> statement-breakpoint
INSERT INTO `review_dedupe_pow2` (`e`, `v`)
WITH RECURSIVE p(e, v) AS (SELECT 64, 18446744073709551616.0 UNION ALL SELECT e - 1, v / 2 FROM p WHERE e > -1000)
SELECT e, v FROM p;
--> statement-breakpoint
CREATE INDEX `review_dedupe_pow2_v` ON `review_dedupe_pow2` (`v`);
--> statement-breakpoint
CREATE TABLE `review_dedupe_items` (
  `kind` text NOT NULL,
  `item_id` integer NOT NULL,
  `review_count` integer NOT NULL DEFAULT 0,
  `rating_count` integer NOT NULL DEFAULT 0,
  `rating_sum` integer NOT NULL DEFAULT 0,
  `a_max` real,
  `s` real,
  `e2` integer,
  `z` real,
  `bayes_score` real NOT NULL DEFAULT 0,
  `trending_key` real NOT NULL DEFAULT -1e9,
  PRIMARY KEY (`kind`, `item_id`)
);
--> statement-breakpoint
INSERT INTO `review_dedupe_items` (`kind`, `item_id`) SELECT DISTINCT `kind`, `item_id` FROM `review_dedupe`;
--> statement-breakpoint
-- One row per review that ranks (not incentivised, rated): its weight w and its time a in
-- half-lives, as ranking.ts reviewWeight and addToTrendingKey compute them.
CREATE TABLE `review_dedupe_terms` (
  `kind` text NOT NULL,
  `item_id` integer NOT NULL,
  `r` integer NOT NULL,
  `w` real NOT NULL,
  `a` real NOT NULL,
  `y` real,
  `n` integer,
  `x` real
);
--> statement-breakpoint
INSERT INTO `review_dedupe_terms` (`kind`, `item_id`, `r`, `w`, `a`)
SELECT i.`kind`, i.`item_id`, p.`rating_tenths`, 0.2 + 0.8 * min(max(p.`rating_tenths`, 0), 50) / 50.0, p.`created_at` / 86400000.0 / 7
FROM `review_dedupe_items` i JOIN `posts` p ON p.`restaurant_id` = i.`item_id`
WHERE i.`kind` = 'restaurant' AND p.`incentivised` = 0 AND p.`rating_tenths` > 0
UNION ALL
SELECT i.`kind`, i.`item_id`, p.`rating_tenths`, 0.2 + 0.8 * min(max(p.`rating_tenths`, 0), 50) / 50.0, p.`created_at` / 86400000.0 / 7
FROM `review_dedupe_items` i JOIN `posts` p ON p.`dish_id` = i.`item_id`
WHERE i.`kind` = 'dish' AND p.`incentivised` = 0 AND p.`rating_tenths` > 0;
--> statement-breakpoint
CREATE INDEX `review_dedupe_terms_item` ON `review_dedupe_terms` (`kind`, `item_id`);
--> statement-breakpoint
UPDATE `review_dedupe_items` SET
  `review_count` = CASE `kind`
    WHEN 'restaurant' THEN (SELECT count(*) FROM `posts` WHERE `restaurant_id` = `review_dedupe_items`.`item_id`)
    ELSE (SELECT count(*) FROM `posts` WHERE `dish_id` = `review_dedupe_items`.`item_id`) END,
  `rating_count` = (SELECT count(*) FROM `review_dedupe_terms` t
    WHERE t.`kind` = `review_dedupe_items`.`kind` AND t.`item_id` = `review_dedupe_items`.`item_id`),
  `rating_sum` = (SELECT coalesce(sum(t.`r`), 0) FROM `review_dedupe_terms` t
    WHERE t.`kind` = `review_dedupe_items`.`kind` AND t.`item_id` = `review_dedupe_items`.`item_id`),
  `a_max` = (SELECT max(t.`a`) FROM `review_dedupe_terms` t
    WHERE t.`kind` = `review_dedupe_items`.`kind` AND t.`item_id` = `review_dedupe_items`.`item_id`);
--> statement-breakpoint
-- 2^(a - a_max) = 2^n * e^(x), n = floor(a - a_max) <= 0, x = (a - a_max - n) * ln 2 in [0, ln 2).
UPDATE `review_dedupe_terms` SET `y` = `a` - (SELECT i.`a_max` FROM `review_dedupe_items` i
  WHERE i.`kind` = `review_dedupe_terms`.`kind` AND i.`item_id` = `review_dedupe_terms`.`item_id`);
--> statement-breakpoint
UPDATE `review_dedupe_terms` SET `n` = CAST(`y` AS integer) - (`y` < CAST(`y` AS integer));
--> statement-breakpoint
UPDATE `review_dedupe_terms` SET `x` = (`y` - `n`) * 0.6931471805599453;
--> statement-breakpoint
UPDATE `review_dedupe_items` SET `s` = (
  SELECT sum(t.`w` * coalesce((SELECT p.`v` FROM `review_dedupe_pow2` p WHERE p.`e` = t.`n`), 0) *
    (1 + t.`x` * (1 + t.`x` / 2 * (1 + t.`x` / 3 * (1 + t.`x` / 4 * (1 + t.`x` / 5 * (1 + t.`x` / 6 * (1 + t.`x` / 7 *
    (1 + t.`x` / 8 * (1 + t.`x` / 9 * (1 + t.`x` / 10 * (1 + t.`x` / 11 * (1 + t.`x` / 12 * (1 + t.`x` / 13 *
    (1 + t.`x` / 14 * (1 + t.`x` / 15 * (1 + t.`x` / 16)))))))))))))))))
  FROM `review_dedupe_terms` t
  WHERE t.`kind` = `review_dedupe_items`.`kind` AND t.`item_id` = `review_dedupe_items`.`item_id`
) WHERE `rating_count` > 0;
--> statement-breakpoint
-- log2(s) = e2 + ln(m) / ln 2, with m = s / 2^e2 in [1, 2) and ln(m) = 2 atanh(z), z = (m - 1) / (m + 1).
UPDATE `review_dedupe_items` SET `e2` = (SELECT max(p.`e`) FROM `review_dedupe_pow2` p WHERE p.`v` <= `review_dedupe_items`.`s`)
WHERE `rating_count` > 0;
--> statement-breakpoint
UPDATE `review_dedupe_items` SET `z` = (
  SELECT (`review_dedupe_items`.`s` / p.`v` - 1) / (`review_dedupe_items`.`s` / p.`v` + 1)
  FROM `review_dedupe_pow2` p WHERE p.`e` = `review_dedupe_items`.`e2`
) WHERE `rating_count` > 0;
--> statement-breakpoint
UPDATE `review_dedupe_items` SET
  `bayes_score` = (35.0 + `rating_sum` / 10.0) / (10 + `rating_count`),
  `trending_key` = `a_max` + `e2` + 2 * `z` * (1 + `z` * `z` * (1.0 / 3 + `z` * `z` * (1.0 / 5 + `z` * `z` * (1.0 / 7 +
    `z` * `z` * (1.0 / 9 + `z` * `z` * (1.0 / 11 + `z` * `z` * (1.0 / 13 + `z` * `z` * (1.0 / 15 + `z` * `z` * (1.0 / 17 +
    `z` * `z` * (1.0 / 19 + `z` * `z` * (1.0 / 21 + `z` * `z` / 23))))))))))) / 0.6931471805599453
WHERE `rating_count` > 0;
--> statement-breakpoint
UPDATE `restaurants` SET `review_count` = i.`review_count`, `rating_count` = i.`rating_count`,
  `rating_sum_tenths` = i.`rating_sum`, `bayes_score` = i.`bayes_score`, `trending_key` = i.`trending_key`
FROM `review_dedupe_items` i WHERE i.`kind` = 'restaurant' AND `restaurants`.`id` = i.`item_id`;
--> statement-breakpoint
UPDATE `restaurant_tags` SET `bayes_score` = i.`bayes_score`, `trending_key` = i.`trending_key`
FROM `review_dedupe_items` i WHERE i.`kind` = 'restaurant' AND `restaurant_tags`.`restaurant_id` = i.`item_id`;
--> statement-breakpoint
UPDATE `dishes` SET `review_count` = i.`review_count`, `rating_count` = i.`rating_count`,
  `rating_sum_tenths` = i.`rating_sum`, `bayes_score` = i.`bayes_score`, `trending_key` = i.`trending_key`
FROM `review_dedupe_items` i WHERE i.`kind` = 'dish' AND `dishes`.`id` = i.`item_id`;
--> statement-breakpoint
UPDATE `dish_tags` SET `bayes_score` = i.`bayes_score`, `trending_key` = i.`trending_key`
FROM `review_dedupe_items` i WHERE i.`kind` = 'dish' AND `dish_tags`.`dish_id` = i.`item_id`;
--> statement-breakpoint
DROP TABLE `review_dedupe_terms`;
--> statement-breakpoint
DROP TABLE `review_dedupe_items`;
--> statement-breakpoint
DROP TABLE `review_dedupe_pow2`;
--> statement-breakpoint
DROP TABLE `review_dedupe`;
