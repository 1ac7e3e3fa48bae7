// The Node host's encoder pool (issue 23): widths encoded in a niced child process, a photo
// it cannot encode refused with the person's sentence, one photo at a time per child.
import { readdirSync, readFileSync } from "node:fs";
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

/** The environment of this process's live encoder children, read as Linux shows it in /proc. */
function encoderChildEnvironments(): Record<string, string>[] {
  const children = readdirSync("/proc")
    .filter((pid) => {
      if (!/^\d+$/.test(pid)) return false;
      try {
        const ppid = /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
        return (
          Number(ppid) === process.pid &&
          readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("photo-encode-worker")
        );
      } catch {
        return false;
      }
    })
    .sort((a, b) => Number(a) - Number(b));
  return children.map((pid) =>
    Object.fromEntries(
      readFileSync(`/proc/${pid}/environ`, "utf8")
        .split("\0")
        .filter(Boolean)
        .map((entry) => [entry.slice(0, entry.indexOf("=")), entry.slice(entry.indexOf("=") + 1)]),
    ),
  );
}

describe.runIf(process.platform === "linux")("the encoder's environment", () => {
  it("a compromised decoder finds no secret: the child gets no JWT_SECRET, SMTP_URL or database token", async () => {
    const secrets = {
      JWT_SECRET: "a-secret-the-encoder-must-never-see-0123456789",
      SMTP_URL: "smtp://user:password@mail.example:587",
      DATABASE_AUTH_TOKEN: "turso-token",
      MAIL_API_KEY: "mail-key",
    };
    const saved = Object.fromEntries(Object.keys(secrets).map((k) => [k, process.env[k]]));
    Object.assign(process.env, secrets);
    const own = photoEncoderPool({ size: 1 });
    try {
      const photo = await sharp({ create: { width: 500, height: 400, channels: 3, background: "#5a8" } })
        .jpeg()
        .toBuffer();
      await own.encode(new Uint8Array(photo));
      // The newest child is this pool's (the suite's own pool may have one too).
      const environment = encoderChildEnvironments().at(-1);
      expect(environment).toBeDefined();
      for (const name of Object.keys(secrets)) expect(environment).not.toHaveProperty(name);
      expect(environment!.PHOTO_WORKER_NICE).toBe("10");
      expect(environment!.PATH).toBe(process.env.PATH);
    } finally {
      await own.close?.();
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
});
