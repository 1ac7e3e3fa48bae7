// Hostile uploads against the real review API (issue 11, "Photos, safely"; issue 13, "Photos
// at the edge"): each is refused with a clear message, and neither a post, a file row nor a
// stored file is left behind, with the Node host's pipeline (sharp) and the Cloudflare
// host's (byte checks, no re-encode) alike.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "../../../shared/schemas/reviews.ts";
import { createUser, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { edgeImagePipeline } from "./edge-image-pipeline.ts";
import { HOSTILE, jpeg, makeSamplePhotos, png, webp } from "./hostile-photos.fixture.ts";
import { looksPolyglot, sniffFormat, widthsFor, type ImagePipeline } from "./image-pipeline.ts";
import { sharpImagePipeline } from "./sharp-image-pipeline.ts";

const PIPELINES: [string, () => ImagePipeline][] = [
  ["Node (sharp)", sharpImagePipeline],
  ["Cloudflare (edge)", edgeImagePipeline],
];

describe.each(PIPELINES)("%s pipeline", (_name, pipeline) => {
  let t: TestApp;
  let f: CatalogueFixture;

  beforeAll(async () => {
    await makeSamplePhotos();
    t = await createTestApp({ images: pipeline() });
    f = await buildCatalogueFixture(t.db, t.clock.now());
  });
  afterAll(() => t.close());
  afterEach(() => expect(t.errors).toEqual([]));

  let user: TestUser;

  function post(images: File[], author = user) {
    const form = new FormData();
    form.append("dishId", String(f.dishIds.Margherita));
    form.append("content", "Photo test");
    form.append("rating", "4");
    for (const image of images) form.append("images", image);
    return t.app.request("/api/posts/save", { method: "POST", body: form, headers: author.authorization });
  }

  async function stored() {
    const folder = join(t.folder, "files");
    const [row] = await t.db.all<{ p: number; f: number }>(
      sql`SELECT (SELECT count(*) FROM posts) AS p, (SELECT count(*) FROM files) AS f`,
    );
    return { ...row!, onDisk: existsSync(folder) ? readdirSync(folder).length : 0 };
  }

  describe("hostile photos", () => {
    it.each(HOSTILE.map((h) => [h.what, h] as const))("refuses %s, storing nothing", async (_, hostile) => {
      // A fresh user each time: the photo limit (60 an hour) must not be what refuses it.
      user = await createUser(t);
      const before = await stored();
      const file = new File([new Uint8Array(await hostile.bytes())], hostile.name, { type: hostile.type });
      // A good photo beside it: one bad file refuses the whole review.
      const res = await post([new File([new Uint8Array(jpeg)], "good.jpg", { type: "image/jpeg" }), file]);
      const answer = (await res.json()) as {
        message: string;
        data: { fields: Record<string, string> } | null;
      };
      expect(res.status, answer.message).toBe(400);
      expect(answer.message).toBe(hostile.message);
      expect(answer.data?.fields["images.1"]).toBe(hostile.message);
      expect(await stored()).toEqual(before);
    });

    it("accepts a real photo whatever its name or declared type says", async () => {
      user = await createUser(t);
      const res = await post([
        new File([new Uint8Array(png)], "holiday.gif", { type: "application/octet-stream" }),
      ]);
      expect(res.status).toBe(200);
    });

    it("answers 413 for a request larger than ten photos could be, before reading it", async () => {
      user = await createUser(t);
      const before = await stored();
      const big = new File([new Uint8Array(MAX_IMAGE_BYTES)], "a.jpg", { type: "image/jpeg" });
      const res = await post(Array.from({ length: 11 }, () => big));
      expect(res.status).toBe(413);
      expect(await stored()).toEqual(before);
    });

    it("limits photos to 60 per user per hour with 429 and Retry-After", async () => {
      const busy = await createUser(t);
      const photo = () => new File([new Uint8Array(jpeg)], "p.jpg", { type: "image/jpeg" });
      const dishIds = Object.values(f.dishIds);
      for (let i = 0; i < 6; i += 1) {
        const form = new FormData();
        form.append("dishId", String(dishIds[i]));
        form.append("content", `batch ${i}`);
        form.append("rating", "4");
        for (let j = 0; j < 10; j += 1) form.append("images", photo());
        const res = await t.app.request("/api/posts/save", {
          method: "POST",
          body: form,
          headers: busy.authorization,
        });
        expect(res.status).toBe(200);
      }
      const over = await post([photo()], busy);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });
});

describe("pipeline rules", () => {
  beforeAll(makeSamplePhotos);

  it("reads formats from bytes only", () => {
    expect(sniffFormat(jpeg)).toBe("jpeg");
    expect(sniffFormat(png)).toBe("png");
    expect(sniffFormat(webp)).toBe("webp");
    expect(sniffFormat(Buffer.from("GIF89a......"))).toBeUndefined();
    expect(looksPolyglot(png, "png")).toBe(false);
    expect(looksPolyglot(webp, "webp")).toBe(false);
  });

  it("never upscales: widths stop at the original", () => {
    expect(widthsFor(3000)).toEqual([400, 800, 1600]);
    expect(widthsFor(1000)).toEqual([400, 800, 1000]);
    expect(widthsFor(800)).toEqual([400, 800]);
    expect(widthsFor(120)).toEqual([120]);
  });
});
