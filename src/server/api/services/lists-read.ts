// List reads (issue 32): the caller's lists, which of them hold an item (the save control), a
// list with its items sorted by added date, rating or distance, and a member's lists as the
// caller may see them. Every answer differs by viewer, so none is cached.
// A list item whose restaurant or dish a moderator removed stays, shown with "Removed by
// moderation" and no details; one merged into another shows the item it went into, noted.
import { distanceMeters } from "../../../domain/geo-distance.ts";
import { fileUrl } from "../../../domain/file-url.ts";
import {
  MERGED_ITEM_NOTE,
  REMOVED_ITEM_NOTE,
  type ListItemKind,
  type ListSort,
} from "../../../domain/lists.ts";
import type { Holding, ListDetail, ListItem, ListReadQuery, MyLists } from "../../../shared/schemas/lists.ts";
import {
  itemFacts,
  listOwnerPerson,
  listsHolding,
  listsOfOwner,
  listsWithItemsOf,
  storedItemsWithFacts,
  type ItemFacts,
  type ListRow,
  type StoredItem,
  type StoredItemWithFacts,
} from "../db/queries/lists.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { LIST_MESSAGES } from "../../../domain/lists.ts";
import { listByLink, readableList, visibilitiesFor } from "./lists-access.ts";
import { ensureSystemLists, summaryOf } from "./lists.ts";

export async function myLists(deps: AppDeps, userId: number): Promise<MyLists> {
  await ensureSystemLists(deps, userId);
  return { lists: (await listsOfOwner(deps.db, userId)).map((list) => summaryOf(list, userId)) };
}

export async function holding(deps: AppDeps, userId: number, kind: ListItemKind, id: number): Promise<Holding> {
  await ensureSystemLists(deps, userId);
  const [mine, held] = await Promise.all([listsOfOwner(deps.db, userId), listsHolding(deps.db, userId, kind, id)]);
  const holds = new Set(held);
  return {
    kind,
    id,
    lists: mine.map((list) => ({
      id: list.id,
      name: list.name,
      system: list.system,
      visibility: list.visibility,
      holds: holds.has(list.id),
    })),
  };
}

/** A member's lists the viewer may see; a block (or no such member) answers 404. */
export async function memberLists(deps: AppDeps, viewer: number, ownerId: number): Promise<MyLists> {
  const shown = await visibilitiesFor(deps, viewer, ownerId);
  if (!shown) throw new ApiError(404);
  if (viewer === ownerId) await ensureSystemLists(deps, ownerId);
  const rows = shown.length ? await listsOfOwner(deps.db, ownerId, shown) : [];
  return { lists: rows.map((list) => summaryOf(list, viewer)) };
}

export async function listDetailById(deps: AppDeps, viewer: number, listId: number, query: ListReadQuery) {
  return detailOf(deps, viewer, await readableList(deps, viewer, listId), query);
}

export async function listDetailByLink(deps: AppDeps, viewer: number, token: string, query: ListReadQuery) {
  return detailOf(deps, viewer, await listByLink(deps, viewer, token), query);
}

async function detailOf(deps: AppDeps, viewer: number, list: ListRow, query: ListReadQuery): Promise<ListDetail> {
  const place = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : undefined;
  if (query.sort === "distance" && !place) throw fieldError(400, "lat", LIST_MESSAGES.distanceNeedsPlace);
  const [owner, stored] = await Promise.all([listOwnerPerson(deps.db, list.ownerId), storedItemsWithFacts(deps.db, list.id)]);
  if (!owner) throw new ApiError(404, LIST_MESSAGES.listNotFound);
  const items = await shownItems(deps, stored, place);
  return {
    ...summaryOf(list, viewer),
    owner: { userId: owner.userId, username: owner.username, name: owner.name, avatar: fileUrl(owner.profileImage) },
    sort: query.sort,
    items: sortItems(items, query.sort),
    isOwner: viewer === list.ownerId,
  };
}

/**
 * The facts of the items a list holds, by kind, and of the items merged ones went into: the
 * list's read brings the first; the survivors (rare) are one more read when the list lacks them.
 */
async function factsWithSurvivors(deps: AppDeps, stored: StoredItemWithFacts[]) {
  const facts = { restaurant: new Map<number, ItemFacts>(), dish: new Map<number, ItemFacts>() };
  for (const item of stored) if (item.facts) facts[item.kind].set(item.itemId, item.facts);
  for (const kind of ["restaurant", "dish"] as const) {
    const survivors = [...facts[kind].values()]
      .filter((row) => row.listingState === "merged" && row.mergedIntoId !== null && !facts[kind].has(row.mergedIntoId))
      .map((row) => row.mergedIntoId!);
    for (const [id, row] of await itemFacts(deps.db, kind, survivors)) facts[kind].set(id, row);
  }
  return facts;
}

async function shownItems(
  deps: AppDeps,
  stored: StoredItemWithFacts[],
  place: { lat: number; lng: number } | undefined,
): Promise<ListItem[]> {
  const facts = await factsWithSurvivors(deps, stored);
  const seen = new Set<string>();
  const shown: ListItem[] = [];
  // Newest first, so a merged duplicate of an item the list also holds gives way to the newer.
  for (const item of [...stored].reverse()) {
    const saved = facts[item.kind].get(item.itemId);
    const merged = saved?.listingState === "merged" && saved.mergedIntoId !== null;
    const row = merged ? facts[item.kind].get(saved.mergedIntoId!) : saved;
    const key = `${item.kind}:${row?.id ?? item.itemId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    shown.push(itemOf(item, row, merged, place));
  }
  return shown;
}

function itemOf(
  item: StoredItem,
  row: ItemFacts | undefined,
  merged: boolean,
  place: { lat: number; lng: number } | undefined,
): ListItem {
  const base = { kind: item.kind, savedId: item.itemId, note: item.note, addedAt: new Date(item.addedAt).toISOString() };
  if (!row || row.removedAt !== null) {
    return {
      ...base,
      id: item.itemId,
      name: "",
      restaurantId: null,
      restaurantName: null,
      image: null,
      ratingTenths: null,
      reviewCount: 0,
      lat: null,
      lng: null,
      distanceMeters: null,
      status: "removed",
      statusNote: REMOVED_ITEM_NOTE,
    };
  }
  const at = row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : undefined;
  return {
    ...base,
    id: row.id,
    name: row.name,
    restaurantId: row.restaurantId,
    restaurantName: row.restaurantName,
    image: fileUrl(row.image),
    ratingTenths: row.ratingCount > 0 ? Math.round(row.ratingSumTenths / row.ratingCount) : null,
    reviewCount: row.reviewCount,
    lat: row.lat,
    lng: row.lng,
    distanceMeters: place && at ? Math.round(distanceMeters(place, at)) : null,
    status: merged ? "merged" : "listed",
    statusNote: merged ? MERGED_ITEM_NOTE : null,
  };
}

/** Newest first; by rating best first; by distance nearest first. Unknowns go last, newest first. */
function sortItems(items: ListItem[], sort: ListSort): ListItem[] {
  if (sort === "added") return items;
  const value = (item: ListItem) => (sort === "rating" ? item.ratingTenths : item.distanceMeters);
  const direction = sort === "rating" ? -1 : 1;
  return [...items].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1;
    return (va - vb) * direction;
  });
}

/** The member's lists for their data export: every list, every item with its note. */
export async function exportedLists(deps: AppDeps, userId: number) {
  return (await listsWithItemsOf(deps.db, userId)).map((list) => ({
    id: list.id,
    system: list.system,
    name: list.name,
    description: list.description,
    visibility: list.visibility,
    createdAt: new Date(list.createdAt).toISOString(),
    items: list.items.map((item) => ({
      kind: item.kind,
      id: item.itemId,
      note: item.note,
      addedAt: new Date(item.addedAt).toISOString(),
    })),
  }));
}
