// The SQL of lists (issue 32): members' lists and their items. Reads of one member's lists are
// ranges of lists_owner_idx; "which of my lists hold this" is one range of
// list_items_owner_item_idx; a list's items are one range of its primary key joined to the
// items by primary key. Who may see a list is the service's to decide (services/lists.ts).
import { and, asc, eq, inArray, sql, type Column, type SQL } from "drizzle-orm";
import type { ListItemKind, ListVisibility, SystemList } from "../../../../domain/lists.ts";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { rawRow, rawRows, sqlInteger } from "../raw-rows.ts";
import { dishes, listActivity, listItems, lists, profiles, restaurants, users } from "../schema.ts";

export type ListRow = typeof lists.$inferSelect & { itemCount: number };

const itemCount = sql<number>`(SELECT count(*) FROM ${listItems} WHERE ${listItems.listId} = ${lists.id})`.mapWith(
  Number,
);
const listColumns = {
  id: lists.id,
  ownerId: lists.ownerId,
  system: lists.system,
  name: lists.name,
  description: lists.description,
  visibility: lists.visibility,
  linkToken: lists.linkToken,
  copiedFromId: lists.copiedFromId,
  createdAt: lists.createdAt,
  updatedAt: lists.updatedAt,
  itemCount,
};

/** A member's lists, "Want to try" and "Been" first, then the rest oldest first. */
export function listsOfOwner(db: Database, ownerId: number, visibilities?: ListVisibility[]): Promise<ListRow[]> {
  return db
    .select(listColumns)
    .from(lists)
    .where(and(eq(lists.ownerId, ownerId), visibilities ? inArray(lists.visibility, visibilities) : undefined))
    .orderBy(sql`${lists.system} IS NULL`, asc(lists.id));
}

export async function listById(db: Database, id: number): Promise<ListRow | undefined> {
  const [row] = await db.select(listColumns).from(lists).where(eq(lists.id, id));
  return row;
}

export async function listByToken(db: Database, token: string): Promise<ListRow | undefined> {
  const [row] = await db.select(listColumns).from(lists).where(eq(lists.linkToken, token));
  return row;
}

export async function systemListId(db: Database, ownerId: number, system: SystemList): Promise<number | undefined> {
  const [row] = await db
    .select({ id: lists.id })
    .from(lists)
    .where(and(eq(lists.ownerId, ownerId), eq(lists.system, system)));
  return row?.id;
}

export function countLists(db: Database, ownerId: number): Promise<number> {
  return db.$count(lists, eq(lists.ownerId, ownerId));
}

export function countItems(db: Database, listId: number): Promise<number> {
  return db.$count(listItems, eq(listItems.listId, listId));
}

export interface NewList {
  ownerId: number;
  system: SystemList | null;
  name: string;
  description: string;
  visibility: ListVisibility;
  linkToken: string;
  copiedFromId?: number | null;
  createdAt: number;
}

/** Inserts a list; a second "Want to try" or "Been" for one member is a no-op (undefined). */
export async function insertList(db: Database, list: NewList): Promise<number | undefined> {
  const [row] = await db.insert(lists).values(list).onConflictDoNothing().returning({ id: lists.id });
  return row?.id;
}

export async function updateList(
  db: Database,
  id: number,
  changes: Partial<Pick<NewList, "name" | "description" | "visibility" | "linkToken">>,
  nowMs: number,
): Promise<void> {
  await db
    .update(lists)
    .set({ ...changes, updatedAt: nowMs })
    .where(eq(lists.id, id));
}

export async function deleteList(db: Database, id: number): Promise<void> {
  await db.delete(lists).where(eq(lists.id, id));
}

// ---------------------------------------------------------------------------------------------
// The items a list may hold

export interface ItemTarget {
  id: number;
  removed: boolean;
  mergedIntoId: number | null;
}

/** The restaurant or dish, or undefined when there is none with that id. */
export async function findItem(db: Database, kind: ListItemKind, id: number): Promise<ItemTarget | undefined> {
  const table = kind === "dish" ? dishes : restaurants;
  const [row] = await db
    .select({ id: table.id, removedAt: table.removedAt, mergedIntoId: table.mergedIntoId, state: table.listingState })
    .from(table)
    .where(eq(table.id, id));
  if (!row) return undefined;
  return { id: row.id, removed: row.removedAt !== null, mergedIntoId: row.state === "merged" ? row.mergedIntoId : null };
}

// ---------------------------------------------------------------------------------------------
// Items

export interface ItemKey {
  listId: number;
  kind: ListItemKind;
  itemId: number;
}

const itemIs = (key: ItemKey) =>
  and(eq(listItems.listId, key.listId), eq(listItems.itemKind, key.kind), eq(listItems.itemId, key.itemId));

export async function findListItem(db: Database, key: ItemKey) {
  const [row] = await db.select({ note: listItems.note, addedAt: listItems.addedAt }).from(listItems).where(itemIs(key));
  return row;
}

/**
 * Adds the item unless the list already holds it (then its note is replaced when one is given)
 * or already holds `max` items: the count is the statement's own condition, so two adds racing
 * for the last place cannot both take it. Answers whether the list holds the item afterwards.
 */
const listIdRow = z.object({ listId: sqlInteger });

export async function addListItem(
  db: Database,
  key: ItemKey & { ownerId: number; note: string; addedAt: number; max: number },
): Promise<"added" | "kept" | "full"> {
  const existing = await findListItem(db, key);
  if (existing) {
    if (key.note !== "" && key.note !== existing.note) {
      await db.update(listItems).set({ note: key.note }).where(itemIs(key));
    }
    return "kept";
  }
  // INSERT ... SELECT of some columns (decision 013): the count is the statement's own condition.
  const rows = await rawRows(
    db,
    listIdRow,
    sql`
    INSERT INTO ${listItems} (list_id, owner_id, item_kind, item_id, note, added_at)
    SELECT ${key.listId}, ${key.ownerId}, ${key.kind}, ${key.itemId}, ${key.note}, ${key.addedAt}
    WHERE (SELECT count(*) FROM ${listItems} WHERE ${listItems.listId} = ${key.listId}) < ${key.max}
    ON CONFLICT DO NOTHING
    RETURNING list_id AS listId`,
  );
  return rows.length > 0 ? "added" : "full";
}

export async function setItemNote(db: Database, key: ItemKey, note: string): Promise<boolean> {
  const rows = await db.update(listItems).set({ note }).where(itemIs(key)).returning({ id: listItems.itemId });
  return rows.length > 0;
}

export async function removeListItem(db: Database, key: ItemKey): Promise<boolean> {
  const rows = await db.delete(listItems).where(itemIs(key)).returning({ id: listItems.itemId });
  return rows.length > 0;
}

/** The ids of the owner's lists holding the item: one range of list_items_owner_item_idx. */
export async function listsHolding(db: Database, ownerId: number, kind: ListItemKind, itemId: number): Promise<number[]> {
  const rows = await db
    .select({ listId: listItems.listId })
    .from(listItems)
    .where(and(eq(listItems.ownerId, ownerId), eq(listItems.itemKind, kind), eq(listItems.itemId, itemId)));
  return rows.map((row) => row.listId);
}

export interface StoredItem {
  kind: ListItemKind;
  itemId: number;
  note: string;
  addedAt: number;
}

export function storedItems(db: Database, listId: number): Promise<StoredItem[]> {
  return db
    .select({ kind: listItems.itemKind, itemId: listItems.itemId, note: listItems.note, addedAt: listItems.addedAt })
    .from(listItems)
    .where(eq(listItems.listId, listId))
    .orderBy(asc(listItems.addedAt));
}

/** Copies items into a list in one statement (a copy of a public list, a move). */
export async function insertItems(
  db: Database,
  listId: number,
  ownerId: number,
  items: StoredItem[],
): Promise<void> {
  if (items.length === 0) return;
  await db
    .insert(listItems)
    .values(items.map((item) => ({ listId, ownerId, itemKind: item.kind, itemId: item.itemId, note: item.note, addedAt: item.addedAt })))
    .onConflictDoNothing();
}

// ---------------------------------------------------------------------------------------------
// Item facts a list page shows

export interface ItemFacts {
  id: number;
  name: string;
  restaurantId: number;
  restaurantName: string;
  /** The first photo only: parsing every JSON list of 500 items costs more than the rest. */
  image: string | null;
  ratingCount: number;
  ratingSumTenths: number;
  reviewCount: number;
  lat: number | null;
  lng: number | null;
  removedAt: number | null;
  listingState: "pending" | "approved" | "merged";
  mergedIntoId: number | null;
}

// Many rows come back as ONE row holding a JSON array that SQLite builds (json_group_array of
// json_array tuples), parsed once by JSON.parse: the client's cost is per row and per cell
// (about 10 µs a row of 13 cells), which made reading a 500-item list's facts cost more than
// the statement itself (docs/perf/lists.md).

/** An item's facts, `pick(dishColumn, restaurantColumn)` choosing the column of its kind. */
function factsTuple(pick: (dishColumn: SQL, restaurantColumn: SQL) => SQL): SQL {
  const both = (dish: Column, restaurant: Column) => pick(sql`${dish}`, sql`${restaurant}`);
  return sql`json_array(${both(dishes.id, restaurants.id)}, ${both(dishes.dishName, restaurants.name)},
    ${both(dishes.restaurantId, restaurants.id)}, ${restaurants.name},
    json_extract(${both(dishes.images, restaurants.images)}, '$[0]'),
    ${both(dishes.ratingCount, restaurants.ratingCount)}, ${both(dishes.ratingSumTenths, restaurants.ratingSumTenths)},
    ${both(dishes.reviewCount, restaurants.reviewCount)}, ${restaurants.lat}, ${restaurants.lng},
    ${both(dishes.removedAt, restaurants.removedAt)}, ${both(dishes.listingState, restaurants.listingState)},
    ${both(dishes.mergedIntoId, restaurants.mergedIntoId)})`;
}

// Each tuple's cells are checked by hand rather than by a zod tuple: under our CSP zod runs
// jitless, and checking 500 tuples of 13 cells cost 0.9 ms, as much as the statement itself.
const isInt = (value: unknown): value is number => Number.isInteger(value);
const isText = (value: unknown): value is string => typeof value === "string";
const isIntOrNull = (value: unknown): value is number | null => value === null || isInt(value);
const isNumberOrNull = (value: unknown): value is number | null => value === null || typeof value === "number";
const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value);
const isListingState = (value: unknown): value is ItemFacts["listingState"] =>
  value === "pending" || value === "approved" || value === "merged";
const isKind = (value: unknown): value is ListItemKind => value === "restaurant" || value === "dish";

function unexpected(what: string, cells: unknown): never {
  throw new Error(`${what}: unexpected cells ${JSON.stringify(cells)}`);
}

/** The facts tuple factsTuple builds, checked. */
function factsOf(cells: unknown): ItemFacts {
  if (!Array.isArray(cells) || cells.length !== 13) unexpected("item facts", cells);
  const [id, name, restaurantId, restaurantName, image, ratingCount, ratingSumTenths, reviewCount, lat, lng, removedAt, listingState, mergedIntoId] =
    cells as unknown[];
  if (
    !isInt(id) ||
    !isText(name) ||
    !isInt(restaurantId) ||
    !isText(restaurantName) ||
    !isTextOrNull(image) ||
    !isInt(ratingCount) ||
    !isInt(ratingSumTenths) ||
    !isInt(reviewCount) ||
    !isNumberOrNull(lat) ||
    !isNumberOrNull(lng) ||
    !isIntOrNull(removedAt) ||
    !isListingState(listingState) ||
    !isIntOrNull(mergedIntoId)
  ) {
    unexpected("item facts", cells);
  }
  return { id, name, restaurantId, restaurantName, image, ratingCount, ratingSumTenths, reviewCount, lat, lng, removedAt, listingState, mergedIntoId };
}

const jsonRow = z.object({ tuples: z.string() });

/** The single row of a json_group_array `query`: its array, each element checked by `check`. */
async function jsonRows<T>(db: Database, check: (cells: unknown) => T, query: SQL): Promise<T[]> {
  const row = await rawRow(db, jsonRow, query);
  const tuples: unknown = JSON.parse(row?.tuples ?? "[]");
  if (!Array.isArray(tuples)) unexpected("json rows", tuples);
  return tuples.map(check);
}

/** The facts of the restaurants or dishes `ids` as one JSON array: one primary-key seek each. */
export function itemFactsQuery(kind: ListItemKind, ids: number[]): SQL {
  const wanted = sql`json_each(${JSON.stringify(ids)}) AS wanted`;
  return kind === "restaurant"
    ? sql`SELECT json_group_array(${factsTuple((_, r) => r)}) AS tuples
        FROM ${wanted} JOIN ${restaurants} ON ${restaurants.id} = wanted.value`
    : sql`SELECT json_group_array(${factsTuple((d) => d)}) AS tuples
        FROM ${wanted} JOIN ${dishes} ON ${dishes.id} = wanted.value
        JOIN ${restaurants} ON ${restaurants.id} = ${dishes.restaurantId}`;
}

export async function itemFacts(db: Database, kind: ListItemKind, ids: number[]): Promise<Map<number, ItemFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await jsonRows(db, factsOf, itemFactsQuery(kind, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export interface StoredItemWithFacts extends StoredItem {
  /** Undefined when the restaurant or dish is gone. */
  facts: ItemFacts | undefined;
}

/** A tuple storedItemsWithFactsQuery builds, checked. */
function storedWithFactsOf(cells: unknown): StoredItemWithFacts {
  if (!Array.isArray(cells) || cells.length !== 5) unexpected("list item", cells);
  const [kind, itemId, note, addedAt, facts] = cells as unknown[];
  if (!isKind(kind) || !isInt(itemId) || !isText(note) || !isInt(addedAt)) unexpected("list item", cells);
  return { kind, itemId, note, addedAt, facts: facts === null ? undefined : factsOf(facts) };
}

const kindPick = (dish: SQL, restaurant: SQL) => sql`CASE ${listItems.itemKind} WHEN 'dish' THEN ${dish} ELSE ${restaurant} END`;

/**
 * A list's items with the facts of each restaurant or dish (null when it is gone) as one JSON
 * array: one range of list_items_list_added_idx, then a primary-key seek of each item's dish
 * and restaurant.
 */
export function storedItemsWithFactsQuery(listId: number): SQL {
  return sql`SELECT json_group_array(json_array(${listItems.itemKind}, ${listItems.itemId}, ${listItems.note}, ${listItems.addedAt},
      CASE WHEN ${restaurants.id} IS NULL THEN NULL ELSE ${factsTuple(kindPick)} END)) AS tuples
    FROM ${listItems}
    LEFT JOIN ${dishes} ON ${listItems.itemKind} = 'dish' AND ${dishes.id} = ${listItems.itemId}
    LEFT JOIN ${restaurants} ON ${restaurants.id} = ${kindPick(sql`${dishes.restaurantId}`, sql`${listItems.itemId}`)}
    WHERE ${listItems.listId} = ${listId}`;
}

/** A list's items, oldest first, each with the facts of its restaurant or dish. */
export async function storedItemsWithFacts(db: Database, listId: number): Promise<StoredItemWithFacts[]> {
  const rows = await jsonRows(db, storedWithFactsOf, storedItemsWithFactsQuery(listId));
  // json_group_array promises no order: sorted here, as storedItems' ORDER BY does.
  return rows.sort((a, b) => a.addedAt - b.addedAt);
}

// ---------------------------------------------------------------------------------------------
// Owners, settings and the feed's "saved to" entries

export async function listOwnerPerson(db: Database, userId: number) {
  const [row] = await db
    .select({
      userId: users.id,
      username: users.username,
      name: sql<string>`coalesce(${profiles.name}, '')`,
      profileImage: profiles.profileImage,
      listActivityInFeed: sql<boolean>`coalesce(${profiles.listActivityInFeed}, 1)`.mapWith(Boolean),
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function setListActivityInFeed(db: Database, userId: number, on: boolean): Promise<void> {
  await db.update(profiles).set({ listActivityInFeed: on }).where(eq(profiles.userId, userId));
}

/** The day's first save to a public list becomes its feed entry; later ones that day do not. */
export async function recordListActivity(
  db: Database,
  entry: { listId: number; day: number; ownerId: number; kind: ListItemKind; itemId: number; createdAt: number },
): Promise<void> {
  await db
    .insert(listActivity)
    .values({ ...entry, itemKind: entry.kind })
    .onConflictDoNothing();
}

/** Forgets the feed entries of a member's lists (they turned the feed's "saved to" off). */
export async function deleteListActivityOf(db: Database, ownerId: number): Promise<void> {
  await db.delete(listActivity).where(eq(listActivity.ownerId, ownerId));
}

export async function deleteListActivityOfList(db: Database, listId: number): Promise<void> {
  await db.delete(listActivity).where(eq(listActivity.listId, listId));
}


/** Every list of a member with its items, for their data export: two index ranges. */
export async function listsWithItemsOf(db: Database, ownerId: number) {
  const [rows, items] = await Promise.all([
    listsOfOwner(db, ownerId),
    db
      .select({
        listId: listItems.listId,
        kind: listItems.itemKind,
        itemId: listItems.itemId,
        note: listItems.note,
        addedAt: listItems.addedAt,
      })
      .from(listItems)
      .where(eq(listItems.ownerId, ownerId))
      .orderBy(asc(listItems.listId), asc(listItems.addedAt)),
  ]);
  return rows.map((list) => ({ ...list, items: items.filter((item) => item.listId === list.id) }));
}
