// The near reads of issue 31 as a contract both hosts answer, beside api-contract.ts: the Node
// entry over libSQL (api-contract-node.spec.ts) and the Cloudflare Function over D1 in workerd
// (edge-replica.spec.ts), so the R*Tree reads, their distances and their refusals are the same
// on both. Also the station pages, prerendered or rendered on demand, and their 404.
import { describe, expect, it } from "vitest";
import { RADIUS_OPTIONS_KM } from "../../src/domain/near-search.ts";
import { STATION_WALK_KM } from "../../src/domain/station-pages.ts";
import { clientOf, type ContractHost } from "./api-contract.ts";

interface Near {
  id: number;
  name?: string;
  distanceMeters?: number;
  location: { area: string };
}

// Central London stations the seed's areas surround (src/seed/london-places.ts).
const STATIONS = [
  "kings-cross-and-st-pancras-international",
  "old-street",
  "oxford-circus",
  "angel",
  "brixton",
];

export function nearContract(name: string, host: () => ContractHost) {
  describe(`near reads on ${name} (issue 31)`, () => {
    /** The first of STATIONS with a restaurant within a walk, and its list. */
    async function stationWithPlaces() {
      const { api } = clientOf(host());
      for (const station of STATIONS) {
        const res = await api<Near[]>(
          `/restaurants/top?station=${station}&radiusKm=${STATION_WALK_KM}&topNum=20`,
        );
        expect(res.status).toBe(200);
        if (res.body.data.length > 0) return { station, restaurants: res.body.data };
      }
      throw new Error(`no restaurant within ${STATION_WALK_KM} km of ${STATIONS.join(", ")}`);
    }

    it("lists near a station within each radius, each item with its distance, nearest first on request", async () => {
      const { api } = clientOf(host());
      const { station } = await stationWithPlaces();
      const counts: number[] = [];
      for (const radiusKm of RADIUS_OPTIONS_KM) {
        const res = await api<Near[]>(`/restaurants/top?station=${station}&radiusKm=${radiusKm}&topNum=50`);
        expect(res.status).toBe(200);
        for (const item of res.body.data) expect(item.distanceMeters).toBeLessThanOrEqual(radiusKm * 1000);
        counts.push(res.body.data.length);
      }
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      const byDistance = await api<Near[]>(
        `/dishes/top?station=${station}&radiusKm=3&sort=distance&topNum=30`,
      );
      expect(byDistance.status).toBe(200);
      const metres = byDistance.body.data.map((d) => d.distanceMeters!);
      expect(metres.length).toBeGreaterThan(0);
      expect(metres).toEqual([...metres].sort((a, b) => a - b));
    });

    it("an area's and a tag's lists near a place, and a postcode district's centre", async () => {
      const { api } = clientOf(host());
      const { station, restaurants } = await stationWithPlaces();
      const area = restaurants[0]!.location.area;
      const inArea = await api<Near[]>(
        `/restaurants/top/location?location=${encodeURIComponent(area)}&station=${station}&radiusKm=2`,
      );
      expect(inArea.status).toBe(200);
      expect(inArea.body.data.length).toBeGreaterThan(0);
      expect(inArea.body.data.every((r) => r.location.area === area && r.distanceMeters! <= 2000)).toBe(true);
      const district = await api<Near[]>("/restaurants/top?district=N1&radiusKm=2");
      expect(district.status).toBe(200);
      expect(district.body.data.every((r) => r.distanceMeters! <= 2000)).toBe(true);
    });

    it("a list near a position is answered and kept nowhere", async () => {
      const res = await fetch(`${host().base}/api/restaurants/top?lat=51.5308&lng=-0.1238&radiusKm=2`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const body = (await res.json()) as { data: Near[] };
      expect(body.data.every((r) => r.distanceMeters! <= 2000)).toBe(true);
    });

    it("refuses a bad place with 400 and a clear message", async () => {
      const { api } = clientOf(host());
      const cases: [string, RegExp][] = [
        ["/restaurants/top?lat=91&lng=0", /latitude from -90 to 90/],
        ["/restaurants/top?station=no-such-station", /no station .{1,2}no-such-station/],
        ["/restaurants/top?station=angel&radiusKm=11", /must be one of 1, 2, 3, 5, 10/],
        ["/dishes/top/filter?tagName=Ramen&sort=distance", /needs a place/],
      ];
      for (const [path, message] of cases) {
        const res = await api<unknown>(path);
        expect(res.status, path).toBe(400);
        expect(JSON.stringify(res.body), path).toMatch(message);
      }
    });

    it("a station with places has its page; a slug no station has is the 404 page", async () => {
      const { station } = await stationWithPlaces();
      const page = await fetch(`${host().base}/station/${station}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toMatch(/<title>Best dishes near [^<]+ \| Dishcovery<\/title>/);
      expect(html).toContain(`/station/${station}"`);
      const missing = await fetch(`${host().base}/station/no-such-station-anywhere`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toMatch(/404/);
    });
  });
}
