// Issue 33: when the widths are encoded off the request (the Node host), the request checks a
// photo without decoding a pixel. Every hostile upload is still refused in the request with
// its message and leaves nothing behind, and a cut stream of each format is told from a whole
// one by its structure alone (photo-completeness.ts).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { photoEncodes, postImages, posts } from "../db/schema.ts";
import { createUser } from "../testing/accounts.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";
import { HOSTILE, jpeg, makeSamplePhotos } from "./hostile-photos.fixture.ts";
import { isWholeStream } from "./photo-completeness.ts";
import type { PhotoFormat } from "./image-pipeline.ts";

const picture = () => sharp({ create: { width: 120, height: 80, channels: 3, background: "#c84" } });

async function wholePhotos(): Promise<[string, PhotoFormat, Buffer][]> {
  const baseline = await picture().jpeg().toBuffer();
  return [
    ["a baseline JPEG", "jpeg", baseline],
    ["a progressive JPEG (several scans)", "jpeg", await picture().jpeg({ progressive: true }).toBuffer()],
    ["a PNG", "png", await picture().png().toBuffer()],
    ["a WebP", "webp", await picture().webp().toBuffer()],
    ["an AVIF", "avif", await picture().avif().toBuffer()],
    // Some phones append a trailer after the end marker: whole, and no business of this check.
    [
      "a JPEG with a phone's trailer after its end",
      "jpeg",
      Buffer.concat([baseline, Buffer.from("SEFHtrailer")]),
    ],
  ];
}

describe("a photo's stream, whole or cut", () => {
  let photos: [string, PhotoFormat, Buffer][];
  beforeAll(async () => void (photos = await wholePhotos()));

  it("reads each format's whole stream as whole", () => {
    for (const [what, format, bytes] of photos) expect(isWholeStream(bytes, format), what).toBe(true);
  });

  it("reads each format cut anywhere before its end as damaged", () => {
    for (const [what, format, bytes] of photos.slice(0, 5)) {
      for (let cut = 1; cut < bytes.length; cut += Math.max(1, Math.floor(bytes.length / 97))) {
        expect(isWholeStream(bytes.subarray(0, cut), format), `${what} cut at ${cut}`).toBe(false);
      }
      expect(isWholeStream(bytes.subarray(0, bytes.length - 1), format), `${what} less its last byte`).toBe(
        false,
      );
    }
  });

  it("reads a JPEG whose segment lengths run past its end as damaged", () => {
    const garbled = Buffer.from(photos[0]![2]);
    garbled.writeUInt16BE(0xfff0, 4); // the first segment (APP0) now claims 65,520 bytes
    expect(isWholeStream(garbled, "jpeg")).toBe(false);
  });
});

describe("hostile photos, checked in the request with the widths encoded after it", () => {
  const { t, f } = useCatalogueTestApp({ photoJobs: true });
  beforeAll(makeSamplePhotos);

  async function stored() {
    const folder = join(t.folder, "files");
    return {
      posts: await t.db.$count(posts),
      photos: await t.db.$count(postImages),
      jobs: await t.db.$count(photoEncodes),
      onDisk: existsSync(folder) ? readdirSync(folder).length : 0,
    };
  }

  it.each(HOSTILE.map((h) => [h.what, h] as const))("refuses %s, storing nothing", async (_, hostile) => {
    const user = await createUser(t);
    const before = await stored();
    const form = new FormData();
    form.append("dishId", String(f.dishIds.Margherita));
    form.append("content", "Photo test");
    form.append("rating", "4");
    form.append("images", new File([new Uint8Array(jpeg)], "good.jpg", { type: "image/jpeg" }));
    form.append(
      "images",
      new File([new Uint8Array(await hostile.bytes())], hostile.name, { type: hostile.type }),
    );
    const res = await t.app.request("/api/posts/save", {
      method: "POST",
      body: form,
      headers: user.authorization,
    });
    const answer = (await res.json()) as { message: string; data: { fields: Record<string, string> } | null };
    expect(res.status, answer.message).toBe(400);
    expect(answer.message).toBe(hostile.message);
    expect(answer.data?.fields["images.1"]).toBe(hostile.message);
    expect(await stored()).toEqual(before);
  });

  it("stages a whole photo with a stand-in at its shape, then swaps its widths in", async () => {
    const user = await createUser(t);
    const form = new FormData();
    form.append("dishId", String(f.dishIds.Margherita));
    form.append("content", "A whole photo");
    form.append("rating", "4");
    form.append("images", new File([new Uint8Array(jpeg)], "good.jpg", { type: "image/jpeg" }));
    const res = await t.app.request("/api/posts/save", {
      method: "POST",
      body: form,
      headers: user.authorization,
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(postImages);
    expect(row!.placeholder).toMatch(/^data:image\/webp;base64,/);
    await t.deps.photoJobs!.idle();
    const [done] = await t.db.select().from(postImages);
    expect([done!.placeholder, done!.variants.length]).toEqual([null, 1]);
  });
});
