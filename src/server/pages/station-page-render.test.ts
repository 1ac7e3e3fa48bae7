// Station pages rendered on demand (issue 31): the address names a station by its slug; a
// station with a place within a walk is its page, any other slug is no page (the host's 404),
// and a failure is the 503 page that is kept nowhere.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createApiClient } from "../../shared/api-client.ts";
import { restaurants } from "../api/db/schema.ts";
import { useCatalogueTestApp } from "../api/testing/fixture.ts";
import { inProcessApiClient } from "./in-process-api-client.ts";
import { CACHE_NONE, type TemplateSource } from "./page-render.ts";
import { isTemplatePath, matchPagePath } from "./page-routes.ts";
import { CACHE_ON_DEMAND } from "./catalogue-page-render.ts";
import { STATION_PAGE } from "./station-page-render.ts";

const TEMPLATE =
  '<title>@@dishcovery:title@@</title><meta name="description" content="@@dishcovery:description@@">' +
  '<link rel="canonical" href="https://dishcovery.example/@@dishcovery:path@@">' +
  '<meta property="og:image" content="https://dishcovery.example/@@dishcovery:image@@">' +
  '<script type="application/ld+json">{"@dishcovery":"json-ld"}</script><main><!--@@dishcovery:body@@--></main>';
const templates: TemplateSource = async () => TEMPLATE;

const { t, f } = useCatalogueTestApp({}, async (t, f) => {
  await t.db
    .update(restaurants)
    .set({ lat: 51.526, lng: -0.085, postcodeDistrict: "EC1Y", pinSource: "exact" })
    .where(eq(restaurants.id, f.restaurantIds["Smash Burger Co"]!));
});

describe("the station page's address", () => {
  it("is /station/{slug}; a template's or a malformed slug is no station", () => {
    expect(matchPagePath("/station/old-street")).toEqual({ kind: "station", id: "old-street" });
    expect(matchPagePath("/station/kings-cross-and-st-pancras-international/")).toEqual({
      kind: "station",
      id: "kings-cross-and-st-pancras-international",
    });
    for (const path of [
      "/station/_template",
      "/station/Old-Street",
      "/station/old--street",
      "/station/-a",
      "/station/a/b",
    ])
      expect(matchPagePath(path)).toBeNull();
    expect(matchPagePath(`/station/${"a".repeat(101)}`)).toBeNull();
    expect(isTemplatePath("/station/_template-no-item/")).toBe(true);
    // The other kinds keep their numeric ids.
    expect(matchPagePath("/dish/12")).toEqual({ kind: "dish", id: 12 });
    expect(matchPagePath("/dish/old-street")).toBeNull();
  });
});

describe("a station page rendered on demand", () => {
  const api = () => inProcessApiClient(t.app);

  it("is the station's page, kept as catalogue pages are", async () => {
    const page = (await STATION_PAGE.render("old-street", {
      api: api(),
      template: templates,
      referenceData: t.deps.referenceData,
    }))!;
    expect(page.status).toBe(200);
    expect(page.cacheControl).toBe(CACHE_ON_DEMAND);
    expect(page.html).toContain("<title>Best dishes near Old Street | Dishcovery</title>");
    expect(page.html).toContain(
      '<link rel="canonical" href="https://dishcovery.example/station/old-street">',
    );
    expect(page.html).toContain("Smash Burger Co");
    expect(page.html).toContain('"@type":"Place"');
    expect(f.restaurantIds["Smash Burger Co"]).toBeDefined();
  });

  it("is no page for a slug no station has, nor for a station with no place within a walk", async () => {
    expect(
      await STATION_PAGE.render("no-such-station", {
        api: api(),
        template: templates,
        referenceData: t.deps.referenceData,
      }),
    ).toBeUndefined();
    expect(
      await STATION_PAGE.render("upminster", {
        api: api(),
        template: templates,
        referenceData: t.deps.referenceData,
      }),
    ).toBeUndefined();
  });

  it("answers 503, kept nowhere, when the API fails", async () => {
    const failing = createApiClient({
      fetch: async () => new Response("boom", { status: 500 }),
      timeoutMs: null,
    });
    const page = (await STATION_PAGE.render("old-street", {
      api: failing,
      template: templates,
      log: () => {},
      referenceData: t.deps.referenceData,
    }))!;
    expect(page.status).toBe(503);
    expect(page.cacheControl).toBe(CACHE_NONE);
    expect(page.html).toContain("Failed to fetch data");
  });

  it("answers 503, kept nowhere, when the host cannot read the stations (issue 34)", async () => {
    const unreadable = {
      londonPlaces: () => Promise.reject(new Error("/reference-data/london-stations.json answered 404")),
      commonPasswords: () => Promise.reject(new Error("not asked")),
    };
    const page = (await STATION_PAGE.render("old-street", {
      api: api(),
      template: templates,
      log: () => {},
      referenceData: unreadable,
    }))!;
    expect(page.status).toBe(503);
    expect(page.cacheControl).toBe(CACHE_NONE);
    expect(page.html).toContain("Failed to fetch data");
  });
});
