// The list and friend-signal reads are index seeks (issue 32): EXPLAIN QUERY PLAN shows no full
// scan of posts, follows, lists or list_items, and the item page's signal starts from the
// caller's follows (bounded by their follow count, never by the item's popularity).
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { listItems } from "../schema.ts";
import { itemFactsQuery, storedItemsWithFactsQuery } from "./lists.ts";
import { batchRatedQuery, batchWantQuery, followedRaterQuery, followedWanterQuery, raterSidesQuery } from "./lists-signal.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function plan(query: SQL | { toSQL(): { sql: string; params: unknown[] } }): Promise<string[]> {
  const inner = "toSQL" in query ? sql.raw(inlined(query.toSQL())) : query;
  const rows = await t.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${inner}`);
  return rows.map((row) => row.detail);
}

/** A builder query's SQL with its parameters written in (numbers and plain strings only). */
function inlined({ sql: text, params }: { sql: string; params: unknown[] }): string {
  let i = 0;
  return text.replace(/\?/g, () => {
    const value = params[i++];
    return typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}

const SCANNED = /^SCAN (posts|follows|lists|list_items|users|profiles|blocks|b)\b/;
const fullScans = (details: string[]) =>
  details.filter((d) => SCANNED.test(d) && !/USING (COVERING )?INDEX|PRIMARY KEY/.test(d));

describe("list and friend-signal reads are index seeks", () => {
  it("the item page's raters and wanters walk the caller's follows first", async () => {
    for (const query of [followedRaterQuery(7, "dish", 3, 6, "follows"), followedWanterQuery(7, "restaurant", 3, 6)]) {
      const details = await plan(query);
      expect(fullScans(details), details.join("\n")).toEqual([]);
      // The first table read (the subquery that finds the few people shown comes first).
      expect(details.find((d) => /^(SEARCH|SCAN) /.test(d)), details.join("\n")).toMatch(/follows/);
    }
  });

  it("the raters of an item with fewer reviews than the caller follows people walk its reviews, then seek follows", async () => {
    for (const kind of ["dish", "restaurant"] as const) {
      const details = await plan(followedRaterQuery(7, kind, 3, 6, "item"));
      expect(fullScans(details), details.join("\n")).toEqual([]);
      const first = details.find((d) => /^(SEARCH|SCAN) /.test(d));
      expect(first, details.join("\n")).toMatch(new RegExp(`^SEARCH posts USING (COVERING )?INDEX posts_${kind}_created_idx`));
      expect(details.join("\n")).toMatch(/SEARCH follows USING COVERING INDEX \S+ \(follower_id=\? AND following_id=\?\)/);
      const sides = await plan(raterSidesQuery(7, kind, 3));
      expect(sides.filter((d) => /^SCAN (posts|follows)\b/.test(d)), sides.join("\n")).toEqual([]);
    }
  });

  it("the cards' batch starts from the items", async () => {
    for (const query of [batchRatedQuery(7, "dish", [1, 2, 3]), batchWantQuery(7, "dish", [1, 2, 3])]) {
      const details = await plan(query);
      expect(fullScans(details), details.join("\n")).toEqual([]);
    }
  });

  it("a list's items and which of my lists hold an item are ranges of an index", async () => {
    const items = t.db.select().from(listItems).where(sql`${listItems.listId} = 4`).orderBy(listItems.addedAt);
    const holding = t.db
      .select({ listId: listItems.listId })
      .from(listItems)
      .where(sql`${listItems.ownerId} = 4 AND ${listItems.itemKind} = 'dish' AND ${listItems.itemId} = 9`);
    for (const query of [items, holding]) {
      const details = await plan(query);
      expect(fullScans(details), details.join("\n")).toEqual([]);
      expect(details.join("\n")).toMatch(/USING (COVERING )?INDEX|PRIMARY KEY/);
    }
  });

  it("a list page's items and their facts are one range of the list, then primary-key seeks", async () => {
    const details = await plan(storedItemsWithFactsQuery(4));
    expect(fullScans(details), details.join("\n")).toEqual([]);
    expect(details[0], details.join("\n")).toMatch(/^SEARCH list_items USING INDEX list_items_list_added_idx/);
    expect(details.slice(1).every((d) => /USING INTEGER PRIMARY KEY/.test(d)), details.join("\n")).toBe(true);
    for (const kind of ["dish", "restaurant"] as const) {
      const facts = await plan(itemFactsQuery(kind, [1, 2, 3]));
      expect(facts.filter((d) => /^SCAN (dishes|restaurants)\b/.test(d)), facts.join("\n")).toEqual([]);
    }
  });
});
