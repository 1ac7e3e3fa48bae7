// What every part of the seed shares: the database, the seed's clock and log, and the picture
// pool items draw their images from.
import type { Database } from "../../server/api/db/client.ts";
import type { ImagePool } from "../artwork/image-pool.ts";

export const DAY = 86_400_000;

export interface SeedContext {
  db: Database;
  /** The seed's only clock: every timestamp is `now` minus something. */
  now: number;
  log: (line: string) => void;
  pool: ImagePool;
}

/** Rows in groups small enough for one INSERT's bound parameters. */
export function chunked<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
