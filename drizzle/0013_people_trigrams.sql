-- Follow-list search (issue 12; docs/social.md). getFollower and getFollowing keep the people
-- whose username or name contains what was typed, anywhere: "baker" finds "amarabaker", which
-- a word index (people_search) cannot answer. A trigram index can: it finds the people with
-- every three-letter run of the text, a superset of the exact matches (it folds case beyond
-- ASCII), and readFollowList checks each candidate exactly. rowid is the user id; the
-- triggers mirror people_search's, so every writer is covered without a call. columnsize=0:
-- nothing ranks these rows. Custom migration: drizzle-kit does not model FTS5 tables.
CREATE VIRTUAL TABLE `people_trigrams` USING fts5(
  `username`, `name`,
  tokenize = 'trigram', columnsize = 0
);
--> statement-breakpoint
INSERT INTO `people_trigrams` (`rowid`, `username`, `name`)
  SELECT `users`.`id`, `users`.`username`, coalesce(`profiles`.`name`, '')
  FROM `users` LEFT JOIN `profiles` ON `profiles`.`user_id` = `users`.`id`;
--> statement-breakpoint
CREATE TRIGGER `people_trigrams_user_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `people_trigrams` (`rowid`, `username`, `name`) VALUES (new.`id`, new.`username`, '');
END;
--> statement-breakpoint
CREATE TRIGGER `people_trigrams_user_rename` AFTER UPDATE OF `username` ON `users` BEGIN
  UPDATE `people_trigrams` SET `username` = new.`username` WHERE `rowid` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `people_trigrams_user_delete` AFTER DELETE ON `users` BEGIN
  DELETE FROM `people_trigrams` WHERE `rowid` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `people_trigrams_profile_insert` AFTER INSERT ON `profiles` BEGIN
  UPDATE `people_trigrams` SET `name` = new.`name` WHERE `rowid` = new.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `people_trigrams_profile_rename` AFTER UPDATE OF `name` ON `profiles` BEGIN
  UPDATE `people_trigrams` SET `name` = new.`name` WHERE `rowid` = new.`user_id`;
END;
