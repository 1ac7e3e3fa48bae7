-- Rebuilds the search tables of 0001 with more prefix indexes (FTS5 options cannot be
-- altered, so each table is created anew, its rows copied, the old one dropped). 0001
-- indexed prefixes of 2 and 3 letters only, so "burg" or "chicke" made FTS merge the
-- posting list of every word starting with them on each query; a prefix of an indexed length
-- is one posting list read as it is needed. The copy is then merged into one segment
-- ('optimize'): a bulk load leaves a dozen, and a lookup by rowid (the search's probes)
-- costs about five times less in one. docs/api.md has the measurements.
CREATE VIRTUAL TABLE `dish_search_next` USING fts5(
  `dish_name`, `restaurant_name`, `tags`, `description`, `place`,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8'
);
--> statement-breakpoint
INSERT INTO `dish_search_next` (rowid, `dish_name`, `restaurant_name`, `tags`, `description`, `place`)
  SELECT rowid, `dish_name`, `restaurant_name`, `tags`, `description`, `place` FROM `dish_search`;
--> statement-breakpoint
DROP TABLE `dish_search`;
--> statement-breakpoint
ALTER TABLE `dish_search_next` RENAME TO `dish_search`;
--> statement-breakpoint
INSERT INTO `dish_search` (`dish_search`) VALUES ('optimize');
--> statement-breakpoint
CREATE VIRTUAL TABLE `restaurant_search_next` USING fts5(
  `name`, `tags`, `description`, `dish_names`, `place`,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8'
);
--> statement-breakpoint
INSERT INTO `restaurant_search_next` (rowid, `name`, `tags`, `description`, `dish_names`, `place`)
  SELECT rowid, `name`, `tags`, `description`, `dish_names`, `place` FROM `restaurant_search`;
--> statement-breakpoint
DROP TABLE `restaurant_search`;
--> statement-breakpoint
ALTER TABLE `restaurant_search_next` RENAME TO `restaurant_search`;
--> statement-breakpoint
INSERT INTO `restaurant_search` (`restaurant_search`) VALUES ('optimize');
