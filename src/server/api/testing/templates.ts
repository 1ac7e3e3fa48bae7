// Databases test apps copy instead of building: one migrated database, and the London seed at a
// scale, each made once per vitest run by the first test file that needs it (others wait for it)
// in the run's folder, which global-setup.ts makes and removes. Test files run in separate
// module graphs (vitest isolates them), so "once" is kept on disk, not in a variable.
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { closeForCopy, migrateDatabase, openDatabase, openDatabaseCopy } from "../db/node-client.ts";
import { diskFileStorage } from "../files/disk-file-storage.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's folder of template databases (global-setup.ts). */
    testTemplatesDir: string;
  }
}

/** How long a test file waits for another to finish a template (the scale-1 seed: ~10-60 s). */
const WAIT_MS = 5 * 60_000;

let ownFolder: string | undefined;

/** The run's folder, or, where no global setup provided one, this process's own. */
function templatesFolder(): string {
  const provided = inject("testTemplatesDir") as string | undefined;
  if (provided) return provided;
  if (!ownFolder) {
    const folder = mkdtempSync(join(tmpdir(), "dishcovery-templates-"));
    process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
    ownFolder = folder;
  }
  return ownFolder;
}

/**
 * The path of `name` in the run's folder, made by `make` (given a path to write to) if no test
 * file has made it yet. A lock folder says who is making it; a make that fails releases it, so
 * the next caller tries again and sees the error itself.
 */
async function madeOnce(name: string, make: (path: string) => Promise<void>): Promise<string> {
  const folder = templatesFolder();
  const done = join(folder, name);
  const lock = `${done}.lock`;
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(done)) {
    if (tryLock(lock)) {
      try {
        if (existsSync(done)) break;
        const part = `${done}.part-${process.pid}`;
        await make(part);
        renameSync(part, done);
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
      break;
    }
    if (Date.now() > deadline) throw new Error(`Waited ${WAIT_MS / 1000} s for ${done}: is ${lock} left over?`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return done;
}

function tryLock(path: string): boolean {
  try {
    mkdirSync(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** A database file every migration has been applied to, closed, to copy. */
export function migratedTemplate(): Promise<string> {
  return madeOnce("migrated.db", async (path) => {
    const opened = await openDatabase(`file:${path}`);
    await migrateDatabase(opened.db);
    await closeForCopy(opened);
  });
}

/** Where a seeded template keeps its database and its files (seedDatabase writes both). */
export const SEEDED_DATABASE = "test.db";
export const SEEDED_FILES = "files";

/** A folder holding the London seed at `scale` (SEEDED_DATABASE and SEEDED_FILES), to copy. */
export function seededTemplate(scale: number): Promise<string> {
  return madeOnce(`seed-${scale}`, async (folder) => {
    const opened = await openDatabaseCopy(await migratedTemplate(), join(folder, SEEDED_DATABASE));
    // Imported here: most test files never seed, and the seed's modules are many.
    const { seedDatabase } = await import("../../../seed/seed.ts");
    await seedDatabase(opened.db, diskFileStorage(join(folder, SEEDED_FILES)), { scale });
    await closeForCopy(opened);
  });
}
