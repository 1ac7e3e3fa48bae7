// List writes (issue 32, docs/social.md "Lists"): make, change and delete a list; add, note,
// move and remove an item; copy a public list. Every write is the caller's own: a list that is
// not theirs answers as one that does not exist. Writes count against one hourly limit and run
// in the caller's turn of the write queue, so a member's count checks and inserts never
// interleave. No cached read shows a list: nothing is published to the response cache.
import {
  activityDay,
  LIST_MESSAGES,
  MAX_ITEMS_PER_LIST,
  MAX_LISTS_PER_MEMBER,
  SYSTEM_LISTS,
  type ListItemKind,
  type SystemList,
} from "../../../domain/lists.ts";
import type {
  AddItemInput,
  CreateListInput,
  ListItemState,
  ListSummary,
  MoveItemInput,
  UpdateListInput,
} from "../../../shared/schemas/lists.ts";
import { enforceRateLimit, RATE_LIMITS } from "../auth/rate-limit.ts";
import {
  addListItem,
  countLists,
  deleteList,
  deleteListActivityOf,
  deleteListActivityOfList,
  findItem,
  findListItem,
  insertItems,
  insertList,
  listById,
  listOwnerPerson,
  recordListActivity,
  removeListItem,
  setItemNote,
  setListActivityInFeed,
  storedItems,
  systemListId,
  updateList as writeList,
  type ListRow,
} from "../db/queries/lists.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { listNotFound, newLinkToken, ownList, readableList } from "./lists-access.ts";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A list as the API shows it; the link token only to its owner. */
export function summaryOf(list: ListRow, viewer: number): ListSummary {
  return {
    id: list.id,
    ownerId: list.ownerId,
    system: list.system,
    name: list.name,
    description: list.description,
    visibility: list.visibility,
    itemCount: list.itemCount,
    createdAt: new Date(list.createdAt).toISOString(),
    updatedAt: iso(list.updatedAt),
    linkToken: viewer === list.ownerId ? list.linkToken : null,
    copiedFromId: list.copiedFromId,
  };
}

const countWrite = (deps: AppDeps, userId: number) =>
  enforceRateLimit(deps.db, RATE_LIMITS.listWritesPerUser, String(userId), deps.now());

/** In the member's turn of the write queue, after the hourly limit. */
async function listWrite<T>(deps: AppDeps, userId: number, write: () => Promise<T>): Promise<T> {
  await countWrite(deps, userId);
  return deps.writes.run(userId, write);
}

/**
 * "Want to try" and "Been" exist from the first time anything asks for them. Followers see
 * them by default, which is what makes "2 want to try it" possible; each can be made private.
 */
export async function ensureSystemLists(deps: AppDeps, userId: number): Promise<void> {
  for (const system of ["want", "been"] as const) {
    if ((await systemListId(deps.db, userId, system)) !== undefined) continue;
    await insertList(deps.db, {
      ownerId: userId,
      system,
      name: SYSTEM_LISTS[system].name,
      description: SYSTEM_LISTS[system].description,
      visibility: "followers",
      linkToken: newLinkToken(),
      createdAt: deps.now(),
    });
  }
}

async function systemList(deps: AppDeps, userId: number, system: SystemList): Promise<number> {
  await ensureSystemLists(deps, userId);
  const id = await systemListId(deps.db, userId, system);
  if (id === undefined) throw listNotFound();
  return id;
}

async function freshSummary(deps: AppDeps, userId: number, listId: number): Promise<ListSummary> {
  const list = await listById(deps.db, listId);
  if (!list) throw listNotFound();
  return summaryOf(list, userId);
}

export function createList(deps: AppDeps, userId: number, input: CreateListInput): Promise<ListSummary> {
  return listWrite(deps, userId, async () => {
    await ensureSystemLists(deps, userId);
    if ((await countLists(deps.db, userId)) >= MAX_LISTS_PER_MEMBER) {
      throw new ApiError(409, LIST_MESSAGES.tooManyLists);
    }
    const id = await insertList(deps.db, {
      ownerId: userId,
      system: null,
      name: input.name,
      description: input.description,
      visibility: input.visibility,
      linkToken: newLinkToken(),
      createdAt: deps.now(),
    });
    if (id === undefined) throw listNotFound();
    return freshSummary(deps, userId, id);
  });
}

export function updateList(deps: AppDeps, userId: number, listId: number, input: UpdateListInput): Promise<ListSummary> {
  return listWrite(deps, userId, async () => {
    const list = await ownList(deps, userId, listId);
    if (list.system && (input.name !== undefined || input.description !== undefined)) {
      throw new ApiError(409, LIST_MESSAGES.systemListFixed);
    }
    await writeList(
      deps.db,
      listId,
      {
        name: input.name,
        description: input.description,
        visibility: input.visibility,
        linkToken: input.rotateLink ? newLinkToken() : undefined,
      },
      deps.now(),
    );
    // A list no longer public takes its "saved to" entries out of followers' feeds.
    if (input.visibility && input.visibility !== "public") await deleteListActivityOfList(deps.db, listId);
    return freshSummary(deps, userId, listId);
  });
}

export function removeList(deps: AppDeps, userId: number, listId: number): Promise<void> {
  return listWrite(deps, userId, async () => {
    const list = await ownList(deps, userId, listId);
    if (list.system) throw new ApiError(409, LIST_MESSAGES.systemListFixed);
    await deleteList(deps.db, listId);
  });
}

/** The item to save: a merged one's survivor; a removed or unknown one answers 404. */
async function savableItem(deps: AppDeps, kind: ListItemKind, id: number): Promise<number> {
  let item = await findItem(deps.db, kind, id);
  for (let hops = 0; item?.mergedIntoId && hops < 5; hops++) item = await findItem(deps.db, kind, item.mergedIntoId);
  if (!item || item.removed || item.mergedIntoId) throw fieldError(404, "id", LIST_MESSAGES.itemNotFound);
  return item.id;
}

async function putItem(deps: AppDeps, userId: number, list: ListRow, kind: ListItemKind, itemId: number, note: string) {
  const now = deps.now();
  const outcome = await addListItem(deps.db, {
    listId: list.id,
    ownerId: userId,
    kind,
    itemId,
    note,
    addedAt: now,
    max: MAX_ITEMS_PER_LIST,
  });
  if (outcome === "full") throw new ApiError(409, LIST_MESSAGES.tooManyItems);
  if (outcome === "added" && list.visibility === "public") {
    const owner = await listOwnerPerson(deps.db, userId);
    if (owner?.listActivityInFeed) {
      await recordListActivity(deps.db, { listId: list.id, day: activityDay(now), ownerId: userId, kind, itemId, createdAt: now });
    }
  }
}

async function itemState(deps: AppDeps, listId: number, kind: ListItemKind, id: number): Promise<ListItemState> {
  const row = await findListItem(deps.db, { listId, kind, itemId: id });
  return { listId, kind, id, inList: row !== undefined, note: row?.note ?? null };
}

export function addItem(deps: AppDeps, userId: number, listId: number, input: AddItemInput): Promise<ListItemState> {
  return listWrite(deps, userId, async () => {
    const list = await ownList(deps, userId, listId);
    const itemId = await savableItem(deps, input.kind, input.id);
    await putItem(deps, userId, list, input.kind, itemId, input.note);
    return itemState(deps, listId, input.kind, itemId);
  });
}

export function noteItem(
  deps: AppDeps,
  userId: number,
  key: { id: number; kind: ListItemKind; itemId: number },
  note: string,
): Promise<ListItemState> {
  return listWrite(deps, userId, async () => {
    await ownList(deps, userId, key.id);
    if (!(await setItemNote(deps.db, { listId: key.id, kind: key.kind, itemId: key.itemId }, note))) {
      throw new ApiError(404, LIST_MESSAGES.itemNotInList);
    }
    return itemState(deps, key.id, key.kind, key.itemId);
  });
}

export function removeItem(
  deps: AppDeps,
  userId: number,
  key: { id: number; kind: ListItemKind; itemId: number },
): Promise<ListItemState> {
  return listWrite(deps, userId, async () => {
    await ownList(deps, userId, key.id);
    if (!(await removeListItem(deps.db, { listId: key.id, kind: key.kind, itemId: key.itemId }))) {
      throw new ApiError(404, LIST_MESSAGES.itemNotInList);
    }
    return itemState(deps, key.id, key.kind, key.itemId);
  });
}

/** Moves an item between two of the caller's lists: by default from Want to try to Been. */
export function moveItem(deps: AppDeps, userId: number, input: MoveItemInput): Promise<ListItemState> {
  return listWrite(deps, userId, async () => {
    const fromId = input.fromListId ?? (await systemList(deps, userId, "want"));
    const toId = input.toListId ?? (await systemList(deps, userId, "been"));
    await ownList(deps, userId, fromId);
    const to = await ownList(deps, userId, toId);
    if (fromId === toId) throw new ApiError(409, LIST_MESSAGES.sameList);
    const held = await findListItem(deps.db, { listId: fromId, kind: input.kind, itemId: input.id });
    if (!held) throw new ApiError(404, LIST_MESSAGES.itemNotInList);
    await putItem(deps, userId, to, input.kind, input.id, held.note);
    await removeListItem(deps.db, { listId: fromId, kind: input.kind, itemId: input.id });
    return itemState(deps, toId, input.kind, input.id);
  });
}

/** Copies a public list the caller may see into a new private list of theirs, notes included. */
export function copyList(deps: AppDeps, userId: number, listId: number): Promise<ListSummary> {
  return listWrite(deps, userId, async () => {
    const source = await readableList(deps, userId, listId);
    if (source.visibility !== "public" || source.ownerId === userId) {
      throw new ApiError(409, LIST_MESSAGES.onlyPublicCopied);
    }
    await ensureSystemLists(deps, userId);
    if ((await countLists(deps.db, userId)) >= MAX_LISTS_PER_MEMBER) {
      throw new ApiError(409, LIST_MESSAGES.tooManyLists);
    }
    const id = await insertList(deps.db, {
      ownerId: userId,
      system: null,
      name: source.name,
      description: source.description,
      visibility: "private",
      linkToken: newLinkToken(),
      copiedFromId: source.id,
      createdAt: deps.now(),
    });
    if (id === undefined) throw listNotFound();
    const items = (await storedItems(deps.db, source.id)).slice(0, MAX_ITEMS_PER_LIST);
    await insertItems(deps.db, id, userId, items);
    return freshSummary(deps, userId, id);
  });
}

export async function listSettings(deps: AppDeps, userId: number) {
  const owner = await listOwnerPerson(deps.db, userId);
  return { listActivityInFeed: owner?.listActivityInFeed ?? true };
}

/** Turning the feed's "saved to" off also takes back the entries already made. */
export function saveListSettings(deps: AppDeps, userId: number, on: boolean) {
  return listWrite(deps, userId, async () => {
    await setListActivityInFeed(deps.db, userId, on);
    if (!on) await deleteListActivityOf(deps.db, userId);
    return { listActivityInFeed: on };
  });
}

