// The one-line friend signal on cards (issue 32): "3 you follow rated it 4.6 · 2 want to try it"
// under a card's save control, for a signed-in member only, from the batch call
// (GET /api/items/following, at most MAX_SIGNAL_IDS ids a call). Cards stay static HTML and keep
// their order: the line is filled in place after the page (or an island's new page of cards)
// shows, so it never changes ranking. A card no one they follow has a word on keeps it hidden.
import { MAX_SIGNAL_IDS, type ListItemKind } from "../../domain/lists.ts";
import { api, callOptions, outcomeOf } from "../../shared/api-client.ts";
import { currentSession } from "../session.ts";
import { parseSaveItem } from "./pending-save.ts";

const asked = new WeakSet<HTMLElement>();

/** Ids of one kind in calls of at most MAX_SIGNAL_IDS. */
export function signalCalls(ids: number[]): number[][] {
  const unique = [...new Set(ids)];
  const calls: number[][] = [];
  for (let at = 0; at < unique.length; at += MAX_SIGNAL_IDS)
    calls.push(unique.slice(at, at + MAX_SIGNAL_IDS));
  return calls;
}

async function fillKind(token: string, kind: ListItemKind, lines: Map<number, HTMLElement[]>): Promise<void> {
  for (const ids of signalCalls([...lines.keys()])) {
    const outcome = await outcomeOf(
      api.items.following.$get({ query: { kind, ids: ids.join(",") } }, callOptions({ token })),
    );
    if (outcome.kind !== "ok") continue;
    for (const item of outcome.data.items) {
      if (!item.line) continue;
      for (const line of lines.get(item.id) ?? []) {
        line.textContent = item.line;
        line.hidden = false;
      }
    }
  }
}

async function fillNew(token: string): Promise<void> {
  const byKind: Record<ListItemKind, Map<number, HTMLElement[]>> = { restaurant: new Map(), dish: new Map() };
  for (const line of document.querySelectorAll<HTMLElement>("[data-friend-line]")) {
    if (asked.has(line)) continue;
    asked.add(line);
    const target = parseSaveItem(line.dataset.friendLine);
    if (!target) continue;
    const same = byKind[target.kind];
    same.set(target.id, [...(same.get(target.id) ?? []), line]);
  }
  await Promise.all(
    (Object.keys(byKind) as ListItemKind[])
      .filter((kind) => byKind[kind].size > 0)
      .map((kind) => fillKind(token, kind, byKind[kind])),
  );
}

/** Fills the cards on the page now, and those islands add later (search pages, Load More). */
export function watchFriendLines(): void {
  const session = currentSession();
  if (!session) return;
  let waiting = false;
  const run = () => {
    waiting = false;
    void fillNew(session.token);
  };
  run();
  new MutationObserver(() => {
    if (waiting) return;
    waiting = true;
    setTimeout(run, 150);
  }).observe(document.body, { childList: true, subtree: true });
}
