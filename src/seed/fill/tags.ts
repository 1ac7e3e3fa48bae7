// The tag vocabulary (cuisines, dish kinds, dietary, style), looked up by name afterwards.
import { tags } from "../../server/api/db/schema.ts";
import { TAGS } from "../tags.ts";
import type { SeedContext } from "./context.ts";

export type TagIdOf = (name: string) => number;

export async function fillTags({ db }: SeedContext): Promise<{ count: number; tagIdOf: TagIdOf }> {
  const tagRows = await db
    .insert(tags)
    .values(TAGS.map((t) => ({ tagName: t.name, emoji: t.emoji, kind: t.kind })))
    .returning({ id: tags.id, tagName: tags.tagName });
  const tagId = new Map(tagRows.map((t) => [t.tagName, t.id]));
  const tagIdOf = (name: string) => {
    const id = tagId.get(name);
    if (id === undefined) throw new RangeError(`Seed refers to unknown tag "${name}"`);
    return id;
  };
  return { count: tagRows.length, tagIdOf };
}
