// GET /api/search/suggestions (issue 23): names from the live catalogue as a diner types,
// marked by kind, limited per client like search.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Suggestion } from "../../../shared/schemas/search-suggestions.ts";
import { dishes } from "../db/schema.ts";
import { clientFromTestHeader } from "../testing/accounts.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";

const { t, f } = useCatalogueTestApp({}, (t) => clientFromTestHeader(t));
let clientSerial = 0;

const freshClient = () => ({ "x-test-client": `typist-${++clientSerial}` });

async function suggest(keyword: string | undefined, headers: Record<string, string> = freshClient()) {
  const query = keyword === undefined ? "" : `?${new URLSearchParams({ keyword })}`;
  const res = await t.app.request(`/api/search/suggestions${query}`, { headers });
  const body = (await res.json()) as { message: string; data: Suggestion[] };
  return { status: res.status, body };
}
const labels = async (keyword: string) =>
  (await suggest(keyword)).body.data.map((s) => `${s.kind}:${s.label}`);

describe("search suggestions", () => {
  it("suggests a dish by a word of its name, and a restaurant named alike beside it", async () => {
    const { status, body } = await suggest("tonkotsu");
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { kind: "dish", label: "Tonkotsu Ramen", id: f.dishIds["Tonkotsu Ramen"] },
      { kind: "restaurant", label: "Tonkotsu Lane", id: f.restaurantIds["Tonkotsu Lane"] },
    ]);
  });

  it("suggests a dish name once however many restaurants serve it", async () => {
    await t.db
      .update(dishes)
      .set({ dishName: "Tonkotsu Ramen" })
      .where(eq(dishes.id, f.dishIds["Shoyu Ramen"]!));
    t.deps.cache.clear();
    expect(await labels("tonkotsu r")).toEqual(["dish:Tonkotsu Ramen"]);
    await t.db
      .update(dishes)
      .set({ dishName: "Shoyu Ramen" })
      .where(eq(dishes.id, f.dishIds["Shoyu Ramen"]!));
    t.deps.cache.clear();
  });

  it("suggests a restaurant by its own name, with its id for its page", async () => {
    expect((await suggest("kyoto")).body.data).toEqual([
      { kind: "restaurant", label: "Kyoto Ramen House", id: f.restaurantIds["Kyoto Ramen House"] },
    ]);
  });

  it("marks each kind, tags first, then dishes best first, restaurants and areas", async () => {
    const ramen = await labels("ram");
    expect(ramen[0]).toBe("tag:Ramen");
    expect(ramen.slice(1, 4)).toEqual(["dish:Tonkotsu Ramen", "dish:Spicy Miso Ramen", "dish:Vegan Ramen"]);
    expect(ramen).toContain("restaurant:Kyoto Ramen House");
    expect(ramen.length).toBeLessThanOrEqual(8);
    expect(await labels("camd")).toEqual(["area:Camden"]);
    expect(await labels("vegan ram")).toEqual(["dish:Vegan Ramen"]);
  });

  it("follows the catalogue: a renamed dish is suggested by its new name, a removed one not at all", async () => {
    const id = f.dishIds["Shoyu Ramen"]!;
    await t.db.update(dishes).set({ dishName: "Shoyu Tsukemen" }).where(eq(dishes.id, id));
    t.deps.cache.clear();
    expect(await labels("tsuke")).toEqual(["dish:Shoyu Tsukemen"]);
    await t.db.update(dishes).set({ removedAt: t.clock.now() }).where(eq(dishes.id, id));
    t.deps.cache.clear();
    expect(await labels("tsuke")).toEqual([]);
  });

  it("takes whatever was typed as words, never as FTS syntax", async () => {
    for (const keyword of ['"', "NEAR(", "') OR 1=1 --", "dish_name: x", "🍜", "ramen AND"]) {
      const { status, body } = await suggest(keyword);
      expect(status, keyword).toBe(200);
      expect(Array.isArray(body.data), keyword).toBe(true);
    }
    expect((await suggest("🍜")).body.data).toEqual([]);
  });

  it("refuses a missing, blank or over-long keyword, naming it", async () => {
    for (const keyword of [undefined, "   ", "x".repeat(201)]) {
      const { status, body } = await suggest(keyword);
      expect(status).toBe(400);
      expect(body.message).toMatch(/keyword/);
    }
  });

  it("counts against the client's search limit: the 61st in a minute answers 429", async () => {
    t.clock.set(Math.ceil(t.clock.now() / 60_000) * 60_000 + 1000);
    const typist = freshClient();
    for (let i = 0; i < 60; i++) expect((await suggest(`flood${i}`, typist)).status).toBe(200);
    const refused = await suggest("flood60", typist);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many searches/);
    expect((await suggest("flood61")).status).toBe(200);
  });
});
