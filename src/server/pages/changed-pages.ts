// Which item pages a write has made stale in the served build (issue 30, decision 011). A
// prerendered page holds the facts of its build; once a write names its item, the Node host
// renders that item's page on demand instead (kept in memory until the next write drops it,
// page-cache.ts), so the item's own page never contradicts the write. A rebuild that started
// after the write has the new facts: swapping it in forgets what changed before it started.
import type { CatalogueChanges } from "../api/services/catalogue-changes.ts";
import type { PageKindName } from "./page-routes.ts";

/**
 * The kinds whose own pages a catalogue write names (CatalogueChanges): on Node they leave the
 * build's file when written, on Cloudflare they are rendered into the cache writes purge. Area
 * pages are ranked lists, which keep their refresh (decision 012).
 */
export const ITEM_PAGE_KINDS: ReadonlySet<PageKindName> = new Set<PageKindName>(["dish", "restaurant", "offers"]);

export interface ChangedPages {
  /** A write named these items (AppDeps.onCatalogueChange), now or at `at` (ms, a restored write). */
  note(changes: CatalogueChanges, at?: number): void;
  /** True when the served build's page of this item predates a write to it. */
  has(kind: PageKindName, id: number): boolean;
  /** A build started at `startedAt` (ms) is served now: it holds every change made before. */
  servedBuildFrom(startedAt: number): void;
}

export function changedPages(now: () => number = Date.now): ChangedPages {
  // "kind/id" → when the last write to it was heard.
  const changed = new Map<string, number>();
  const mark = (kind: PageKindName, id: number, at: number) => changed.set(`${kind}/${id}`, at);
  return {
    note({ dishIds = [], restaurantIds = [], offers = [] }, at = now()) {
      for (const id of dishIds) mark("dish", id, at);
      for (const id of restaurantIds) mark("restaurant", id, at);
      for (const offer of offers) {
        mark("offers", offer.id, at);
        // A restaurant page lists its offers.
        mark("restaurant", offer.restaurantId, at);
      }
    },
    has: (kind, id) => changed.has(`${kind}/${id}`),
    servedBuildFrom(startedAt) {
      for (const [key, at] of changed) if (at < startedAt) changed.delete(key);
    },
  };
}
