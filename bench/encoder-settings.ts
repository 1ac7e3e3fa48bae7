// npm run bench -- --encoders (or: node bench/encoder-settings.ts): the CPU time and bytes of
// each candidate encoder setting for one 12-megapixel phone photo, on one libvips thread, the
// table in docs/perf/reviews.md ("Encoder settings"). The photo is made as the reviews bench
// makes it (a 4000 × 3000 JPEG of smooth gradients and noise).
import sharp, { type Sharp } from "sharp";

sharp.concurrency(1);
const RUNS = 5;

async function phonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i += 3) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    const n = seed % 24;
    pixels[i] = (x / 16 + n) & 255;
    pixels[i + 1] = (y / 12 + n) & 255;
    pixels[i + 2] = ((x + y) / 28 + n) & 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function median(work: () => Promise<number>): Promise<{ ms: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  await work();
  for (let i = 0; i < RUNS; i++) {
    const start = cpuMs();
    bytes = await work();
    times.push(cpuMs() - start);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(RUNS / 2)]!, bytes };
}

export async function runEncoderSettings(): Promise<void> {
  const photo = await phonePhoto();
  const decode = () =>
    sharp(photo, { failOn: "warning", sequentialRead: true })
      .rotate()
      .resize({ width: 1600 })
      .raw()
      .toBuffer({ resolveWithObject: true });
  const check = await median(async () => {
    const out = await sharp(photo, { failOn: "warning", sequentialRead: true })
      .rotate()
      .resize({ width: 16, height: 16, fit: "inside" })
      .webp({ quality: 40, effort: 0 })
      .toBuffer();
    return out.byteLength;
  });
  console.log(`check + 16 px preview (in the request): ${check.ms.toFixed(1)} ms CPU, ${check.bytes} B`);
  const decoded = await median(async () => (await decode()).data.byteLength);
  console.log(`decode 12 MP to 1600 px raw: ${decoded.ms.toFixed(1)} ms CPU`);
  const raw = await decode();
  const settings: [string, number[], (s: Sharp) => Sharp][] = [
    ["WebP q80 effort 4 (before)", [400, 800, 1600], (s) => s.webp({ quality: 80, effort: 4 })],
    ["WebP q80 effort 2", [400, 800, 1600], (s) => s.webp({ quality: 80, effort: 2 })],
    ["WebP q80 effort 0", [400, 800, 1600], (s) => s.webp({ quality: 80, effort: 0 })],
    ["WebP q80 effort 4, 800 + 1600", [800, 1600], (s) => s.webp({ quality: 80, effort: 4 })],
    ["WebP q80 effort 2, 800 + 1600", [800, 1600], (s) => s.webp({ quality: 80, effort: 2 })],
    ["AVIF q55 effort 2", [400, 800, 1600], (s) => s.avif({ quality: 55, effort: 2 })],
    ["AVIF q55 effort 0", [400, 800, 1600], (s) => s.avif({ quality: 55, effort: 0 })],
  ];
  console.log("| setting | widths | encode CPU ms per photo | with decode | bytes (all widths) |");
  console.log("| --- | --- | ---: | ---: | ---: |");
  for (const [name, widths, encode] of settings) {
    const result = await median(async () => {
      let total = 0;
      for (const w of widths) {
        const out = await encode(
          sharp(raw.data, {
            raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels },
          }).resize({ width: w }),
        ).toBuffer();
        total += out.byteLength;
      }
      return total;
    });
    console.log(
      `| ${name} | ${widths.join(", ")} | ${result.ms.toFixed(0)} | ${(result.ms + decoded.ms).toFixed(0)} | ${(result.bytes / 1024).toFixed(0)} KB |`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runEncoderSettings();
