// Copies the reference data (London's stations and postcode districts, the common-password
// list: src/server/api/reference-data.ts) from data/ into the built site at
// /reference-data/, where the Cloudflare Function reads it through its ASSETS binding once per
// isolate instead of carrying it in its script (docs/perf/edge-bundle.md). They are public
// files like any other in the site: open data, and a list published with zxcvbn.
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { REFERENCE_DATA_PATH, REFERENCE_FILES } from "../server/api/reference-data.ts";
import { referenceDataFolder } from "../server/api/reference-data-disk.ts";

/** Copies each file of REFERENCE_FILES from data/ into `siteDir`'s REFERENCE_DATA_PATH. */
export function copyReferenceData(siteDir: string): string[] {
  const from = referenceDataFolder();
  const to = join(siteDir, REFERENCE_DATA_PATH);
  mkdirSync(to, { recursive: true });
  const names = Object.values(REFERENCE_FILES);
  for (const name of names) copyFileSync(join(from, name), join(to, name));
  return names;
}

export function referenceDataIntegration(): AstroIntegration {
  return {
    name: "dishcovery:reference-data",
    hooks: {
      "astro:build:done": ({ dir, logger }) => {
        const names = copyReferenceData(fileURLToPath(dir));
        logger.info(`${names.length} reference files in ${REFERENCE_DATA_PATH}`);
      },
    },
  };
}
