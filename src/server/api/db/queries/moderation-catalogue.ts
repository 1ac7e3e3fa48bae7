// The statements of catalogue moderation (issue 21, docs/moderation.md "Added restaurants and
// dishes"): approving an item anyone added, merging a duplicate into the item it repeats, and
// editing an item's fields. Each builder answers statements for the decision's one batch
// (services/moderation-actions.ts decide()); nothing here runs a write by itself.
import { sql, type SQL } from "drizzle-orm";
import { getRow, type Database } from "../client.ts";

type BatchStatement = Parameters<Database["batch"]>[0][number];
export type CatalogueKind = "restaurant" | "dish";

// Constants of ours, never caller text.
const TABLES = {
  restaurant: {
    items: sql.raw("restaurants"),
    name: sql.raw("name"),
    tagJoin: sql.raw("restaurant_tags"),
    tagKey: sql.raw("restaurant_id"),
    postKey: sql.raw("restaurant_id"),
  },
  dish: {
    items: sql.raw("dishes"),
    name: sql.raw("dish_name"),
    tagJoin: sql.raw("dish_tags"),
    tagKey: sql.raw("dish_id"),
    postKey: sql.raw("dish_id"),
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
  const extra =
    kind === "restaurant"
      ? sql`NULL AS restaurantId, address, NULL AS priceMinor`
      : sql`restaurant_id AS restaurantId, NULL AS address, price_minor AS priceMinor`;
  const row = await getRow<Omit<ListingRow, "tagIds"> & { tagIds: string | null }>(
    db,
    sql`SELECT id, ${t.name} AS name, listing_state AS listingState, merged_into_id AS mergedIntoId,
      removed_at AS removedAt, description, ${extra},
      (SELECT group_concat(tag_id) FROM ${t.tagJoin} WHERE ${t.tagKey} = ${id}) AS tagIds
      FROM ${t.items} WHERE id = ${id}`,
  );
  if (!row) return undefined;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...row,
    id: Number(row.id),
    mergedIntoId: num(row.mergedIntoId),
    removedAt: num(row.removedAt),
    restaurantId: num(row.restaurantId),
    priceMinor: num(row.priceMinor),
    tagIds: row.tagIds ? row.tagIds.split(",").map(Number) : [],
  };
}

// ---------------------------------------------------------------------------------------------
// Approve

/** From pending to approved: from now on its scores place it in the ranked lists. */
export function approveStatement(db: Database, kind: CatalogueKind, id: number): BatchStatement {
  const { items } = TABLES[kind];
  return db.run(
    sql`UPDATE ${items} SET listing_state = 'approved' WHERE id = ${id} AND listing_state = 'pending'`,
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
  const rows = await db.all<Record<string, number | null>>(sql`
    SELECT id, ${postKey} AS itemId, author_id AS authorId, rating_tenths AS ratingTenths,
      created_at AS createdAt, incentivised, flagged_at IS NOT NULL AS flagged, removed_at AS removedAt
    FROM posts WHERE ${postKey} IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY created_at, id`);
  return rows.map((r) => ({
    id: Number(r.id),
    itemId: Number(r.itemId),
    authorId: Number(r.authorId),
    ratingTenths: Number(r.ratingTenths),
    createdAt: Number(r.createdAt),
    incentivised: Number(r.incentivised) === 1,
    flagged: Number(r.flagged) === 1,
    removedAt: r.removedAt === null ? null : Number(r.removedAt),
  }));
}

/** A restaurant's dishes and offers, which a merge moves with it. */
export async function dishIdsOfRestaurant(db: Database, restaurantId: number): Promise<number[]> {
  const rows = await db.all<{ id: number }>(sql`SELECT id FROM dishes WHERE restaurant_id = ${restaurantId}`);
  return rows.map((r) => Number(r.id));
}

export async function offerIdsOfRestaurant(db: Database, restaurantId: number): Promise<number[]> {
  const rows = await db.all<{ id: number }>(sql`SELECT id FROM offers WHERE restaurant_id = ${restaurantId}`);
  return rows.map((r) => Number(r.id));
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
  const statements: BatchStatement[] = [
    db.run(sql`UPDATE posts SET ${t.postKey} = ${targetId} WHERE ${t.postKey} = ${duplicateId}
      AND author_id NOT IN (SELECT author_id FROM posts WHERE ${t.postKey} = ${targetId})`),
    db.run(sql`INSERT OR IGNORE INTO ${t.tagJoin} (${t.tagKey}, tag_id, bayes_score, trending_key)
      SELECT ${targetId}, j.tag_id, i.bayes_score, i.trending_key FROM ${t.tagJoin} j, ${t.items} i
      WHERE j.${t.tagKey} = ${duplicateId} AND i.id = ${targetId}`),
    db.run(sql`DELETE FROM ${t.tagJoin} WHERE ${t.tagKey} = ${duplicateId}`),
  ];
  if (kind === "restaurant") {
    const ofTarget = (column: string) =>
      sql`(SELECT ${sql.raw(column)} FROM restaurants WHERE id = ${targetId})`;
    statements.push(
      db.run(sql`UPDATE dishes SET restaurant_id = ${targetId}, area_id = ${ofTarget("area_id")},
        region_id = ${ofTarget("region_id")} WHERE restaurant_id = ${duplicateId}`),
      db.run(sql`UPDATE offers SET restaurant_id = ${targetId} WHERE restaurant_id = ${duplicateId}`),
    );
  }
  statements.push(
    db.run(sql`UPDATE ${t.items} SET merged_into_id = ${targetId} WHERE merged_into_id = ${duplicateId}`),
    db.run(
      sql`UPDATE ${t.items} SET listing_state = 'merged', merged_into_id = ${targetId} WHERE id = ${duplicateId}`,
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
}

/** The item's columns and its tags (with its score copies), as edited. */
export function editStatements(
  db: Database,
  kind: CatalogueKind,
  id: number,
  edit: CatalogueEdit,
): BatchStatement[] {
  const t = TABLES[kind];
  const sets: SQL[] = [];
  if (edit.name !== undefined) sets.push(sql`${t.name} = ${edit.name}`);
  if (edit.address !== undefined && kind === "restaurant") sets.push(sql`address = ${edit.address}`);
  if (edit.description !== undefined) sets.push(sql`description = ${edit.description}`);
  if (edit.priceMinor !== undefined && kind === "dish") sets.push(sql`price_minor = ${edit.priceMinor}`);
  const statements: BatchStatement[] = [];
  if (sets.length > 0)
    statements.push(db.run(sql`UPDATE ${t.items} SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`));
  if (edit.tagIds !== undefined) {
    statements.push(db.run(sql`DELETE FROM ${t.tagJoin} WHERE ${t.tagKey} = ${id}`));
    if (edit.tagIds.length > 0) {
      statements.push(
        db.run(sql`INSERT INTO ${t.tagJoin} (${t.tagKey}, tag_id, bayes_score, trending_key)
          SELECT i.id, v.column1, i.bayes_score, i.trending_key FROM (VALUES ${sql.join(
            edit.tagIds.map((tagId) => sql`(${tagId})`),
            sql`, `,
          )}) v, ${t.items} i WHERE i.id = ${id}`),
      );
    }
  }
  // The search rows follow by trigger (drizzle/0026).
  return statements;
}
