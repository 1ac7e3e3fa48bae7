// Small tables that only migrations and the seed write (areas, regions, tags: the API has no
// route that adds or renames one) are read once per database and held. Every located or
// tagged search read them whole, two or three statements a search (issue 33,
// docs/perf/search.md). A process that changes them (the seed, a test fixture) uses a
// database object of its own or calls forgetHeld.
import type { Database } from "../client.ts";

const forgetters: ((db: Database) => void)[] = [];

/** `read(db)` once per database; a failed read is not held, so the next call tries again. */
export function heldPerDatabase<T>(read: (db: Database) => PromiseLike<T>): (db: Database) => Promise<T> {
  const held = new WeakMap<Database, Promise<T>>();
  forgetters.push((db) => held.delete(db));
  return (db) => {
    let value = held.get(db);
    if (!value) {
      // A query builder runs again at every await: settle it once into a promise.
      value = Promise.resolve(read(db));
      held.set(db, value);
      value.catch(() => held.delete(db));
    }
    return value;
  };
}

/** Drops what is held for `db`, after a write to one of these tables. */
export function forgetHeld(db: Database): void {
  for (const forget of forgetters) forget(db);
}
