-- People search by username and name (issue 12). drizzle-kit does not model FTS5 virtual
-- tables, so this is a custom migration; rowid is the user id. Triggers keep it in step with
-- users and profiles, so every writer (sign-up, the seed, tests) is covered without a call.
CREATE VIRTUAL TABLE `people_search` USING fts5(
  `username`, `name`,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
--> statement-breakpoint
INSERT INTO `people_search` (`rowid`, `username`, `name`)
  SELECT `users`.`id`, `users`.`username`, coalesce(`profiles`.`name`, '')
  FROM `users` LEFT JOIN `profiles` ON `profiles`.`user_id` = `users`.`id`;
--> statement-breakpoint
CREATE TRIGGER `people_search_user_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `people_search` (`rowid`, `username`, `name`) VALUES (new.`id`, new.`username`, '');
END;
--> statement-breakpoint
CREATE TRIGGER `people_search_user_rename` AFTER UPDATE OF `username` ON `users` BEGIN
  UPDATE `people_search` SET `username` = new.`username` WHERE `rowid` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `people_search_user_delete` AFTER DELETE ON `users` BEGIN
  DELETE FROM `people_search` WHERE `rowid` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `people_search_profile_insert` AFTER INSERT ON `profiles` BEGIN
  UPDATE `people_search` SET `name` = new.`name` WHERE `rowid` = new.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `people_search_profile_rename` AFTER UPDATE OF `name` ON `profiles` BEGIN
  UPDATE `people_search` SET `name` = new.`name` WHERE `rowid` = new.`user_id`;
END;
