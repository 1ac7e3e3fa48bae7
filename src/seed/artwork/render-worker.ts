// Renders the seed's picture pool on its own thread. The database work on the main thread
// settles its promises as microtasks and never yields to the event loop, so sharp's
// completions would otherwise wait until the whole catalogue was written.
import { parentPort, workerData } from "node:worker_threads";
import { imagePool } from "./image-pool.ts";
import { renderSpecs } from "./render.ts";

const { scale, names } = workerData as { scale: number; names: string[] };
const wanted = new Set(names);
const started = performance.now();
const images = await renderSpecs(imagePool(scale).specs.filter((spec) => wanted.has(spec.name)));
parentPort!.postMessage(
  { images, seconds: (performance.now() - started) / 1000 },
  images.map((image) => image.body.buffer as ArrayBuffer),
);
