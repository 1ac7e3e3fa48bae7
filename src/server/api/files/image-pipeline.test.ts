// Uploads against the real review and profile API with both hosts' pipelines, the Node host's
// (sharp) and the Cloudflare host's (byte checks, then WebAssembly codecs): hostile files are
// refused with a clear message and leave nothing behind (issues 11, 13); photos carrying
// location and text metadata are stored without one byte of it, and a large profile photo is
// stored small (issue 20).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import { createUser, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import sharp from "sharp";
import { EDGE_MESSAGES, edgeImagePipeline } from "./edge-image-pipeline.ts";
import {
  HOSTILE,
  jpeg,
  makeSamplePhotos,
  METADATA_MARKER,
  METADATA_PHOTOS,
  png,
  webp,
} from "./hostile-photos.fixture.ts";
import { looksPolyglot, sniffFormat, widthsFor } from "./image-pipeline.ts";
import type { ImagePipeline } from "../deps.ts";
import { sharpImagePipeline } from "./sharp-image-pipeline.ts";

// The edge decodes at most EDGE_MAX_MEGAPIXELS (an isolate's memory), and says so.
const PIPELINES: [string, () => ImagePipeline, Record<string, string>][] = [
  ["Node (sharp)", sharpImagePipeline, {}],
  [
    "Cloudflare (edge)",
    edgeImagePipeline,
    { [REVIEW_MESSAGES.imageTooManyPixels]: EDGE_MESSAGES.photoTooManyPixels },
  ],
];

const holdsMarker = (bytes: Uint8Array) => Buffer.from(bytes).includes(METADATA_MARKER, 0, "latin1");

describe.each(PIPELINES)("%s pipeline", (_name, pipeline, messages) => {
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
      const message = messages[hostile.message] ?? hostile.message;
      expect(res.status, answer.message).toBe(400);
      expect(answer.message).toBe(message);
      expect(answer.data?.fields["images.1"]).toBe(message);
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

  /** The stored files a request added, by name, with their bytes. */
  async function newFiles(request: () => Response | Promise<Response>) {
    const folder = join(t.folder, "files");
    const list = () => (existsSync(folder) ? readdirSync(folder) : []);
    const before = new Set(list());
    const res = await request();
    const added = list().filter((name) => !before.has(name));
    return { res, files: added.map((name) => ({ name, bytes: readFileSync(join(folder, name)) })) };
  }

  function uploadAvatar(author: TestUser, file: File) {
    const form = new FormData();
    form.append("file", file);
    return t.app.request(`/api/profiles/uploadImage/${author.userId}`, {
      method: "POST",
      body: form,
      headers: author.authorization,
    });
  }

  describe("metadata", () => {
    it.each(METADATA_PHOTOS.map((m) => [m.what, m] as const))(
      "stores %s as a review photo without one byte of its metadata",
      async (_, photo) => {
        user = await createUser(t);
        const bytes = await photo.bytes();
        expect(holdsMarker(bytes)).toBe(true);
        const { res, files } = await newFiles(() => post([new File([new Uint8Array(bytes)], photo.name, { type: photo.type })]));
        expect(res.status, await res.clone().text()).toBe(200);
        expect(files.length).toBeGreaterThan(0);
        for (const file of files) {
          expect(holdsMarker(file.bytes), file.name).toBe(false);
          const meta = await sharp(file.bytes).metadata();
          expect([meta.exif, meta.xmp, meta.comments], file.name).toEqual([undefined, undefined, undefined]);
        }
      },
    );

    it.each(METADATA_PHOTOS.map((m) => [m.what, m] as const))(
      "stores %s as a profile photo without one byte of its metadata",
      async (_, photo) => {
        user = await createUser(t);
        const bytes = await photo.bytes();
        const { res, files } = await newFiles(() =>
          uploadAvatar(user, new File([new Uint8Array(bytes)], photo.name, { type: photo.type })),
        );
        expect(res.status, await res.clone().text()).toBe(200);
        expect(files).toHaveLength(1);
        expect(holdsMarker(files[0]!.bytes)).toBe(false);
      },
    );

    it("turns a phone's portrait upright, since the orientation tag goes with the rest", async () => {
      user = await createUser(t);
      // METADATA_PHOTOS[0] is 96 x 64 with orientation 6: shown as 64 x 96.
      const bytes = await METADATA_PHOTOS[0]!.bytes();
      const { res, files } = await newFiles(() => post([new File([new Uint8Array(bytes)], "p.jpg")]));
      expect(res.status).toBe(200);
      const meta = await sharp(files[0]!.bytes).metadata();
      expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([64, 96, 1]);
    });
  });

  describe("profile photos", () => {
    it("stores a large profile photo as a square of at most 512 px, in WebP", async () => {
      user = await createUser(t);
      const large = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#a53" } })
        .jpeg()
        .toBuffer();
      const { res, files } = await newFiles(() => uploadAvatar(user, new File([new Uint8Array(large)], "me.jpg")));
      expect(res.status).toBe(200);
      expect(files).toHaveLength(1);
      expect(files[0]!.name).toMatch(/^a-[0-9a-f-]{36}\.webp$/);
      const meta = await sharp(files[0]!.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 512, 512]);
      const [row] = await t.db.all<{ width: number; height: number; content_type: string }>(
        sql`SELECT width, height, content_type FROM files WHERE name = ${files[0]!.name}`,
      );
      expect(row).toEqual({ width: 512, height: 512, content_type: "image/webp" });
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
