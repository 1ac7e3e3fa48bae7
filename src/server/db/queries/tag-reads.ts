// Tags: about 190 rows, read in name order for the chip rows and looked up by name for filters.
import { asc, inArray, sql } from "drizzle-orm";
import type { TagItem } from "../../../shared/schemas/catalogue-items.ts";
import type { Database } from "../client.ts";
import { tags } from "../schema.ts";

export async function listTags(db: Database, limit: number): Promise<TagItem[]> {
  return db
    .select({ id: tags.id, tagName: tags.tagName, imageURL: tags.emoji })
    .from(tags)
    .orderBy(asc(tags.tagName))
    .limit(limit);
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
