import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseFromD1, type D1DatabaseLike } from "./d1-client.ts";
import { tags } from "./schema.ts";

interface SentStatement {
  sql: string;
  params: unknown[];
}

/**
 * A D1 binding that records what a batch sends and answers each statement with `rows`, in
 * D1's batch result shape ({ results, success, meta }).
 */
function recordingD1(rows: Record<string, unknown>[][]) {
  const sent: SentStatement[][] = [];
  const statement = (text: string, params: unknown[] = []) => ({
    sql: text,
    params,
    bind: (...values: unknown[]) => statement(text, values),
  });
  const binding: D1DatabaseLike = {
    prepare: (text) => statement(text),
    batch: async (statements) => {
      sent.push((statements as SentStatement[]).map(({ sql: text, params }) => ({ sql: text, params })));
      return statements.map((_, i) => ({ results: rows[i] ?? [], success: true, meta: { changes: 1 } }));
    },
    exec: async () => ({}),
  };
  return { binding, sent };
}

describe("databaseFromD1's batch", () => {
  // drizzle-orm 0.45.4 binds a raw statement's parameters through a prepared statement it
  // never made (issue 2277); patches/drizzle-orm+0.45.4.patch prepares those from their SQL.
  it("sends raw statements with parameters, beside builder statements, with their parameters", async () => {
    const { binding, sent } = recordingD1([[], [], [{ n: 2 }]]);
    const db = databaseFromD1(binding);
    const [, , counted] = await db.batch([
      db.update(tags).set({ emoji: "🍜" }).where(eq(tags.tagName, "Ramen")),
      db.run(sql`UPDATE tags SET kind = ${"dish"} WHERE tag_name = ${"Ramen"}`),
      db.all<{ n: number }>(sql`SELECT count(*) AS n FROM tags WHERE kind = ${"dish"}`),
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map((s) => s.params)).toEqual([["🍜", "Ramen"], ["dish", "Ramen"], ["dish"]]);
    expect(sent[0]![1]!.sql).toBe("UPDATE tags SET kind = ? WHERE tag_name = ?");
    expect(counted).toEqual([{ n: 2 }]);
  });

  it("maps a builder select's rows from the batch", async () => {
    const { binding } = recordingD1([[{ id: 7, tag_name: "Ramen" }]]);
    const db = databaseFromD1(binding);
    const [found] = await db.batch([
      db.select({ id: tags.id, tagName: tags.tagName }).from(tags).where(eq(tags.tagName, "Ramen")),
    ]);
    expect(found).toEqual([{ id: 7, tagName: "Ramen" }]);
  });
});
