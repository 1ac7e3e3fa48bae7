-- Full-text search over the catalogue (drizzle-kit does not model FTS5 virtual tables,
-- so this migration is a drizzle-kit "custom" one). rowid is the dish or restaurant id.
-- "place" holds the area and region names so a location filter is part of the MATCH,
-- and "tags" the tag names so a tag filter is too: both stay index intersections.
CREATE VIRTUAL TABLE `dish_search` USING fts5(
  `dish_name`, `restaurant_name`, `tags`, `description`, `place`,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `restaurant_search` USING fts5(
  `name`, `tags`, `description`, `dish_names`, `place`,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
