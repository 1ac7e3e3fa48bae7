// The verified owner's restaurant photos (issue 22) through the review photos' pipeline (issue
// 23): added and removed by the owner only, shown with the restaurant (a placeholder until the
// widths are ready), refused like review photos, logged, and never left as orphan files.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_RESTAURANT_PHOTOS, RESTAURANT_PHOTO_MESSAGES } from "../../../domain/restaurant-photos.ts";
import { REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import type { RestaurantItem } from "../../../shared/schemas/catalogue-items.ts";
import { files, restaurantPhotos } from "../db/schema.ts";
import { createUser, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { makeOwner } from "../testing/owners.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;
let owner: TestUser;
let id: number;
let photo: Buffer;

beforeEach(async () => {
  t = await createTestApp({ photoJobs: true });
  f = await buildCatalogueFixture(t.db, t.clock.now());
  id = f.restaurantIds["Grill Republic"]!;
  owner = await createUser(t);
  await makeOwner(t, id, owner.userId);
  photo ??= await sharp({ create: { width: 1000, height: 750, channels: 3, background: "#963" } })
    .jpeg()
    .toBuffer();
});
afterEach(async () => {
  await t.deps.photoJobs!.idle();
  expect(t.errors).toEqual([]);
  await t.close();
});

function upload(who: TestUser, bytes: Uint8Array = photo, restaurantId = id) {
  const form = new FormData();
  form.append("photo", new File([new Uint8Array(bytes)], "front.jpg", { type: "image/jpeg" }));
  return t.app.request(`/api/restaurants/${restaurantId}/photos`, {
    method: "POST",
    headers: who.authorization,
    body: form,
  });
}

async function restaurant(): Promise<RestaurantItem> {
  const res = await t.app.request(`/api/restaurants/${id}`);
  return ((await res.json()) as { data: RestaurantItem }).data;
}

async function filesMatchRows() {
  let onDisk: string[] = [];
  try {
    onDisk = readdirSync(join(t.folder, "files")).sort();
  } catch {
    onDisk = [];
  }
  const rows = await t.db.select({ name: files.name }).from(files);
  expect(onDisk).toEqual(rows.map((r) => r.name).sort());
}

describe("POST /api/restaurants/{id}/photos", () => {
  it("adds the owner's photo: a placeholder on the restaurant at once, its widths soon after", async () => {
    await restaurant(); // cached before the write: the write must drop it
    const res = await upload(owner);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; data: { placeholder?: string }[] };
    expect(body.message).toBe(RESTAURANT_PHOTO_MESSAGES.added);
    const shown = (await restaurant()).ownerPhotos!;
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ width: 1000, height: 750 });
    expect(shown[0]!.srcset.length === 0 || shown[0]!.placeholder === undefined).toBe(true);
    await t.deps.photoJobs!.idle();
    const ready = (await restaurant()).ownerPhotos![0]!;
    expect(ready.placeholder).toBeUndefined();
    expect(ready.srcset.map((s) => s.width)).toEqual([400, 800, 1000]);
    const [logged] = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM moderation_log WHERE action = 'owner:photo-add' AND target_id = ${id}`,
    );
    expect(logged!.n).toBe(1);
    await filesMatchRows();
  });

  it("refuses anyone but the verified owner with 403, storing nothing", async () => {
    const other = await createUser(t);
    const res = await upload(other);
    expect(res.status).toBe(403);
    expect(await t.db.$count(restaurantPhotos)).toBe(0);
    await filesMatchRows();
  });

  it("refuses a damaged photo with the review photos' message, storing nothing", async () => {
    const res = await upload(owner, photo.subarray(0, photo.length / 2));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(REVIEW_MESSAGES.imageDamaged);
    expect(await t.db.$count(restaurantPhotos)).toBe(0);
    await filesMatchRows();
  });

  it(`keeps at most ${MAX_RESTAURANT_PHOTOS} photos`, async () => {
    for (let i = 0; i < MAX_RESTAURANT_PHOTOS; i++) expect((await upload(owner)).status).toBe(200);
    const res = await upload(owner);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(RESTAURANT_PHOTO_MESSAGES.tooMany);
  });
});

describe("DELETE /api/restaurants/{id}/photos/{photoId}", () => {
  it("removes the photo and its files; another user gets 403 and another restaurant's id 404", async () => {
    const added = ((await (await upload(owner)).json()) as { data: { id: number }[] }).data;
    await t.deps.photoJobs!.idle();
    const path = `/api/restaurants/${id}/photos/${added[0]!.id}`;
    const other = await createUser(t);
    expect((await t.app.request(path, { method: "DELETE", headers: other.authorization })).status).toBe(403);
    const elsewhere = f.restaurantIds["Bella Napoli"]!;
    await makeOwner(t, elsewhere, other.userId);
    const wrong = `/api/restaurants/${elsewhere}/photos/${added[0]!.id}`;
    expect((await t.app.request(wrong, { method: "DELETE", headers: other.authorization })).status).toBe(404);

    await restaurant();
    const res = await t.app.request(path, { method: "DELETE", headers: owner.authorization });
    expect(res.status).toBe(200);
    expect((await restaurant()).ownerPhotos).toEqual([]);
    await filesMatchRows();
    expect(await t.db.$count(files)).toBe(0);
  });
});
