// The statements of catalogue moderation (issue 21, docs/moderation.md "Added restaurants and
// dishes"): approving an item anyone added, merging a duplicate into the item it repeats, and
// editing an item's fields. Each builder answers statements for the decision's one batch
// (services/moderation-actions.ts decide()); nothing here runs a write by itself.
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { columnList, rawRow, rawRows, rawWrite, sqlBoolean, sqlInteger } from "../raw-rows.ts";
import { dishes, dishTags, offers, posts, restaurants, restaurantTags } from "../schema.ts";

type BatchStatement = Parameters<Database["batch"]>[0][number];
export type CatalogueKind = "restaurant" | "dish";

// Typed raw SQL (decision 013): the table is the kind's, which the builder's types cannot
// take as one value, so these statements name the kind's tables and columns from the schema.
const TABLES = {
  restaurant: {
    items: restaurants,
    name: restaurants.name,
    tagJoin: restaurantTags,
    tagKey: restaurantTags.restaurantId,
    postKey: posts.restaurantId,
  },
  dish: {
    items: dishes,
    name: dishes.dishName,
    tagJoin: dishTags,
    tagKey: dishTags.dishId,
    postKey: posts.dishId,
  },
} as const;

export interface ListingRow {
  id: number;
  name: string;
  listingState: "pending" | "approved" | "merged";
  mergedIntoId: number | null;
  removedAt: number | null;
  /** A dish's restaurant; null for a restaurant. */
  restaurantId: number | null;
  address: string | null;
  description: string;
  priceMinor: number | null;
  tagIds: number[];
}

export async function listingOf(
  db: Database,
  kind: CatalogueKind,
  id: number,
): Promise<ListingRow | undefined> {
  const t = TABLES[kind];
  const i = t.items;
  const extra =
    kind === "restaurant"
      ? sql`NULL AS restaurantId, ${restaurants.address} AS address, NULL AS priceMinor`
      : sql`${dishes.restaurantId} AS restaurantId, NULL AS address, ${dishes.priceMinor} AS priceMinor`;
  const nullableInteger = sqlInteger.nullable();
  const row = await rawRow(
    db,
    z.object({
      id: sqlInteger,
      name: z.string(),
      listingState: z.enum(i.listingState.enumValues),
      mergedIntoId: nullableInteger,
      removedAt: nullableInteger,
      description: z.string(),
      restaurantId: nullableInteger,
      address: z.string().nullable(),
      priceMinor: nullableInteger,
      tagIds: z
        .string()
        .nullable()
        .transform((ids) => (ids ? ids.split(",").map(Number) : [])),
    }),
    sql`SELECT ${i.id} AS id, ${t.name} AS name, ${i.listingState} AS listingState, ${i.mergedIntoId} AS mergedIntoId,
      ${i.removedAt} AS removedAt, ${i.description} AS description, ${extra},
      (SELECT group_concat(${t.tagJoin.tagId}) FROM ${t.tagJoin} WHERE ${t.tagKey} = ${id}) AS tagIds
      FROM ${i} WHERE ${i.id} = ${id}`,
  );
  return row;
}

// ---------------------------------------------------------------------------------------------
// Approve

/** From pending to approved: from now on its scores place it in the ranked lists. */
export function approveStatement(db: Database, kind: CatalogueKind, id: number): BatchStatement {
  const { items } = TABLES[kind];
  return rawWrite(
    db,
    sql`UPDATE ${items} SET ${columnList(items.listingState)} = 'approved'
      WHERE ${items.id} = ${id} AND ${items.listingState} = 'pending'`,
  );
}

// ---------------------------------------------------------------------------------------------
// Merge

export interface ItemPost {
  id: number;
  itemId: number;
  authorId: number;
  ratingTenths: number;
  createdAt: number;
  incentivised: boolean;
  /** Held by detection: counted as a review, not in the scores (aggregateOf leaves it out). */
  flagged: boolean;
  removedAt: number | null;
}

/** Every post of these items, removed ones too, in the order aggregateOf folds them. */
export async function postsOfItems(db: Database, kind: CatalogueKind, ids: number[]): Promise<ItemPost[]> {
  const { postKey } = TABLES[kind];
  return rawRows(
    db,
    z.object({
      id: sqlInteger,
      itemId: sqlInteger,
      authorId: sqlInteger,
      ratingTenths: sqlInteger,
      createdAt: sqlInteger,
      incentivised: sqlBoolean,
      flagged: sqlBoolean,
      removedAt: sqlInteger.nullable(),
    }),
    sql`SELECT ${posts.id} AS id, ${postKey} AS itemId, ${posts.authorId} AS authorId,
      ${posts.ratingTenths} AS ratingTenths, ${posts.createdAt} AS createdAt, ${posts.incentivised} AS incentivised,
      ${posts.flaggedAt} IS NOT NULL AS flagged, ${posts.removedAt} AS removedAt
    FROM ${posts} WHERE ${inArray(postKey, ids)} ORDER BY ${posts.createdAt}, ${posts.id}`,
  );
}

/** A restaurant's dishes and offers, which a merge moves with it. */
export async function dishIdsOfRestaurant(db: Database, restaurantId: number): Promise<number[]> {
  const rows = await db.select({ id: dishes.id }).from(dishes).where(eq(dishes.restaurantId, restaurantId));
  return rows.map((r) => r.id);
}

export async function offerIdsOfRestaurant(db: Database, restaurantId: number): Promise<number[]> {
  const rows = await db.select({ id: offers.id }).from(offers).where(eq(offers.restaurantId, restaurantId));
  return rows.map((r) => r.id);
}

/**
 * The statements that fold `duplicateId` into `targetId`: its reviews (but the review of
 * someone who already reviewed the target: one voice per person per item, issue 20, so that
 * one stays with the duplicate), its tags, for a restaurant its dishes and offers, and the
 * redirect of anything merged into it earlier. Aggregates are the caller's (aggregateStatements
 * over the counts it computes), after these in the same batch.
 */
export function mergeStatements(
  db: Database,
  kind: CatalogueKind,
  duplicateId: number,
  targetId: number,
): BatchStatement[] {
  const t = TABLES[kind];
  const { items, tagJoin, tagKey, postKey } = t;
  const statements: BatchStatement[] = [
    rawWrite(
      db,
      sql`UPDATE ${posts} SET ${columnList(postKey)} = ${targetId} WHERE ${postKey} = ${duplicateId}
      AND ${posts.authorId} NOT IN (SELECT ${posts.authorId} FROM ${posts} WHERE ${postKey} = ${targetId})`,
    ),
    rawWrite(
      db,
      sql`INSERT OR IGNORE INTO ${tagJoin} (${columnList(tagKey, tagJoin.tagId, tagJoin.bayesScore, tagJoin.trendingKey)})
      SELECT ${targetId}, ${tagJoin.tagId}, ${items.bayesScore}, ${items.trendingKey} FROM ${tagJoin}, ${items}
      WHERE ${tagKey} = ${duplicateId} AND ${items.id} = ${targetId}`,
    ),
    rawWrite(db, sql`DELETE FROM ${tagJoin} WHERE ${tagKey} = ${duplicateId}`),
  ];
  if (kind === "restaurant") {
    const ofTarget = (column: typeof restaurants.areaId | typeof restaurants.regionId) =>
      sql<number>`(SELECT ${column} FROM ${restaurants} WHERE ${restaurants.id} = ${targetId})`;
    statements.push(
      db
        .update(dishes)
        .set({
          restaurantId: targetId,
          areaId: ofTarget(restaurants.areaId),
          regionId: ofTarget(restaurants.regionId),
        })
        .where(eq(dishes.restaurantId, duplicateId)),
      db.update(offers).set({ restaurantId: targetId }).where(eq(offers.restaurantId, duplicateId)),
    );
  }
  statements.push(
    rawWrite(
      db,
      sql`UPDATE ${items} SET ${columnList(items.mergedIntoId)} = ${targetId} WHERE ${items.mergedIntoId} = ${duplicateId}`,
    ),
    rawWrite(
      db,
      sql`UPDATE ${items} SET ${columnList(items.listingState)} = 'merged', ${columnList(items.mergedIntoId)} = ${targetId}
        WHERE ${items.id} = ${duplicateId}`,
    ),
    // Search rows follow by trigger (drizzle/0026): the target's now lists what it gained, and
    // the duplicate leaves search by its listing state (catalogue-search-reads.ts FINDABLE).
  );
  return statements;
}

// ---------------------------------------------------------------------------------------------
// Edit

export interface CatalogueEdit {
  name?: string;
  address?: string;
  description?: string;
  tagIds?: number[];
  priceMinor?: number | null;
  /** Issue 29: where a claim code goes; only a moderator's edit (or the seed) sets it. */
  contactEmail?: string | null;
}

/** The item's columns and its tags (with its score copies), as edited. */
export function editStatements(
  db: Database,
  kind: CatalogueKind,
  id: number,
  edit: CatalogueEdit,
): BatchStatement[] {
  const { items, tagJoin, tagKey, name } = TABLES[kind];
  const sets: SQL[] = [];
  const set = (column: { name: string }, value: unknown) =>
    sets.push(sql`${sql.identifier(column.name)} = ${value}`);
  if (edit.name !== undefined) set(name, edit.name);
  if (edit.address !== undefined && kind === "restaurant") set(restaurants.address, edit.address);
  if (edit.description !== undefined) set(items.description, edit.description);
  if (edit.priceMinor !== undefined && kind === "dish") set(dishes.priceMinor, edit.priceMinor);
  if (edit.contactEmail !== undefined && kind === "restaurant") set(restaurants.contactEmail, edit.contactEmail);
  const statements: BatchStatement[] = [];
  if (sets.length > 0)
    statements.push(
      rawWrite(db, sql`UPDATE ${items} SET ${sql.join(sets, sql`, `)} WHERE ${items.id} = ${id}`),
    );
  if (edit.tagIds !== undefined) {
    statements.push(rawWrite(db, sql`DELETE FROM ${tagJoin} WHERE ${tagKey} = ${id}`));
    if (edit.tagIds.length > 0) {
      statements.push(
        rawWrite(
          db,
          sql`INSERT INTO ${tagJoin} (${columnList(tagKey, tagJoin.tagId, tagJoin.bayesScore, tagJoin.trendingKey)})
          SELECT ${items.id}, v.column1, ${items.bayesScore}, ${items.trendingKey} FROM (VALUES ${sql.join(
            edit.tagIds.map((tagId) => sql`(${tagId})`),
            sql`, `,
          )}) v, ${items} WHERE ${items.id} = ${id}`,
        ),
      );
    }
  }
  // The search rows follow by trigger (drizzle/0026).
  return statements;
}
