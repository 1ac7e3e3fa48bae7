-- Custom migration (issue 20): 0016 deleted the superseded duplicate reviews, but libSQL's
-- migrator runs with foreign keys off, so ON DELETE CASCADE did not remove what still pointed
-- at them: their photos' rows (the photos live on in review_versions.photos), and the likes,
-- saves and reports that the kept review already had from the same person. This removes
-- those rows; where the cascade did run (D1) there are none.
DELETE FROM `post_images` WHERE `post_id` NOT IN (SELECT `id` FROM `posts`);
--> statement-breakpoint
DELETE FROM `post_likes` WHERE `post_id` NOT IN (SELECT `id` FROM `posts`);
--> statement-breakpoint
DELETE FROM `post_saves` WHERE `post_id` NOT IN (SELECT `id` FROM `posts`);
--> statement-breakpoint
DELETE FROM `review_reports` WHERE `post_id` NOT IN (SELECT `id` FROM `posts`);
