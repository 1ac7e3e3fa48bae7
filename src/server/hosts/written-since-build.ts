// The catalogue writes the served build does not hold yet, kept on disk beside SITE_DIR (issue
// 30, decision 011). The Node host knows them from onCatalogueChange, but only in memory: a
// restart reuses the build when its sources did not change (scripts/start.ts), so without this
// file the items written since that build would be served from their stale files again, and
// the refresh that would rebuild them would never be told. One JSON line per write, with its
// time; a swap to a build that holds the older writes rewrites the file without them.
import { appendFileSync, readFileSync, realpathSync, renameSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import type { CatalogueChanges } from "../api/services/catalogue-changes.ts";

export interface Written {
  /** When the write was heard (ms). */
  at: number;
  changes: Pick<CatalogueChanges, "dishIds" | "restaurantIds" | "offers">;
}

export interface WrittenSinceBuild {
  /** The writes a build started at `builtAt` does not hold, oldest first. */
  since(builtAt: number): Written[];
  record(written: Written): void;
  /** A build started at `startedAt` is served: forget the writes it holds. */
  keepFrom(startedAt: number): void;
}

export function writtenSinceBuild(siteDir: string, log: (message: string, error: unknown) => void): WrittenSinceBuild {
  const path = `${resolve(siteDir)}.written`;
  const read = (): Written[] => {
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch {
      return [];
    }
    // A line cut short by a crash is skipped; every whole line before and after it counts.
    return text.split("\n").flatMap((line) => {
      try {
        return line ? [JSON.parse(line) as Written] : [];
      } catch {
        return [];
      }
    });
  };
  return {
    since: (builtAt) => read().filter((written) => written.at >= builtAt),
    record({ at, changes: { dishIds, restaurantIds, offers } }) {
      try {
        appendFileSync(path, `${JSON.stringify({ at, changes: { dishIds, restaurantIds, offers } })}\n`);
      } catch (error) {
        // The write has committed; only a restart before the next refresh would miss it.
        log("Could not record a write for the next start", error);
      }
    },
    keepFrom(startedAt) {
      const all = read();
      const kept = all.filter((written) => written.at >= startedAt);
      if (kept.length === all.length) return;
      const temporary = `${path}.${process.pid}`;
      try {
        writeFileSync(temporary, kept.map((written) => `${JSON.stringify(written)}\n`).join(""));
        renameSync(temporary, path);
      } catch (error) {
        log("Could not forget the writes the served build holds", error);
      }
    },
  };
}

/**
 * When the build SITE_DIR serves started, at the latest: a site folder is named `dist-<ms>` just
 * before its build runs (site-refresh.ts newSiteFolder, scripts/start.ts). -Infinity for a
 * folder named otherwise, or none: every recorded write then counts, which costs renders, never
 * a stale page.
 */
export function servedBuildStart(siteDir: string): number {
  let folder: string;
  try {
    folder = realpathSync(siteDir);
  } catch {
    return -Infinity;
  }
  const named = /-(\d{13,})$/.exec(basename(folder));
  return named ? Number(named[1]) : -Infinity;
}
