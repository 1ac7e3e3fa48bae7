// The filters of the search, tag and area lists (issue 24): price, open now, and for dishes the
// owner-declared diet and free-from (dish-fact-filter.ts); a restaurant by diet when it declares
// a dish with it (issue 30). Each is a condition on the row the
// list's index walk reaches (alias `i`), so the walk keeps its order and stops at LIMIT; rows
// without the data never match (no hours: never "open now"; no priced dish: no price band).
import { sql, type SQL } from "drizzle-orm";
import type { LondonClock } from "../../../../domain/open-now.ts";
import { priceLevelBoundsMinor, type PriceLevel } from "../../../../domain/price-range.ts";
import { dishFactConditions, restaurantDietCondition, type DishFactFilter } from "./dish-fact-filter.ts";
import type { RankedKind } from "./ranked-reads.ts";

export interface ListFilter extends DishFactFilter {
  price?: PriceLevel;
  /** "Open now": London's clock at the time of asking (src/domain/open-now.ts). */
  openAt?: LondonClock;
}

export function hasListFilter(f: ListFilter | undefined): f is ListFilter {
  return (
    f !== undefined &&
    (f.diet !== undefined || f.freeFrom !== undefined || f.price !== undefined || f.openAt !== undefined)
  );
}

function withinPrice(value: SQL, level: PriceLevel): SQL {
  const { min, below } = priceLevelBoundsMinor(level);
  return below === null ? sql`${value} >= ${min}` : sql`${value} >= ${min} AND ${value} < ${below}`;
}

const closedOn = (date: string) =>
  sql`EXISTS (SELECT 1 FROM json_each(r.hours, '$.closures') c WHERE json_extract(c.value, '$.date') = ${date})`;
const opens = sql`json_extract(t.value, '$.opens')`;
const closes = sql`json_extract(t.value, '$.closes')`;

/** isOpenAt (src/domain/open-now.ts) on the restaurant row `r`'s structured hours. */
function openAt(clock: LondonClock): SQL {
  const today = sql`EXISTS (SELECT 1 FROM json_each(r.hours, ${`$.weekly.${clock.weekday}`}) t
    WHERE ${opens} <= ${clock.time} AND (${clock.time} < ${closes} OR ${closes} <= ${opens}))`;
  const fromYesterday = sql`EXISTS (SELECT 1 FROM json_each(r.hours, ${`$.weekly.${clock.previousWeekday}`}) t
    WHERE ${closes} <= ${opens} AND ${clock.time} < ${closes})`;
  return sql`r.hours IS NOT NULL AND ((NOT ${closedOn(clock.date)} AND ${today})
    OR (NOT ${closedOn(clock.previousDate)} AND ${fromYesterday}))`;
}

/** The conditions on the list row aliased `i`; empty when nothing is asked. */
export function listFilterConditions(kind: RankedKind, f: ListFilter | undefined): SQL[] {
  if (!f) return [];
  const conditions: SQL[] =
    kind === "dish" ? dishFactConditions(f) : f.diet === undefined ? [] : [restaurantDietCondition(f.diet)];
  if (f.price !== undefined) {
    conditions.push(
      kind === "dish"
        ? sql`i.currency = 'GBP' AND ${withinPrice(sql`i.price_minor`, f.price)}`
        : // The derived price range (src/domain/price-range.ts): the median of the restaurant's
          // priced GBP dishes, kept on its row by triggers (migrations 0039-0040), so a filter
          // reads one column instead of walking every candidate's dishes.
          withinPrice(sql`i.price_median_minor`, f.price),
    );
  }
  if (f.openAt !== undefined) {
    conditions.push(
      kind === "dish"
        ? sql`EXISTS (SELECT 1 FROM restaurants r WHERE r.id = i.restaurant_id AND ${openAt(f.openAt)})`
        : sql`EXISTS (SELECT 1 FROM restaurants r WHERE r.id = i.id AND ${openAt(f.openAt)})`,
    );
  }
  return conditions;
}

/** " AND …" for a WHERE clause, or nothing. */
export function andListConditions(kind: RankedKind, f: ListFilter | undefined): SQL {
  const parts = listFilterConditions(kind, f);
  return parts.length === 0 ? sql`` : sql` AND ${sql.join(parts, sql` AND `)}`;
}
