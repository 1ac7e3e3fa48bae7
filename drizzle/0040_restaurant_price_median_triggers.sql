-- Issue 31, docs/perf/near.md: the price band of a restaurant is the median of its priced GBP
-- dishes (src/server/api/db/queries/list-filters.ts, src/domain/price-range.ts). A near read
-- filtering restaurants by it computed that median for every restaurant of the circle; these
-- triggers keep it on the restaurant row instead, so the filter is a column compare. The median
-- is the same expression as list-filters.ts's, run again for the one restaurant whose dishes
-- changed (a few dozen rows by dishes_restaurant_bayes_idx).
UPDATE `restaurants` SET `price_median_minor` = (SELECT avg(p) FROM (
    SELECT d.`price_minor` AS p, row_number() OVER (ORDER BY d.`price_minor`) AS n, count(*) OVER () AS total
    FROM `dishes` d WHERE d.`restaurant_id` = `restaurants`.`id` AND d.`price_minor` >= 0 AND d.`currency` = 'GBP'
      AND d.`removed_at` IS NULL AND d.`listing_state` <> 'merged'
  ) WHERE n IN ((total + 1) / 2, (total + 2) / 2));
--> statement-breakpoint
CREATE TRIGGER `restaurant_price_median_dish_insert` AFTER INSERT ON `dishes`
WHEN new.`price_minor` >= 0 AND new.`currency` = 'GBP' AND new.`removed_at` IS NULL AND new.`listing_state` <> 'merged' BEGIN
  UPDATE `restaurants` SET `price_median_minor` = (SELECT avg(p) FROM (
      SELECT d.`price_minor` AS p, row_number() OVER (ORDER BY d.`price_minor`) AS n, count(*) OVER () AS total
      FROM `dishes` d WHERE d.`restaurant_id` = `restaurants`.`id` AND d.`price_minor` >= 0 AND d.`currency` = 'GBP'
        AND d.`removed_at` IS NULL AND d.`listing_state` <> 'merged'
    ) WHERE n IN ((total + 1) / 2, (total + 2) / 2))
  WHERE `id` = new.`restaurant_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `restaurant_price_median_dish_delete` AFTER DELETE ON `dishes`
WHEN old.`price_minor` >= 0 AND old.`currency` = 'GBP' AND old.`removed_at` IS NULL AND old.`listing_state` <> 'merged' BEGIN
  UPDATE `restaurants` SET `price_median_minor` = (SELECT avg(p) FROM (
      SELECT d.`price_minor` AS p, row_number() OVER (ORDER BY d.`price_minor`) AS n, count(*) OVER () AS total
      FROM `dishes` d WHERE d.`restaurant_id` = `restaurants`.`id` AND d.`price_minor` >= 0 AND d.`currency` = 'GBP'
        AND d.`removed_at` IS NULL AND d.`listing_state` <> 'merged'
    ) WHERE n IN ((total + 1) / 2, (total + 2) / 2))
  WHERE `id` = old.`restaurant_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `restaurant_price_median_dish_update` AFTER UPDATE OF `price_minor`, `currency`, `removed_at`, `listing_state`, `restaurant_id` ON `dishes`
WHEN old.`price_minor` IS NOT new.`price_minor` OR old.`currency` IS NOT new.`currency`
  OR old.`removed_at` IS NOT new.`removed_at` OR old.`listing_state` IS NOT new.`listing_state`
  OR old.`restaurant_id` IS NOT new.`restaurant_id` BEGIN
  UPDATE `restaurants` SET `price_median_minor` = (SELECT avg(p) FROM (
      SELECT d.`price_minor` AS p, row_number() OVER (ORDER BY d.`price_minor`) AS n, count(*) OVER () AS total
      FROM `dishes` d WHERE d.`restaurant_id` = `restaurants`.`id` AND d.`price_minor` >= 0 AND d.`currency` = 'GBP'
        AND d.`removed_at` IS NULL AND d.`listing_state` <> 'merged'
    ) WHERE n IN ((total + 1) / 2, (total + 2) / 2))
  WHERE `id` IN (old.`restaurant_id`, new.`restaurant_id`);
END;
