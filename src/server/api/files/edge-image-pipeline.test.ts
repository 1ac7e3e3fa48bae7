// The Cloudflare host's pipeline on its own (issues 13 and 20, decision 011): sizes read from
// headers before anything decodes, the refusals only byte checks must give, and the decode
// (our PNG decoder, the WebAssembly JPEG and WebP codecs), turn and scale that make fresh
// WebP files. image-pipeline.test.ts runs the shared hostile and metadata files through the
// API with both hosts' pipelines.
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import { SOCIAL_MESSAGES } from "../../../domain/social-rules.ts";
import { createUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import {
  checkJpeg,
  checkPng,
  checkWebp,
  EDGE_MAX_MEGAPIXELS,
  EDGE_MESSAGES,
  edgeImagePipeline,
} from "./edge-image-pipeline.ts";
import { chunk } from "./hostile-photos.fixture.ts";
import { PHOTO_MESSAGES, PhotoRejectedError } from "./image-pipeline.ts";
import { orient } from "./pixels.ts";
import { decodePng } from "./png-decode.ts";

const pipeline = edgeImagePipeline();
const picture = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: "#c84" } });

let camera: Buffer;
beforeAll(async () => {
  // What a phone sends: EXIF with GPS and an orientation, and a comment.
  camera = await picture(640, 480)
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Copyright: "secret-camera-owner" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
      },
    })
    .toBuffer();
});

async function refusal(bytes: Buffer | Uint8Array, name = "p.jpg"): Promise<string> {
  try {
    await pipeline.reviewPhoto({ name, bytes: new Uint8Array(bytes) }, 0);
  } catch (error) {
    if (error instanceof PhotoRejectedError) return error.message;
    throw error;
  }
  return "accepted";
}

describe("sizes from headers", () => {
  it.each([
    ["baseline JPEG", () => picture(321, 123).jpeg().toBuffer(), checkJpeg],
    ["progressive JPEG", () => picture(321, 123).jpeg({ progressive: true }).toBuffer(), checkJpeg],
    ["PNG", () => picture(321, 123).png().toBuffer(), checkPng],
    ["lossy WebP (VP8)", () => picture(321, 123).webp().toBuffer(), checkWebp],
    ["lossless WebP (VP8L)", () => picture(321, 123).webp({ lossless: true }).toBuffer(), checkWebp],
    [
      "WebP with alpha (VP8X)",
      () =>
        sharp({ create: { width: 321, height: 123, channels: 4, background: "#c848" } })
          .webp()
          .toBuffer(),
      checkWebp,
    ],
  ] as const)("reads a %s", async (_, make, check) => {
    const image = check(new Uint8Array(await make()));
    expect([image.width, image.height]).toEqual([321, 123]);
  });
});

describe("fresh files", () => {
  it("stores a phone's JPEG as WebP at the Node widths, upright, with nothing of the upload", async () => {
    const wide = await picture(2000, 1500)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "secret-camera-owner" } } })
      .toBuffer();
    const photo = await pipeline.reviewPhoto({ name: "IMG_0001.jpg", bytes: new Uint8Array(wide) }, 0);
    // Orientation 6 turns 2000 x 1500 into a 1500 px wide portrait.
    expect(photo.variants.map((v) => v.width)).toEqual([400, 800, 1500]);
    expect([photo.width, photo.height]).toEqual([1500, 2000]);
    expect(photo.fileName).toMatch(/^p-[0-9a-f-]{36}-1500w\.webp$/);
    for (const [i, output] of photo.outputs.entries()) {
      const meta = await sharp(output.body).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
        "webp",
        photo.files[i]!.width,
        photo.files[i]!.height,
        undefined,
      ]);
      expect(Buffer.from(output.body).includes("secret-camera-owner")).toBe(false);
      expect(output.contentType).toBe("image/webp");
    }
  });

  it("keeps the colours: the stored picture is the upload's, give or take the lossy encode", async () => {
    const bytes = new Uint8Array(await picture(64, 48).png().toBuffer());
    const photo = await pipeline.reviewPhoto({ name: "p.png", bytes }, 0);
    const { data } = await sharp(photo.outputs[0]!.body).raw().toBuffer({ resolveWithObject: true });
    // #c84 is (204, 136, 68).
    for (const [channel, want] of [204, 136, 68].entries()) expect(Math.abs(data[channel]! - want)).toBeLessThan(6);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])("turns orientation %i as sharp does", async (orientation) => {
    // Coloured quadrants and one marked corner of a 6 x 4 picture tell every flip and turn apart.
    const source = { width: 6, height: 4, data: new Uint8Array(6 * 4 * 4) };
    for (let y = 0; y < 4; y += 1) {
      for (let x = 0; x < 6; x += 1) {
        source.data.set([x < 3 ? 250 : 0, y < 2 ? 250 : 0, x === 0 && y === 0 ? 250 : 0, 255], (y * 6 + x) * 4);
      }
    }
    const ours = orient(source, orientation);
    const tagged = await sharp(Buffer.from(source.data), { raw: { width: 6, height: 4, channels: 4 } })
      .png()
      .withMetadata({ orientation })
      .toBuffer();
    const theirs = await sharp(tagged).rotate().raw().toBuffer({ resolveWithObject: true });
    expect([ours.width, ours.height]).toEqual([theirs.info.width, theirs.info.height]);
    expect(Buffer.from(ours.data).equals(theirs.data)).toBe(true);
  });

  it(`refuses more than ${EDGE_MAX_MEGAPIXELS} megapixels, the most an isolate can decode, and says so`, async () => {
    const jpeg = Buffer.from(await picture(16, 16).jpeg().toBuffer());
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(2000, sof + 5);
    jpeg.writeUInt16BE(4001, sof + 7);
    expect(await refusal(jpeg)).toBe(EDGE_MESSAGES.photoTooManyPixels);
    await expect(pipeline.avatar({ name: "me.jpg", bytes: new Uint8Array(jpeg) })).rejects.toThrow(
      EDGE_MESSAGES.avatarTooManyPixels,
    );
  });

  it("decodes no more pixels than the frame header announced, which the limit was checked on", async () => {
    const jpeg = Buffer.from(await picture(64, 48).jpeg().toBuffer());
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(40, sof + 5);
    const photo = await pipeline.reviewPhoto({ name: "p.jpg", bytes: new Uint8Array(jpeg) }, 0);
    expect([photo.width, photo.height]).toEqual([64, 40]);
  });
});

describe("the PNG decoder", () => {
  // Every byte different, alpha too, so a wrong filter, depth or pass shows.
  const raw = () =>
    sharp(Buffer.from(Array.from({ length: 13 * 7 * 4 }, (_, i) => (i * 37 + (i >> 2)) % 256)), {
      raw: { width: 13, height: 7, channels: 4 },
    });
  it.each([
    ["RGBA, 8 bits", () => raw().png()],
    ["RGB, 16 bits", () => raw().removeAlpha().toColourspace("rgb16").png()],
    ["grey, 8 bits", () => raw().removeAlpha().greyscale().png()],
    ["grey and alpha", () => raw().greyscale().png()],
    ["a palette with transparency", () => raw().png({ palette: true, colours: 16, dither: 0 })],
    ["a 2-colour palette (1 bit)", () => raw().removeAlpha().png({ palette: true, colours: 2, dither: 0 })],
    ["interlaced (Adam7)", () => raw().png({ progressive: true })],
  ] as const)("reads %s as sharp does", async (_, make) => {
    const file = await make().toBuffer();
    const ours = await decodePng(new Uint8Array(file));
    const theirs = await sharp(file).ensureAlpha().toColourspace("srgb").raw({ depth: "uchar" }).toBuffer();
    expect([ours.width, ours.height]).toEqual([13, 7]);
    expect(Buffer.from(ours.data).equals(theirs)).toBe(true);
  });

  it("refuses inflated data longer or shorter than the header's rows", async () => {
    const file = Buffer.from(await picture(16, 16).png().toBuffer());
    const ihdr = file.indexOf("IHDR");
    for (const height of [15, 17]) {
      const changed = Buffer.from(file);
      changed.writeUInt32BE(height, ihdr + 8);
      await expect(decodePng(new Uint8Array(changed))).rejects.toThrow();
    }
  });
});

describe("what only byte checks must catch", () => {
  it("refuses animation (APNG, animated WebP) as not one photo", async () => {
    const png = await picture(16, 16).png().toBuffer();
    const actl = chunk("acTL", Buffer.from([0, 0, 0, 2, 0, 0, 0, 0]));
    const apng = Buffer.concat([png.subarray(0, 33), actl, png.subarray(33)]);
    expect(await refusal(apng)).toBe(REVIEW_MESSAGES.imageNotAccepted);
    // VP8X with the animation flag, an ANIM chunk: what an animated WebP starts with.
    const vp8x = Buffer.from([0x56, 0x50, 0x38, 0x58, 10, 0, 0, 0, 0x02, 0, 0, 0, 15, 0, 0, 15, 0, 0]);
    const anim = Buffer.from([0x41, 0x4e, 0x49, 0x4d, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const size = Buffer.alloc(4);
    size.writeUInt32LE(4 + vp8x.length + anim.length);
    const animated = Buffer.concat([Buffer.from("RIFF"), size, Buffer.from("WEBP"), vp8x, anim]);
    expect(await refusal(animated)).toBe(REVIEW_MESSAGES.imageNotAccepted);
  });

  it("refuses a JPEG with binary bytes after its end (a zip riding along) as a polyglot", async () => {
    const jpeg = await picture(16, 16).jpeg().toBuffer();
    expect(await refusal(Buffer.concat([jpeg, Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 0, 0])]))).toBe(
      PHOTO_MESSAGES.polyglot,
    );
  });

  it("refuses a PNG whose chunk CRC is wrong, or which stops before IEND, as damaged", async () => {
    const png = Buffer.from(await picture(16, 16).png().toBuffer());
    const bad = Buffer.from(png);
    const at = bad.indexOf("IDAT") + 6;
    bad[at] = bad[at]! ^ 0xff;
    expect(await refusal(bad)).toBe(REVIEW_MESSAGES.imageDamaged);
    expect(await refusal(png.subarray(0, png.length - 12))).toBe(REVIEW_MESSAGES.imageDamaged);
  });

  it("refuses a truncated WebP and a WebP without a picture as damaged", async () => {
    const webp = Buffer.from(await picture(16, 16).webp().toBuffer());
    expect(await refusal(webp.subarray(0, webp.length - 10))).toBe(REVIEW_MESSAGES.imageDamaged);
    const empty = Buffer.concat([
      Buffer.from("RIFF"),
      Buffer.from([12, 0, 0, 0]),
      Buffer.from("WEBPJUNK"),
      Buffer.alloc(4),
    ]);
    expect(await refusal(empty)).toBe(REVIEW_MESSAGES.imageDamaged);
  });

  it("refuses a JPEG that ends inside its scan, or has no frame header", async () => {
    const jpeg = await picture(64, 64).jpeg().toBuffer();
    expect(await refusal(jpeg.subarray(0, jpeg.length - 2))).toBe(REVIEW_MESSAGES.imageDamaged);
    expect(await refusal(Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe(
      REVIEW_MESSAGES.imageDamaged,
    );
  });

  it("refuses AVIF, which it cannot measure without a decoder's box walk", async () => {
    const avif = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from("ftypavif\0\0\0\0mif1avif"),
      Buffer.alloc(64),
    ]);
    expect(await refusal(avif)).toBe(REVIEW_MESSAGES.imageNotAccepted);
  });

  it("crc32 here equals zlib's (the PNG fixtures rely on it)", () => {
    expect(crc32(Buffer.from("IEND"))).toBe(0xae426082);
  });
});

describe("through the API with the edge pipeline", () => {
  let t: TestApp;
  let f: CatalogueFixture;
  beforeAll(async () => {
    t = await createTestApp({ images: edgeImagePipeline() });
    f = await buildCatalogueFixture(t.db, t.clock.now());
  });
  afterAll(() => t.close());

  it("stores a fresh WebP of the client's JPEG under a server-made name, served as on Node", async () => {
    const user = await createUser(t);
    const form = new FormData();
    form.append("dishId", String(f.dishIds.Margherita));
    form.append("content", "From the edge");
    form.append("rating", "4");
    form.append("images", new File([new Uint8Array(camera)], "../evil.svg", { type: "image/svg+xml" }));
    const refused = await t.app.request("/api/posts/save", {
      method: "POST",
      body: form,
      headers: user.authorization,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(PHOTO_MESSAGES.hasPath);

    form.set("images", new File([new Uint8Array(camera)], "evil.svg", { type: "image/svg+xml" }));
    const res = await t.app.request("/api/posts/save", {
      method: "POST",
      body: form,
      headers: user.authorization,
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { postId: number } };
    const [row] = await t.db.all<{ file_name: string }>(
      `SELECT file_name FROM post_images WHERE post_id = ${data.postId}` as never,
    );
    expect(row!.file_name).toMatch(/^p-[0-9a-f-]{36}-480w\.webp$/);
    const file = await t.app.request(`/api/files/${row!.file_name}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    expect(Buffer.from(await file.arrayBuffer()).includes("secret-camera-owner")).toBe(false);
    expect(t.errors).toEqual([]);
  });

  it("stores a profile photo as a fresh WebP, and refuses a non-image with the profile's sentence", async () => {
    const user = await createUser(t);
    const upload = (bytes: Uint8Array<ArrayBuffer>, name: string) => {
      const form = new FormData();
      form.append("file", new File([bytes], name));
      return t.app.request(`/api/profiles/uploadImage/${user.userId}`, {
        method: "POST",
        body: form,
        headers: user.authorization,
      });
    };
    const svg = await upload(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), "me.jpg");
    expect(svg.status).toBe(400);
    expect(((await svg.json()) as { message: string }).message).toBe(SOCIAL_MESSAGES.avatarNotImage);
    const ok = await upload(new Uint8Array(await picture(200, 200).png().toBuffer()), "me.png");
    expect(ok.status).toBe(200);
    const { data } = (await ok.json()) as { data: { profileImage: string } };
    expect(data.profileImage).toMatch(/^\/api\/files\/a-[0-9a-f-]+\.webp$/);
    expect((await t.app.request(data.profileImage)).headers.get("content-type")).toBe("image/webp");
    expect(t.errors).toEqual([]);
  });
});
