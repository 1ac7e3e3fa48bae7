-- Custom migration (issue 11/15): review_count, new in 0005, counts every review, while
-- rating_count counts only those that rank. Every review stored before 0005 ranked, so
-- the two are equal for existing rows.
UPDATE `restaurants` SET `review_count` = `rating_count`;--> statement-breakpoint
UPDATE `dishes` SET `review_count` = `rating_count`;
