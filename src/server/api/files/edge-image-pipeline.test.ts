// The Cloudflare host's pipeline on its own (issue 13, "Photos at the edge"): sizes read from
// headers, metadata removed, the picture's bytes kept as sent, and the refusals a decoder
// would have given, without one. image-pipeline.test.ts runs the shared hostile files through
// the API with it; these are the cases only byte checks have to think about.
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_MESSAGES } from "../../../shared/schemas/reviews.ts";
import { SOCIAL_MESSAGES } from "../../../shared/schemas/social-profiles.ts";
import { createUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { checkJpeg, checkPng, checkWebp, edgeImagePipeline } from "./edge-image-pipeline.ts";
import { chunk } from "./hostile-photos.fixture.ts";
import { PHOTO_MESSAGES, PhotoRejectedError } from "./image-pipeline.ts";

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
    // What is stored still decodes to the same picture.
    const meta = await sharp(image.body).metadata();
    expect([meta.width, meta.height]).toEqual([321, 123]);
  });
});

describe("metadata", () => {
  it("drops EXIF (GPS, owner) and keeps only the orientation, so a portrait stays upright", async () => {
    const photo = await pipeline.reviewPhoto({ name: "IMG_0001.jpg", bytes: new Uint8Array(camera) }, 0);
    const stored = Buffer.from(photo.outputs[0]!.body);
    expect(stored.includes("secret-camera-owner")).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta.orientation).toBe(6);
    // Orientation 6 turns 640 x 480 into a portrait.
    expect([photo.width, photo.height]).toEqual([480, 640]);
    expect(photo.variants).toEqual([{ name: photo.fileName, width: 480 }]);
    expect(photo.fileName).toMatch(/^p-[0-9a-f-]{36}-480w\.jpg$/);
    expect(photo.files[0]).toMatchObject({ contentType: "image/jpeg", bytes: stored.byteLength });
    // The picture's bytes are the client's: the same pixels, not a re-encode.
    const [a, b] = await Promise.all([sharp(stored).raw().toBuffer(), sharp(camera).raw().toBuffer()]);
    expect(a.equals(b)).toBe(true);
  });

  it("drops PNG text chunks", async () => {
    const png = await picture(32, 32).png().toBuffer();
    const iend = png.length - 12;
    const text = chunk("tEXt", Buffer.from("Comment\0secret-camera-owner", "latin1"));
    const tagged = Buffer.concat([png.subarray(0, iend), text, png.subarray(iend)]);
    const image = checkPng(new Uint8Array(tagged));
    expect(Buffer.from(image.body).equals(png)).toBe(true);
  });

  it("drops WebP EXIF and XMP chunks and their flags", async () => {
    const webp = await picture(32, 32)
      .webp()
      .withMetadata({ exif: { IFD0: { Copyright: "secret-camera-owner" } } })
      .toBuffer();
    expect(webp.includes("secret-camera-owner")).toBe(true);
    const image = checkWebp(new Uint8Array(webp));
    const stored = Buffer.from(image.body);
    expect(stored.includes("secret-camera-owner")).toBe(false);
    expect(stored.readUInt32LE(4) + 8).toBe(stored.length);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
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

  it("refuses a JPEG announcing more than 40 megapixels from its frame header", async () => {
    const jpeg = Buffer.from(await picture(16, 16).jpeg().toBuffer());
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(9000, sof + 5);
    jpeg.writeUInt16BE(9000, sof + 7);
    expect(await refusal(jpeg)).toBe(REVIEW_MESSAGES.imageTooManyPixels);
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

  it("stores the client's JPEG under a server-made name, served as on Node", async () => {
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
    expect(row!.file_name).toMatch(/^p-[0-9a-f-]{36}-480w\.jpg$/);
    const file = await t.app.request(`/api/files/${row!.file_name}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await file.arrayBuffer()).includes("secret-camera-owner")).toBe(false);
    expect(t.errors).toEqual([]);
  });

  it("takes a profile photo as it is, and refuses a non-image with the profile's sentence", async () => {
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
    expect(data.profileImage).toMatch(/^\/api\/files\/a-[0-9a-f-]+\.png$/);
    expect((await t.app.request(data.profileImage)).headers.get("content-type")).toBe("image/png");
    expect(t.errors).toEqual([]);
  });
});
