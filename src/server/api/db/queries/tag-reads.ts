// Tags: about 190 rows, read in name order for the chip rows and looked up by name for filters.
import { inArray, sql } from "drizzle-orm";
import type { TagItem } from "../../../../shared/schemas/catalogue-items.ts";
import type { Database } from "../client.ts";
import { dishTags, restaurantTags, tags } from "../schema.ts";
import { heldPerDatabase } from "./held-per-database.ts";

// Alphabetical as people read it ("Bagels" before "BBQ", "Açaí" with the a's), which the
// database's byte order is not. The whole table is about 190 rows and the answer is cached,
// so sorting it here costs nothing that matters.
const alphabetical = new Intl.Collator("en-GB", { sensitivity: "base" });

/**
 * At most `limit` tags in name order. When that is fewer than all of them (home's 30 chips),
 * the ones kept are the most used (dishes and restaurants carrying them), so the chips are
 * the cuisines people look for, not the first names of the alphabet. Counting reads the two
 * tag-link indexes once; the answer is cached like every tag read.
 */
export async function listTags(db: Database, limit: number): Promise<TagItem[]> {
  const rows = await db
    .select({
      id: tags.id,
      tagName: tags.tagName,
      imageURL: tags.emoji,
      uses: sql<number>`(SELECT count(*) FROM ${dishTags} WHERE ${dishTags.tagId} = ${tags.id})
        + (SELECT count(*) FROM ${restaurantTags} WHERE ${restaurantTags.tagId} = ${tags.id})`,
    })
    .from(tags);
  const byName = (a: { tagName: string; id: number }, b: { tagName: string; id: number }) =>
    alphabetical.compare(a.tagName, b.tagName) || a.id - b.id;
  const kept =
    rows.length > limit ? [...rows].sort((a, b) => b.uses - a.uses || byName(a, b)).slice(0, limit) : rows;
  return kept.sort(byName).map(({ id, tagName, imageURL }) => ({ id, tagName, imageURL }));
}

/** Tags by name, any case; names that match no tag are left out. */
export async function findTags(db: Database, names: string[]): Promise<{ id: number; tagName: string }[]> {
  const wanted = [...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return [];
  return db
    .select({ id: tags.id, tagName: tags.tagName })
    .from(tags)
    .where(inArray(sql`lower(${tags.tagName})`, wanted));
}

export async function findTag(db: Database, name: string): Promise<{ id: number; tagName: string } | null> {
  const [tag] = await findTags(db, [name]);
  return tag ?? null;
}

/**
 * The tag named `name` (any case), or null, with every tag's name: search needs them all to
 * tell its tag apart. One read of the whole table (about 190 rows) instead of two.
 */
// Every search reads this (its tag filter, the tag tier): read once and held, like the place
// names (held-per-database.ts).
const allTagNames = heldPerDatabase((db) => db.select({ id: tags.id, tagName: tags.tagName }).from(tags));

/** Every tag's id and name (a small table, read whole). */
export function everyTagName(db: Database): Promise<{ id: number; tagName: string }[]> {
  return allTagNames(db);
}

export async function findTagAmongAll(
  db: Database,
  name: string,
): Promise<{ tag: { id: number; tagName: string } | null; tagNames: string[] }> {
  const rows = await allTagNames(db);
  const wanted = name.trim().toLowerCase();
  const tag = wanted ? rows.find((row) => row.tagName.toLowerCase() === wanted) : undefined;
  return { tag: tag ?? null, tagNames: rows.map((row) => row.tagName) };
}
