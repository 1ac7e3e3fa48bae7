// What the people you follow think (issue 32): on an item page, "3 people you follow rated this
// (4.6 on average)" with faces, short verdicts and links, and "2 want to try it"; on cards, the
// same in one line for many items at once. Only what a follower may see: a follows row is an
// approved follow (a private account's reviews reach its followers), a block ends follows, and
// a private "Want to try" is never counted. Reads only: public ranking never moves.
import { fileUrl } from "../../../domain/file-url.ts";
import {
  FRIEND_SIGNAL_PEOPLE,
  friendCardLine,
  friendRatedLine,
  friendWantLine,
  shortVerdict,
  type ListItemKind,
} from "../../../domain/lists.ts";
import type { FriendSignal, FriendSignalBatch } from "../../../shared/schemas/lists.ts";
import { findItem } from "../db/queries/lists.ts";
import { batchSignal, followedRaters, followedWanters } from "../db/queries/lists-signal.ts";
import type { AppDeps } from "../deps.ts";
import { fieldError } from "../http/envelope.ts";
import { LIST_MESSAGES } from "../../../domain/lists.ts";

const person = (row: { userId: number; username: string; name: string | null; avatar: string | null }) => ({
  userId: row.userId,
  username: row.username,
  name: row.name ?? "",
  avatar: fileUrl(row.avatar),
});

const mean = (sum: number, count: number) => (count > 0 ? Math.round(sum / count) : null);

export async function friendSignal(deps: AppDeps, viewer: number, kind: ListItemKind, id: number): Promise<FriendSignal> {
  const item = await findItem(deps.db, kind, id);
  if (!item || item.removed) throw fieldError(404, "id", LIST_MESSAGES.itemNotFound);
  const [raters, wanters] = await Promise.all([
    followedRaters(deps.db, viewer, kind, id, FRIEND_SIGNAL_PEOPLE),
    followedWanters(deps.db, viewer, kind, id, FRIEND_SIGNAL_PEOPLE),
  ]);
  // Every row carries the totals of all; no row, nobody.
  const ratedCount = raters[0]?.rated ?? 0;
  const averageTenths = raters[0] ? mean(raters[0].ratingSum, raters[0].ratingCount) : null;
  const wantCount = wanters[0]?.wanted ?? 0;
  return {
    kind,
    id,
    ratedCount,
    averageTenths,
    wantCount,
    raters: raters.map((row) => ({
      ...person(row),
      ratingTenths: row.ratingTenths > 0 ? row.ratingTenths : null,
      verdict: shortVerdict(row.content),
      postId: row.postId,
    })),
    wanters: wanters.map(person),
    ratedLine: friendRatedLine(ratedCount, averageTenths),
    wantLine: friendWantLine(wantCount),
  };
}

/** One line per item for a page of cards; ids nobody followed touched answer zeros. */
export async function friendSignalBatch(
  deps: AppDeps,
  viewer: number,
  kind: ListItemKind,
  ids: number[],
): Promise<FriendSignalBatch> {
  const { rated, wanted } = await batchSignal(deps.db, viewer, kind, ids);
  const ratedBy = new Map(rated.map((row) => [row.itemId, row]));
  const wantedBy = new Map(wanted.map((row) => [row.itemId, row.wanted]));
  return {
    kind,
    items: ids.map((id) => {
      const r = ratedBy.get(id);
      const averageTenths = r ? mean(r.ratingSum, r.ratingCount) : null;
      const ratedCount = r?.rated ?? 0;
      const wantCount = wantedBy.get(id) ?? 0;
      return { id, ratedCount, averageTenths, wantCount, line: friendCardLine(ratedCount, averageTenths, wantCount) };
    }),
  };
}
