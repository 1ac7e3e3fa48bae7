// Issue 31: a restaurant a member adds is placed at its postcode district's centroid, indexed
// for "near" at once; a postcode outside London's districts is refused and nothing is stored.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PLACE_MESSAGES } from "../../../domain/place-messages.ts";
import { districtCentroid } from "../../../shared/geo/london-places.ts";
import { restaurants } from "../db/schema.ts";
import { createUser, postJson, type TestUser } from "../testing/accounts.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";

let user: TestUser;
const { t, f } = useCatalogueTestApp({}, async (t) => {
  user = await createUser(t);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes
const read = async (res: Response) => (await res.json()) as { code: number; message: string; data: any };
const newRestaurant = (postCode: string) => ({
  name: `Pin Test ${postCode}`,
  address: "12 Gerrard Street",
  postCode,
  region: f.regionIds.Central,
  area: f.areaIds.Soho,
  tags: ["Japanese"],
});

describe("POST /api/restaurants/save places the restaurant", () => {
  it("at its district's centroid, pin 'district', in the R*Tree", async () => {
    const res = await postJson(t, "/api/restaurants/save", newRestaurant("ec1v 4pw"), user.authorization);
    expect(res.status, (await res.clone().json()).message).toBe(200);
    const id = (await read(res)).data.id as number;
    const [row] = await t.db.select().from(restaurants).where(eq(restaurants.id, id));
    const centre = districtCentroid("EC1V")!;
    expect(row).toMatchObject({
      lat: centre.lat,
      lng: centre.lng,
      postcodeDistrict: "EC1V",
      pinSource: "district",
    });
    const indexed = await t.db.all<{ id: number }>(sql`SELECT id FROM restaurant_positions WHERE id = ${id}`);
    expect(indexed).toEqual([{ id }]);
  });

  it("refuses a postcode in no London district with a clear message, and stores nothing", async () => {
    const before = await t.db.$count(restaurants);
    for (const postCode of ["ZZ1 1AA", "M1 1AE", "SW1 1AA", "LONDON"]) {
      const res = await postJson(t, "/api/restaurants/save", newRestaurant(postCode), user.authorization);
      expect(res.status, postCode).toBe(400);
      expect((await read(res)).data.fields).toEqual({ postCode: PLACE_MESSAGES.postCodeNotInLondon });
    }
    expect(await t.db.$count(restaurants)).toBe(before);
  });
});
