// Who may see a list (issue 32, docs/social.md "Lists"): the owner always; nobody across a block
// either way; a public list anyone (a private account's only its followers); a followers-only
// list the owner's approved followers; a private list its owner only. The unlisted link reads a
// list whatever its visibility, except across a block. A list the caller may not see answers
// exactly as one that does not exist.
import { LIST_MESSAGES, type ListVisibility } from "../../../domain/lists.ts";
import { listById, listByToken, type ListRow } from "../db/queries/lists.ts";
import { findListOwner } from "../db/queries/social-graph.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../http/envelope.ts";

export const listNotFound = () => new ApiError(404, LIST_MESSAGES.listNotFound);

/** The visibilities `viewer` may see of `ownerId`'s lists; undefined across a block or for nobody. */
export async function visibilitiesFor(
  deps: AppDeps,
  viewer: number,
  ownerId: number,
): Promise<ListVisibility[] | undefined> {
  if (viewer === ownerId) return ["public", "followers", "private"];
  const owner = await findListOwner(deps.db, viewer, ownerId);
  if (!owner || owner.blocked) return undefined;
  if (owner.isFollowing) return ["public", "followers"];
  return owner.isPrivate ? [] : ["public"];
}

/** The list when `viewer` may read it by id; the 404 of a missing list otherwise. */
export async function readableList(deps: AppDeps, viewer: number, listId: number): Promise<ListRow> {
  const list = await listById(deps.db, listId);
  if (!list) throw listNotFound();
  const shown = await visibilitiesFor(deps, viewer, list.ownerId);
  if (!shown?.includes(list.visibility)) throw listNotFound();
  return list;
}

/** The list its unlisted link names, unless a block stands between the reader and its owner. */
export async function listByLink(deps: AppDeps, viewer: number, token: string): Promise<ListRow> {
  const list = await listByToken(deps.db, token);
  if (!list) throw listNotFound();
  if (viewer !== list.ownerId) {
    const owner = await findListOwner(deps.db, viewer, list.ownerId);
    if (!owner || owner.blocked) throw listNotFound();
  }
  return list;
}

/** The caller's own list; someone else's answers as a list that does not exist. */
export async function ownList(deps: AppDeps, userId: number, listId: number): Promise<ListRow> {
  const list = await listById(deps.db, listId);
  if (!list || list.ownerId !== userId) throw listNotFound();
  return list;
}

/** 24 random bytes as base64url: the unlisted link's token, unguessable. */
export function newLinkToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}
