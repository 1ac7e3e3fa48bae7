// discovery.spec.ts clears every restaurant's hours for its open-now checks and puts them back
// after; edge-pages.spec.ts and open-status.spec.ts compare pages with the hours the site was
// built with. With several browser files at a time (vitest.config.ts) they would see each
// other half done, so each holds this lock while it depends on the hours: a folder in the
// run's data folder, made atomically by whoever holds it and removed on release.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";

const POLL_MS = 100;

/** Waits until the run's catalogue hours are this file's alone; call the answer to release. */
export async function holdCatalogueHours(timeoutMs = 170_000): Promise<() => void> {
  const lock = join(inject("siteDataDir"), "catalogue-hours.lock");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(lock);
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() > deadline)
        throw new Error(`catalogue hours still held by another file after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
