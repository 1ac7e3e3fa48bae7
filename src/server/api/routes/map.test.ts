// Issue 31's Map view read against the real app and database: GET /api/map/places answers the
// restaurants inside the map's box, narrowed by the page's own filters (a search's words, a
// tag page, an area page, a place to be near, the list filters), best first and capped at
// MAP_PLACES_CAP; every bad box or place is a 400 that says what is wrong; and the statement it
// runs starts from the R*Tree.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { circleAround, MAP_PLACES_CAP } from "../../../domain/map-view.ts";
import { areas } from "../db/schema.ts";
import { nearQuery } from "../db/queries/near-reads.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";
import { FIXTURE_PINS, pinFixtureRestaurants } from "../testing/fixture-pins.ts";

// A box around Croydon, where the fixture has nothing: the cap's test fills it.
const CROYDON = { west: -0.11, south: 51.36, east: -0.09, north: 51.38 };
const CENTRAL = "-0.2,51.48,-0.05,51.56";

const { t, f } = useCatalogueTestApp({}, async (t, f) => {
  await pinFixtureRestaurants(t, f);
  const [area] = await t.db.select().from(areas).where(eq(areas.id, f.areaIds.Soho!));
  // MAP_PLACES_CAP + 5 restaurants spread through the Croydon box, in one statement.
  await t.db
    .run(sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${MAP_PLACES_CAP + 5})
    INSERT INTO restaurants (name, region_id, area_id, lat, lng, postcode_district, pin_source, listing_state)
    SELECT 'Croydon Place ' || i, ${area!.regionId}, ${area!.id},
      ${CROYDON.south} + (i % 23) * 0.0008, ${CROYDON.west} + (i / 23) * 0.0008, 'CR0', 'exact', 'approved' FROM n`);
});

interface Marker {
  id: number;
  name: string;
  lat: number;
  lng: number;
  rating: number;
  ratingCount: number;
  url: string;
}
interface Answer {
  code: number;
  message: string;
  data: { places: Marker[]; capped: boolean; limit: number } | null;
}

async function get(path: string): Promise<{ status: number; body: Answer }> {
  const res = await t.app.request(path);
  return { status: res.status, body: (await res.json()) as Answer };
}

async function markers(query: string): Promise<Marker[]> {
  const { status, body } = await get(`/api/map/places?${query}`);
  expect(status, `${query}: ${body.message}`).toBe(200);
  return body.data!.places;
}

const names = (list: Marker[]) => list.map((m) => m.name).sort();

describe("GET /api/map/places", () => {
  it("answers the restaurants inside the box, each with its position, rating and page", async () => {
    // Soho and Covent Garden only: Camden, Islington and Shoreditch are outside.
    const inside = await markers("bbox=-0.14,51.505,-0.12,51.52");
    expect(names(inside)).toEqual(["Grill Republic", "Kyoto Ramen House", "Trattoria Roma"]);
    const kyoto = inside.find((m) => m.name === "Kyoto Ramen House")!;
    expect(kyoto).toEqual({
      id: f.restaurantIds["Kyoto Ramen House"],
      name: "Kyoto Ramen House",
      lat: 51.5136,
      lng: -0.1331,
      rating: expect.any(Number),
      ratingCount: expect.any(Number),
      url: `/restaurant/${f.restaurantIds["Kyoto Ramen House"]}`,
    });
    expect(names(await markers(`bbox=${CENTRAL}`))).toEqual(Object.keys(FIXTURE_PINS).sort());
  });

  it("narrows by the page: a tag page's slug, an area page's id, a search's words and location", async () => {
    expect(names(await markers(`bbox=${CENTRAL}&tag=ramen`))).toEqual(["Kyoto Ramen House", "Tonkotsu Lane"]);
    expect(names(await markers(`bbox=${CENTRAL}&areaId=${f.areaIds.Soho}`))).toEqual([
      "Grill Republic",
      "Kyoto Ramen House",
    ]);
    expect(names(await markers(`bbox=${CENTRAL}&keyword=pizza`))).toEqual(["Bella Napoli"]);
    expect(names(await markers(`bbox=${CENTRAL}&keyword=ramen&location=Camden`))).toEqual(["Tonkotsu Lane"]);
    expect(await markers(`bbox=${CENTRAL}&location=Atlantis`)).toEqual([]);
  });

  it("near a station: only what is within the radius and inside the box", async () => {
    expect(names(await markers(`bbox=${CENTRAL}&station=angel&radiusKm=1`))).toEqual([
      "Bella Napoli",
      "Green Leaf Kitchen",
    ]);
    // The box cuts the circle: Upper Street is north of it.
    expect(names(await markers("bbox=-0.11,51.53,-0.1,51.535&station=angel&radiusKm=1"))).toEqual([
      "Bella Napoli",
    ]);
    // A search whose words end with a station searches near it, as search does.
    expect(names(await markers(`bbox=${CENTRAL}&keyword=${encodeURIComponent("pizza near Angel")}`))).toEqual(
      ["Bella Napoli"],
    );
  });

  it(`answers at most ${MAP_PLACES_CAP} markers and says when more matched`, async () => {
    const box = `${CROYDON.west},${CROYDON.south},${CROYDON.east},${CROYDON.north}`;
    const { body } = await get(`/api/map/places?bbox=${box}`);
    expect(body.data!.places).toHaveLength(MAP_PLACES_CAP);
    expect(body.data!.capped).toBe(true);
    expect(body.data!.limit).toBe(MAP_PLACES_CAP);
    const corner = await get(`/api/map/places?bbox=${CROYDON.west},${CROYDON.south},-0.105,51.365`);
    expect(corner.body.data!.places.length).toBeGreaterThan(0);
    expect(corner.body.data!.places.length).toBeLessThan(MAP_PLACES_CAP);
    expect(corner.body.data!.capped).toBe(false);
  });

  it("refuses a bad box or place with 400 and a message that says what is wrong", async () => {
    const cases: [string, string][] = [
      ["", "Invalid bbox: is required"],
      ["bbox=-0.1,51.5,-0.05", "Invalid bbox: must be four numbers west,south,east,north in WGS84 degrees"],
      ["bbox=a,b,c,d", "Invalid bbox: must be four numbers"],
      [
        "bbox=-0.1,95,-0.05,96",
        "Invalid bbox: must have longitudes from -180 to 180 and latitudes from -90 to 90",
      ],
      ["bbox=-0.05,51.5,-0.1,51.55", "Invalid bbox: must have west below east and south below north"],
      ["bbox=-3,50,2,53", "Invalid bbox: must span at most 1 degree of latitude and of longitude"],
      [`bbox=${CENTRAL}&lat=91&lng=0`, "Invalid lat: must be a latitude from -90 to 90"],
      [`bbox=${CENTRAL}&station=nowhere`, 'Invalid station: no station "nowhere"'],
      [`bbox=${CENTRAL}&radiusKm=20&station=angel`, "Invalid radiusKm: must be one of 1, 2, 3, 5, 10 (km)"],
      [`bbox=${CENTRAL}&tag=no-such-tag`, 'Invalid tag: no tag "no-such-tag"'],
      [`bbox=${CENTRAL}&areaId=-1`, "Invalid areaId: must be a positive integer"],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await get(`/api/map/places?${query}`);
      expect(status, query).toBe(400);
      expect(body.message, query).toContain(message);
    }
  });

  it("starts from the R*Tree and reaches rows by key: never a scan of restaurants", async () => {
    const box = { west: -0.2, south: 51.48, east: -0.05, north: 51.56 };
    const query = nearQuery("restaurant", {
      ...circleAround(box),
      within: box,
      order: "top",
      limit: MAP_PLACES_CAP + 1,
      tagId: f.tagIds.Ramen,
      keyword: "ramen",
      listedOnly: false,
    })!;
    const plan = (await t.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${query}`)).map(
      (row) => row.detail,
    );
    expect(
      plan.some((d) => /^SCAN p VIRTUAL TABLE INDEX/.test(d)),
      plan.join(" | "),
    ).toBe(true);
    expect(plan.filter((d) => /^SCAN (restaurants|i|pr)\b/.test(d) && !/USING|VIRTUAL/.test(d))).toEqual([]);
  });
});
