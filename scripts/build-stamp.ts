// What `npm start` compares to decide whether the built site is stale (scripts/start.ts).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** The inputs of the site build, relative to the project root. */
export const BUILD_INPUTS = ["src", "public", "astro.config.mjs", "package-lock.json"];

/**
 * A hash of what the site was built from: the newest modification time of its inputs, the
 * database it read and the origin its links carry (another PORT builds again). Only a hash:
 * the stamp sits in the built folder, and a path or a database URL (a Turso URL carries its
 * token) must never be readable there (issue 14).
 */
export function buildStamp(root: string, databaseUrl: string, origin = ""): string {
  let newest = 0;
  const visit = (path: string) => {
    const info = statSync(path);
    if (info.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else newest = Math.max(newest, info.mtimeMs);
  };
  for (const input of BUILD_INPUTS) {
    if (existsSync(join(root, input))) visit(join(root, input));
  }
  return createHash("sha256").update(`${newest}\0${databaseUrl}\0${origin}`).digest("hex");
}
