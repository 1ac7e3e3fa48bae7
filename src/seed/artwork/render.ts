// Rasterises the generated SVGs to WebP with sharp and stores them. Runs a couple at a time:
// sharp renders on libuv's thread pool, so the seed's database work carries on meanwhile.
import sharp from "sharp";
import type { FileStorage } from "../../server/files/file-storage.ts";
import type { ImageSpec } from "./image-pool.ts";

export interface RenderedImage {
  name: string;
  width: number;
  height: number;
  bytes: number;
}

// Two at a time leaves a core for the database work that runs alongside on 2-core machines.
const CONCURRENCY = 2;

// The pictures are pure functions of their names, so a process that seeds twice (tests,
// --force) renders each only once.
const rendered = new Map<string, Uint8Array>();

async function render(spec: ImageSpec): Promise<Uint8Array> {
  const cached = rendered.get(spec.name);
  if (cached) return cached;
  const body = await sharp(Buffer.from(spec.svg()))
    .resize(spec.width, spec.height)
    .webp({ quality: 80, effort: 1 })
    .toBuffer();
  const bytes = new Uint8Array(body);
  rendered.set(spec.name, bytes);
  return bytes;
}

export async function renderImages(specs: ImageSpec[], files: FileStorage): Promise<RenderedImage[]> {
  const out: RenderedImage[] = new Array(specs.length);
  let next = 0;
  async function worker() {
    while (next < specs.length) {
      const index = next++;
      const spec = specs[index]!;
      const body = await render(spec);
      await files.put(spec.name, body, "image/webp");
      out[index] = { name: spec.name, width: spec.width, height: spec.height, bytes: body.byteLength };
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return out;
}
