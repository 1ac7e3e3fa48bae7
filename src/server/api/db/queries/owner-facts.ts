// What a verified owner keeps true (issue 22, docs/owners.md): the restaurant's hours, links
// and description, its menu with prices, allergens and diets, and the dashboard's reads.
// Nothing here writes a review, a rating or a ranking column.
import { and, count, eq, exists, gte, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/sqlite-core";
import type { OpeningHours } from "../../../../domain/owners.ts";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { rawRows, sqlInteger } from "../raw-rows.ts";
import { dishes, ownerReplies, posts, profiles, restaurants } from "../schema.ts";
import { postColumns, type PostRow } from "./reviews-reads.ts";
import { notBlockedEitherWay, type ViewerId } from "./social-graph.ts";

export interface FactsRow {
  hours: OpeningHours | null;
  openingHours: string[];
  bookingLinks: string[];
  orderingLinks: string[];
  description: string;
}

export async function factsOf(db: Database, restaurantId: number): Promise<FactsRow | undefined> {
  const [row] = await db
    .select({
      hours: restaurants.hours,
      openingHours: restaurants.openingHours,
      bookingLinks: restaurants.bookingLinks,
      orderingLinks: restaurants.orderingLinks,
      description: restaurants.description,
    })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  return row;
}

export function updateFactsStatement(db: Database, restaurantId: number, facts: FactsRow) {
  return db.update(restaurants).set(facts).where(eq(restaurants.id, restaurantId));
}

export interface MenuDishRow {
  id: number;
  dishName: string;
  priceMinor: number | null;
  description: string;
  allergensMask: number | null;
  dietsMask: number | null;
}

/** The restaurant's dishes on its menu: not removed by a moderator, not merged into another. */
export async function menuOf(db: Database, restaurantId: number): Promise<MenuDishRow[]> {
  return db
    .select({
      id: dishes.id,
      dishName: dishes.dishName,
      priceMinor: dishes.priceMinor,
      description: dishes.description,
      allergensMask: dishes.allergensMask,
      dietsMask: dishes.dietsMask,
    })
    .from(dishes)
    .where(
      and(eq(dishes.restaurantId, restaurantId), isNull(dishes.removedAt), ne(dishes.listingState, "merged")),
    );
}

export interface MenuDishWrite {
  dishName: string;
  priceMinor: number | null;
  description: string;
  allergensMask: number | null;
  allergensUpdatedAt: number | null;
  dietsMask: number | null;
}

export function updateMenuDishStatement(db: Database, id: number, restaurantId: number, dish: MenuDishWrite) {
  return db
    .update(dishes)
    .set({ ...dish, currency: "GBP" })
    .where(and(eq(dishes.id, id), eq(dishes.restaurantId, restaurantId)));
}

/**
 * A new dish placed where its restaurant is, in its restaurant's listing state (issue 29): on an
 * approved restaurant it is listed at once (its owner is verified); on one no moderator has
 * approved yet it waits with it, out of every ranked list and filter.
 */
export function insertMenuDishStatement(
  db: Database,
  restaurantId: number,
  dish: MenuDishWrite & { createdBy: number; createdAt: number },
) {
  const ofRestaurant = (column: typeof restaurants.regionId | typeof restaurants.areaId) =>
    sql<number>`(SELECT ${column} FROM ${restaurants} WHERE ${restaurants.id} = ${restaurantId})`;
  return db
    .insert(dishes)
    .values({
      ...dish,
      restaurantId,
      currency: "GBP",
      regionId: ofRestaurant(restaurants.regionId),
      areaId: ofRestaurant(restaurants.areaId),
      listingState: sql<"approved" | "pending">`(SELECT CASE ${restaurants.listingState} WHEN 'approved' THEN 'approved' ELSE 'pending' END FROM ${restaurants} WHERE ${restaurants.id} = ${restaurantId})`,
    })
    .returning({ id: dishes.id });
}

// ---------------------------------------------------------------------------------------------
// Dashboard reads

const qb = new QueryBuilder();
const p = alias(posts, "p");

/** The restaurant's reviews and its dishes' (a dish review inside a restaurant review too). */
const OF_RESTAURANT = (restaurantId: number) =>
  or(
    eq(p.restaurantId, restaurantId),
    inArray(p.dishId, qb.select({ id: dishes.id }).from(dishes).where(eq(dishes.restaurantId, restaurantId))),
  );
/**
 * The reviews an owner's dashboard lists and counts: as on the item page (docs/social.md),
 * none removed, none from a private account, and none across a block with the owner.
 */
const SHOWN = (owner: ViewerId) =>
  and(
    isNull(p.removedAt),
    sql`coalesce(${qb.select({ isPrivate: profiles.isPrivate }).from(profiles).where(eq(profiles.userId, p.authorId))}, 0) = 0`,
    notBlockedEitherWay(owner, p.authorId),
  );
const x = alias(ownerReplies, "x");
const ANSWERED = exists(
  qb
    .select({ one: sql`1` })
    .from(x)
    .where(and(eq(x.postId, p.id), isNull(x.removedAt), isNull(x.deletedAt))),
);

export interface DashboardCursor {
  answered: number;
  createdAt: number;
  id: number;
}

/** Unanswered first, then newest first; pageSize + 1 rows to tell whether more follow. */
export async function dashboardReviewIds(
  db: Database,
  restaurantId: number,
  owner: ViewerId,
  after: DashboardCursor | undefined,
  pageSize: number,
): Promise<DashboardCursor[]> {
  const past = after
    ? sql`AND (answered > ${after.answered} OR (answered = ${after.answered} AND (created_at < ${after.createdAt}
        OR (created_at = ${after.createdAt} AND id < ${after.id}))))`
    : sql``;
  // Typed raw SQL (decision 013): a keyset over a derived table with its own ORDER BY and LIMIT.
  const rows = await rawRows(
    db,
    z.object({ id: sqlInteger, created_at: sqlInteger, answered: sqlInteger }),
    sql`SELECT * FROM (
      SELECT ${p.id} AS id, ${p.createdAt} AS created_at, ${ANSWERED} AS answered FROM ${posts} ${p}
      WHERE ${OF_RESTAURANT(restaurantId)} AND ${SHOWN(owner)}
    ) WHERE 1 = 1 ${past}
    ORDER BY answered ASC, created_at DESC, id DESC LIMIT ${pageSize + 1}`,
  );
  return rows.map((r) => ({ id: r.id, createdAt: r.created_at, answered: r.answered }));
}

/**
 * The dashboard's numbers, from one read so they agree (issue 30): every live review of the
 * restaurant and its dishes (what its page and its dishes' pages count), the restaurant's own
 * (its page's count), and the ones the list shows (`listed`, the pages add up to it) with how
 * many of those have a reply. The rest are private accounts' or across a block.
 */
export async function dashboardCounts(
  db: Database,
  restaurantId: number,
  owner: ViewerId,
): Promise<{ reviewCount: number; restaurantReviewCount: number; listed: number; answered: number }> {
  const shown = sql`CASE WHEN ${SHOWN(owner)} THEN 1 ELSE 0 END`;
  const [row] = await db
    .select({
      reviewCount: count(),
      restaurantReviewCount: sql<number | null>`sum(${p.restaurantId} IS NOT NULL)`,
      listed: sql<number | null>`sum(${shown})`,
      answered: sql<number | null>`sum(${shown} * ${ANSWERED})`,
    })
    .from(p)
    .where(and(OF_RESTAURANT(restaurantId), isNull(p.removedAt)));
  const n = (value: number | null | undefined) => Number(value ?? 0);
  return {
    reviewCount: n(row?.reviewCount),
    restaurantReviewCount: n(row?.restaurantReviewCount),
    listed: n(row?.listed),
    answered: n(row?.answered),
  };
}

/** Per month ("YYYY-MM", UTC) since `since`: the restaurant's own reviews and their mean rating. */
export async function monthlyStats(db: Database, restaurantId: number, since: number) {
  const month = sql<string>`strftime('%Y-%m', ${posts.createdAt} / 1000, 'unixepoch')`;
  const rows = await db
    .select({
      month,
      reviewCount: count(),
      ratedCount: sql<number>`sum(${posts.ratingTenths} > 0)`,
      ratingSum: sql<number | null>`sum(CASE WHEN ${posts.ratingTenths} > 0 THEN ${posts.ratingTenths} END)`,
    })
    .from(posts)
    .where(and(eq(posts.restaurantId, restaurantId), isNull(posts.removedAt), gte(posts.createdAt, since)))
    .groupBy(month);
  return new Map(
    rows.map((r) => [
      String(r.month),
      {
        reviewCount: Number(r.reviewCount),
        ratedCount: Number(r.ratedCount),
        ratingSumTenths: Number(r.ratingSum ?? 0),
      },
    ]),
  );
}

/** These reviews as review cards read them, in the order given. */
export async function postsByIds(db: Database, ids: number[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(postColumns).from(posts).where(inArray(posts.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
