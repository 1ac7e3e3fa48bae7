import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type {
  AreaItem,
  AreaSummaryItem,
  RegionItem,
  TagItem,
} from "../../../shared/schemas/catalogue-items.ts";
import { tags } from "../db/schema.ts";
import { getJson, useCatalogueTestApp } from "../testing/fixture.ts";

const { t, f } = useCatalogueTestApp();

describe("GET /api/tags/getLimitedTags", () => {
  it("lists tags alphabetically with their emoji, 30 by default", async () => {
    const res = await getJson<TagItem[]>(t.app, "/api/tags/getLimitedTags");
    expect(res.status).toBe(200);
    expect(res.body.data.map((tag) => tag.tagName)).toEqual([
      "Burgers",
      "Coffee",
      "Italian",
      "Japanese",
      "Pizza",
      "Ramen",
      "Vegan",
    ]);
    expect(res.body.data[0]).toEqual({ id: f.tagIds.Burgers, tagName: "Burgers", imageURL: "🍔" });
  });

  it("stops at limit, bounded 1..200", async () => {
    expect((await getJson<TagItem[]>(t.app, "/api/tags/getLimitedTags?limit=3")).body.data).toHaveLength(3);
    expect((await getJson(t.app, "/api/tags/getLimitedTags?limit=200")).status).toBe(200);
    for (const limit of ["0", "201", "-5", "x"]) {
      const res = await getJson(t.app, `/api/tags/getLimitedTags?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(res.body.message).toBe("Invalid limit: must be an integer from 1 to 200");
    }
  });
});

describe("GET /api/tags/getLimitedTags ordering", () => {
  it("sorts as people read, ignoring case and accents", async () => {
    await t.db.insert(tags).values([
      { tagName: "BBQ", emoji: "🍖" },
      { tagName: "Bánh Mì", emoji: "🥖" },
      { tagName: "Bagels", emoji: "🥯" },
    ]);
    t.deps.cache.clear();
    const res = await getJson<TagItem[]>(t.app, "/api/tags/getLimitedTags?limit=200");
    expect(res.body.data.map((tag) => tag.tagName).slice(0, 4)).toEqual([
      "Bagels",
      "Bánh Mì",
      "BBQ",
      "Burgers",
    ]);
  });

  it("below the whole list, keeps the most-used tags, then sorts them by name", async () => {
    // Usage: how many dishes and restaurants carry the tag. Home's 30 chips were the first 30
    // names (Afghan to Ceviche), with no Italian, Japanese or Pizza among them.
    const usage = new Map(
      (
        await t.db.all<{ name: string; uses: number }>(sql`
          SELECT t.tag_name AS name,
            (SELECT count(*) FROM dish_tags WHERE tag_id = t.id) +
            (SELECT count(*) FROM restaurant_tags WHERE tag_id = t.id) AS uses
          FROM tags t`)
      ).map((row) => [row.name, Number(row.uses)]),
    );
    const res = await getJson<TagItem[]>(t.app, "/api/tags/getLimitedTags?limit=3");
    const names = res.body.data.map((tag) => tag.tagName);
    expect(names).toHaveLength(3);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en-GB", { sensitivity: "base" })));
    const leastChosen = Math.min(...names.map((name) => usage.get(name)!));
    const mostLeftOut = Math.max(
      ...[...usage].filter(([name]) => !names.includes(name)).map(([, uses]) => uses),
    );
    expect(leastChosen).toBeGreaterThan(0);
    expect(leastChosen).toBeGreaterThanOrEqual(mostLeftOut);
    // The unused tags added above never make a short list.
    for (const unused of ["Bagels", "Bánh Mì", "BBQ"]) expect(names).not.toContain(unused);
  });
});

describe("GET /api/regions/all", () => {
  it("lists every region by name", async () => {
    const res = await getJson<RegionItem[]>(t.app, "/api/regions/all");
    expect(res.body.data).toEqual([
      { id: f.regionIds.Central, regionName: "Central" },
      { id: f.regionIds.East, regionName: "East" },
      { id: f.regionIds.North, regionName: "North" },
    ]);
  });
});

describe("GET /api/areas/all and /api/areas/{id}", () => {
  it("lists areas by name with their region, without page content", async () => {
    const res = await getJson<AreaSummaryItem[]>(t.app, "/api/areas/all");
    expect(res.body.data.map((a) => a.areaName)).toEqual([
      "Camden",
      "Covent Garden",
      "Islington",
      "Shoreditch",
      "Soho",
    ]);
    expect(res.body.data[0]).toEqual({
      id: f.areaIds.Camden,
      areaName: "Camden",
      image: "area-camden.webp",
      regionId: f.regionIds.North,
      regionName: "North",
    });
  });

  it("answers one area with its content", async () => {
    const res = await getJson<AreaItem>(t.app, `/api/areas/${f.areaIds.Islington}`);
    expect(res.body.data).toEqual({
      id: f.areaIds.Islington,
      areaName: "Islington",
      image: "area-islington.webp",
      regionId: f.regionIds.North,
      regionName: "North",
      content: "Islington is one of London's best places to eat.",
    });
  });

  it("answers 404 for a missing area and 400 for a malformed id", async () => {
    expect((await getJson(t.app, "/api/areas/77")).body).toEqual({
      code: 404,
      message: "Resource not found",
      data: null,
    });
    expect((await getJson(t.app, "/api/areas/-1")).status).toBe(400);
  });
});

describe("GET /api/openapi.json", () => {
  it("documents every discovery endpoint with its parameters and bounds", async () => {
    const res = await t.app.request("/api/openapi.json");
    const doc = (await res.json()) as {
      paths: Record<
        string,
        {
          get?: {
            parameters?: { name: string; in: string; schema: { maximum?: number; default?: number } }[];
          };
        }
      >;
    };
    for (const path of [
      "/dishes/{id}",
      "/dishes/top",
      "/dishes/top/location",
      "/dishes/top/filter",
      "/dishes/trending",
      "/dishes/trendingbytag",
      "/dishes/searchByKeywordLocationTop",
      "/dishes/searchTrending",
      "/restaurants/{id}",
      "/restaurants/top",
      "/restaurants/top/location",
      "/restaurants/top/filter",
      "/restaurants/trending",
      "/restaurants/trendingbytag",
      "/restaurants/searchTop",
      "/restaurants/searchTrending",
      "/offers/randomGet",
      "/offers/filter",
      "/offers/search",
      "/offers/{id}",
      "/offers/restaurant/{id}",
      "/areas/{id}",
      "/areas/all",
      "/regions/all",
      "/tags/getLimitedTags",
      "/files/{name}",
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
    const topNum = doc.paths["/restaurants/top"]!.get!.parameters!.find((p) => p.name === "topNum")!;
    expect(topNum.in).toBe("query");
    expect(topNum.schema).toMatchObject({ maximum: 100, default: 3 });
    const keyword = doc.paths["/dishes/searchByKeywordLocationTop"]!.get!.parameters!.find(
      (p) => p.name === "keyword",
    )!;
    expect(keyword).toMatchObject({ in: "query", required: true });
  });
});
