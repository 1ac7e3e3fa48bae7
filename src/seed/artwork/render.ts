// Rasterises the generated SVGs to WebP with sharp, on a worker thread so the pictures
// render while the main thread fills the database, then stores them.
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import type { FileStorage } from "../../server/api/deps.ts";
import type { ImageSpec } from "./image-pool.ts";

export interface RenderedImage {
  name: string;
  width: number;
  height: number;
  bytes: number;
}

interface RenderedBody {
  name: string;
  width: number;
  height: number;
  body: Uint8Array;
}

// Two at a time: with the database on the main thread, that keeps both cores of a small
// machine busy without starving either.
const CONCURRENCY = 2;

/** Renders specs to WebP bytes, a couple at a time. */
export async function renderSpecs(specs: ImageSpec[]): Promise<RenderedBody[]> {
  const out: RenderedBody[] = new Array(specs.length);
  let next = 0;
  async function worker() {
    while (next < specs.length) {
      const index = next++;
      const spec = specs[index]!;
      const body = await sharp(Buffer.from(spec.svg()))
        .resize(spec.width, spec.height)
        .webp({ quality: 80, effort: 1 })
        .toBuffer();
      out[index] = { name: spec.name, width: spec.width, height: spec.height, body: new Uint8Array(body) };
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return out;
}

// The pictures are pure functions of their names, so a process that seeds twice (tests,
// --force) renders each only once.
const cache = new Map<string, RenderedBody>();

interface WorkerResult {
  images: RenderedBody[];
  seconds: number;
}

function renderOnWorker(scale: number, names: string[]): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./render-worker.ts", import.meta.url), { workerData: { scale, names } });
    worker.once("message", (result: WorkerResult) => resolve(result));
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`Image worker stopped with exit code ${code}`));
    });
  });
}

/**
 * Starts rendering the pool for `scale` at once; the returned function waits for it and
 * writes the files into storage.
 */
export function startRendering(
  scale: number,
  specs: ImageSpec[],
): (files: FileStorage) => Promise<{ images: RenderedImage[]; renderSeconds: number }> {
  const missing = specs.filter((spec) => !cache.has(spec.name)).map((spec) => spec.name);
  const rendering: Promise<WorkerResult> =
    missing.length === 0 ? Promise.resolve({ images: [], seconds: 0 }) : renderOnWorker(scale, missing);
  // Reported when awaited; until then an early failure must not crash the process.
  rendering.catch(() => {});
  return async (files) => {
    const { images, seconds } = await rendering;
    for (const image of images) cache.set(image.name, { ...image, body: new Uint8Array(image.body) });
    const out: RenderedImage[] = [];
    for (const spec of specs) {
      const image = cache.get(spec.name)!;
      await files.put(image.name, image.body, "image/webp");
      out.push({ name: image.name, width: image.width, height: image.height, bytes: image.body.byteLength });
    }
    return { images: out, renderSeconds: seconds };
  };
}
