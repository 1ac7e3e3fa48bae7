// The Node host's encoder pool (issue 23): widths encoded in a niced child process, a photo
// it cannot encode refused with the person's sentence, one photo at a time per child.
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import { PhotoRejectedError } from "./image-pipeline.ts";
import { photoEncoderPool } from "./photo-encoder-pool.ts";

const pool = photoEncoderPool({ size: 1 });
afterAll(() => pool.close?.());

describe("photoEncoderPool", () => {
  it("encodes each width in a child process, several photos through one worker", async () => {
    const photo = await sharp({ create: { width: 1000, height: 700, channels: 3, background: "#5a8" } })
      .jpeg()
      .toBuffer();
    const [a, b] = await Promise.all([
      pool.encode(new Uint8Array(photo)),
      pool.encode(new Uint8Array(photo)),
    ]);
    expect(a.variants.map((v) => v.width)).toEqual([400, 800, 1000]);
    expect(b.outputs.map((o) => o.contentType)).toEqual(["image/webp", "image/webp", "image/webp"]);
    expect((await sharp(a.outputs[2]!.body).metadata()).format).toBe("webp");
    expect(a.fileName).not.toBe(b.fileName);
  });

  it("refuses a photo it cannot decode with the person's sentence", async () => {
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#5a8" } })
      .jpeg()
      .toBuffer();
    const error = await pool
      .encode(new Uint8Array(photo.subarray(0, photo.length / 2)))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PhotoRejectedError);
    expect((error as Error).message).toBe(REVIEW_MESSAGES.imageDamaged);
  });
});
