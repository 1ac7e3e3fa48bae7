// The feed's "X saved Y to Z" (issue 32): the saves to public lists of the people the caller
// follows, one entry per list per day (list_activity's key), newest first, over the last week.
// Members who turned it off in Settings, lists no longer public and anything across a block are
// left out. The feed screen shows them between the posts by time.
import { fileUrl } from "../../../domain/file-url.ts";
import { ACTIVITY_LIMIT, ACTIVITY_WINDOW_DAYS, DAY_MS, savedToLine } from "../../../domain/lists.ts";
import type { ListActivity } from "../../../shared/schemas/lists.ts";
import { itemFacts } from "../db/queries/lists.ts";
import { followedActivity } from "../db/queries/lists-signal.ts";
import type { AppDeps } from "../deps.ts";

export async function listActivityFeed(deps: AppDeps, viewer: number): Promise<ListActivity> {
  const rows = await followedActivity(deps.db, viewer, deps.now() - ACTIVITY_WINDOW_DAYS * DAY_MS, ACTIVITY_LIMIT);
  const ids = (kind: "restaurant" | "dish") => rows.filter((row) => row.kind === kind).map((row) => row.itemId);
  const facts = { restaurant: await itemFacts(deps.db, "restaurant", ids("restaurant")), dish: await itemFacts(deps.db, "dish", ids("dish")) };
  return {
    entries: rows.flatMap((row) => {
      const item = facts[row.kind].get(row.itemId);
      // An item removed by moderation since is not announced.
      if (!item || item.removedAt !== null) return [];
      const person = { userId: row.userId, username: row.username, name: row.name ?? "", avatar: fileUrl(row.avatar) };
      return [
        {
          person,
          listId: row.listId,
          listName: row.listName,
          kind: row.kind,
          itemId: row.itemId,
          itemName: item.name,
          line: savedToLine(person.name || person.username, item.name, row.listName),
          createdAt: new Date(row.createdAt).toISOString(),
        },
      ];
    }),
  };
}
