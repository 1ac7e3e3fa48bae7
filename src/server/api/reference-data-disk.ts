// Node-only: deps.referenceData read from the repository's data/ folder, found upwards from
// this module as db/node-client.ts finds drizzle/ (it also runs bundled by the build, from a
// chunk folder). The Node entry, the build and test apps share one per process: the files
// change only with a deploy.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ReferenceData } from "./deps.ts";
import { REFERENCE_FILES, referenceDataFrom } from "./reference-data.ts";

/** The folder holding the committed reference files (data/ at the repository's root). */
export function referenceDataFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = resolve(dir, "data");
    if (existsSync(join(candidate, REFERENCE_FILES.commonPasswords))) return candidate;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error(`No data/${REFERENCE_FILES.commonPasswords} above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

let shared: ReferenceData | undefined;

export function diskReferenceData(): ReferenceData {
  if (!shared) {
    const folder = referenceDataFolder();
    shared = referenceDataFrom((name) => readFile(join(folder, name), "utf8"));
  }
  return shared;
}
