// Hostile uploads against the real review API (issue 11, "Photos, safely"): each is refused
// with a clear message, and neither a post, a file row nor a stored file is left behind.
// Every file is made here, with sharp or by hand.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, REVIEW_MESSAGES } from "../../shared/schemas/reviews.ts";
import { createUser, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { looksPolyglot, PHOTO_MESSAGES, sniffFormat, widthsFor } from "./image-pipeline.ts";

let t: TestApp;
let f: CatalogueFixture;
let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  const picture = () => sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } });
  jpeg = await picture().jpeg().toBuffer();
  png = await picture().png().toBuffer();
  webp = await picture().webp().toBuffer();
});
afterAll(() => t.close());
afterEach(() => expect(t.errors).toEqual([]));

/** A PNG chunk with its length and CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid-looking PNG header announcing width x height, with one tiny compressed row. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const idatStart = png.indexOf("IDAT") - 4;
  const idat = png.subarray(idatStart, png.indexOf("IEND") - 4);
  return Buffer.concat([png.subarray(0, 8), chunk("IHDR", ihdr), idat, chunk("IEND", Buffer.alloc(0))]);
}

/** A JPEG with a comment segment (FFFE) right after its start marker. */
function jpegWithComment(text: string): Buffer {
  const data = Buffer.from(text, "latin1");
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, data, jpeg.subarray(2)]);
}

interface Hostile {
  what: string;
  name: string;
  type: string;
  bytes: () => Buffer | Promise<Buffer>;
  message: string;
}

const HOSTILE: Hostile[] = [
  {
    what: "an SVG with a script, named .jpg",
    name: "cat.jpg",
    type: "image/jpeg",
    bytes: () =>
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>'),
    message: REVIEW_MESSAGES.imageNotAccepted,
  },
  {
    what: "an HTML page named .png",
    name: "cat.png",
    type: "image/png",
    bytes: () =>
      Buffer.from("<!doctype html><html><body><script>fetch('/api/users/1')</script></body></html>"),
    message: REVIEW_MESSAGES.imageNotAccepted,
  },
  {
    what: "a GIF",
    name: "cat.gif",
    type: "image/gif",
    bytes: () =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
        .gif()
        .toBuffer(),
    message: REVIEW_MESSAGES.imageNotAccepted,
  },
  {
    what: "a TIFF",
    name: "cat.tiff",
    type: "image/tiff",
    bytes: () =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
        .tiff()
        .toBuffer(),
    message: REVIEW_MESSAGES.imageNotAccepted,
  },
  {
    what: "a PDF",
    name: "menu.jpg",
    type: "image/jpeg",
    bytes: () =>
      Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF"),
    message: REVIEW_MESSAGES.imageNotAccepted,
  },
  {
    what: "a HEIC container (no HEVC decoder here)",
    name: "phone.heic",
    type: "image/heic",
    bytes: () =>
      Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic"), Buffer.alloc(64)]),
    message: REVIEW_MESSAGES.imageNotAccepted,
  },
  {
    what: "an empty file",
    name: "empty.jpg",
    type: "image/jpeg",
    bytes: () => Buffer.alloc(0),
    message: REVIEW_MESSAGES.imageNotAccepted,
  },
  {
    what: "random bytes",
    name: "noise.webp",
    type: "image/webp",
    bytes: () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)),
    message: REVIEW_MESSAGES.imageNotAccepted,
  },
  {
    what: "a JPEG with an HTML page appended (polyglot)",
    name: "poly.jpg",
    type: "image/jpeg",
    bytes: () => Buffer.concat([jpeg, Buffer.from("<html><script>alert(1)</script></html>")]),
    message: PHOTO_MESSAGES.polyglot,
  },
  {
    what: "a JPEG whose comment holds a script (polyglot)",
    name: "comment.jpg",
    type: "image/jpeg",
    bytes: () => jpegWithComment("*/=1;<script>alert(1)</script>/*"),
    message: PHOTO_MESSAGES.polyglot,
  },
  {
    what: "a PNG with bytes after IEND (polyglot)",
    name: "trailer.png",
    type: "image/png",
    bytes: () => Buffer.concat([png, Buffer.from("PK\u0003\u0004 a zip archive rides along")]),
    message: PHOTO_MESSAGES.polyglot,
  },
  {
    what: "a WebP whose RIFF size hides trailing bytes (polyglot)",
    name: "trailer.webp",
    type: "image/webp",
    bytes: () => Buffer.concat([webp, Buffer.from("#!/bin/sh\nrm -rf /\n")]),
    message: PHOTO_MESSAGES.polyglot,
  },
  {
    what: "a decompression bomb: a few hundred bytes announcing 100,000 x 100,000 pixels",
    name: "bomb.png",
    type: "image/png",
    bytes: () => pngClaiming(100_000, 100_000),
    message: REVIEW_MESSAGES.imageTooManyPixels,
  },
  {
    what: "a 41-megapixel image",
    name: "huge.png",
    type: "image/png",
    bytes: () => pngClaiming(8_000, 5_125),
    message: REVIEW_MESSAGES.imageTooManyPixels,
  },
  {
    what: "a truncated JPEG",
    name: "half.jpg",
    type: "image/jpeg",
    bytes: () => jpeg.subarray(0, Math.floor(jpeg.length / 2)),
    message: REVIEW_MESSAGES.imageDamaged,
  },
  {
    what: "a truncated PNG",
    name: "half.png",
    type: "image/png",
    bytes: () => png.subarray(0, png.indexOf("IDAT") + 12),
    message: REVIEW_MESSAGES.imageDamaged,
  },
  {
    what: "JPEG magic followed by garbage",
    name: "garbage.jpg",
    type: "image/jpeg",
    bytes: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 0x41)]),
    message: REVIEW_MESSAGES.imageDamaged,
  },
  {
    what: "a file over 10 MB",
    name: "big.jpg",
    type: "image/jpeg",
    bytes: () => Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES + 1 - jpeg.length)]),
    message: REVIEW_MESSAGES.imageTooLarge,
  },
  {
    what: "a path in the name",
    name: "../../../etc/cron.d/photo.jpg",
    type: "image/jpeg",
    bytes: () => jpeg,
    message: PHOTO_MESSAGES.hasPath,
  },
  {
    what: "a Windows path in the name",
    name: "C:\\Users\\me\\photo.jpg",
    type: "image/jpeg",
    bytes: () => jpeg,
    message: PHOTO_MESSAGES.hasPath,
  },
];

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
    const answer = (await res.json()) as { message: string; data: { fields: Record<string, string> } | null };
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

describe("pipeline rules", () => {
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
