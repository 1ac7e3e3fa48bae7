// A PNG decoder for the edge pipeline, in TypeScript over the platform's DecompressionStream
// (Workers and Node both have it): no WebAssembly module to ship, and nothing kept between
// photos, where a WebAssembly decoder's memory only grows for the isolate's life. It reads a
// file checkPng has already walked (chunks, CRCs, IHDR first, IEND last), every colour type
// and bit depth of the standard, interlaced or not; the inflated data must be exactly as long
// as the header says, so a compression bomb stops at the first byte too many.
import type { Pixels } from "./pixels.ts";

export class PngDecodeError extends Error {}

const damaged = (): never => {
  throw new PngDecodeError("damaged");
};

const u32 = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
// Adam7: each pass's first column and row, and its steps.
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

interface Header {
  width: number;
  height: number;
  depth: number;
  colour: number;
  channels: number;
  interlaced: boolean;
  palette?: Uint8Array;
  /** Palette alphas (colour 3), or the one transparent sample value(s) (colour 0 and 2). */
  transparency?: Uint8Array;
}

function readChunks(bytes: Uint8Array): { header: Header; compressed: Uint8Array[] } {
  let header: Header | undefined;
  const compressed: Uint8Array[] = [];
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = u32(bytes, at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      const colour = data[9]!;
      const depth = data[8]!;
      if (!DEPTHS[colour]?.includes(depth) || data[10] !== 0 || data[11] !== 0 || data[12]! > 1) damaged();
      const [width, height] = [u32(data, 0), u32(data, 4)];
      header = { width, height, depth, colour, channels: CHANNELS[colour]!, interlaced: data[12] === 1 };
    } else if (type === "PLTE" && header) header.palette = data;
    else if (type === "tRNS" && header) header.transparency = data;
    else if (type === "IDAT") compressed.push(data);
    at += 12 + length;
  }
  if (!header || !compressed.length || (header.colour === 3 && !header.palette)) damaged();
  return { header: header!, compressed };
}

/** zlib-inflates exactly `expected` bytes; more or fewer is a damaged file. */
async function inflate(parts: Uint8Array[], expected: number): Promise<Uint8Array> {
  const out = new Uint8Array(expected);
  let at = 0;
  const reader = new Blob(parts as BlobPart[]).stream().pipeThrough(new DecompressionStream("deflate")).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (at + value.length > expected) damaged();
      out.set(value, at);
      at += value.length;
    }
  } catch (error) {
    void reader.cancel().catch(() => {});
    if (error instanceof PngDecodeError) throw error;
    damaged();
  }
  if (at !== expected) damaged();
  return out;
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Undoes the row filters in place; `rows` rows of `rowBytes` bytes, each after its filter byte. */
function unfilter(raw: Uint8Array, start: number, rows: number, rowBytes: number, bpp: number): void {
  for (let y = 0; y < rows; y += 1) {
    const line = start + y * (rowBytes + 1);
    const filter = raw[line]!;
    const cur = line + 1;
    const prev = cur - (rowBytes + 1);
    for (let i = 0; i < rowBytes; i += 1) {
      const a = i >= bpp ? raw[cur + i - bpp]! : 0;
      const b = y > 0 ? raw[prev + i]! : 0;
      const c = y > 0 && i >= bpp ? raw[prev + i - bpp]! : 0;
      const x = raw[cur + i]!;
      if (filter === 0) continue;
      else if (filter === 1) raw[cur + i] = x + a;
      else if (filter === 2) raw[cur + i] = x + b;
      else if (filter === 3) raw[cur + i] = x + ((a + b) >> 1);
      else if (filter === 4) raw[cur + i] = x + paeth(a, b, c);
      else damaged();
    }
  }
}

/** The sample values of one row, full range (up to 16 bits). */
function sample(raw: Uint8Array, line: number, index: number, depth: number): number {
  if (depth === 8) return raw[line + index]!;
  if (depth === 16) return (raw[line + index * 2]! << 8) | raw[line + index * 2 + 1]!;
  const bit = index * depth;
  return (raw[line + (bit >> 3)]! >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
}

/** Writes one decoded row's pixels into `out` at the pass's columns. */
function placeRow(h: Header, raw: Uint8Array, line: number, count: number, out: Uint8Array, at: number, step: number) {
  const { depth, colour, channels, palette, transparency } = h;
  const max = (1 << depth) - 1;
  const eight = (v: number) => (depth === 16 ? v >> 8 : depth === 8 ? v : Math.round((v * 255) / max));
  const key = (i: number) => (transparency ? (transparency[i * 2]! << 8) | transparency[i * 2 + 1]! : -1);
  for (let x = 0; x < count; x += 1, at += step * 4) {
    const s = (c: number) => sample(raw, line, x * channels + c, depth);
    if (colour === 3) {
      const index = s(0);
      if (index * 3 + 2 >= palette!.length) damaged();
      out.set(palette!.subarray(index * 3, index * 3 + 3), at);
      out[at + 3] = transparency && index < transparency.length ? transparency[index]! : 255;
    } else if (colour === 0 || colour === 4) {
      const grey = s(0);
      out[at] = out[at + 1] = out[at + 2] = eight(grey);
      out[at + 3] = colour === 4 ? eight(s(1)) : grey === key(0) ? 0 : 255;
    } else {
      const [r, g, b] = [s(0), s(1), s(2)];
      out[at] = eight(r);
      out[at + 1] = eight(g);
      out[at + 2] = eight(b);
      out[at + 3] = colour === 6 ? eight(s(3)) : r === key(0) && g === key(1) && b === key(2) ? 0 : 255;
    }
  }
}

/** Decodes a checked PNG to RGBA; throws PngDecodeError when its data does not add up. */
export async function decodePng(bytes: Uint8Array): Promise<Pixels> {
  const { header, compressed } = readChunks(bytes);
  const { width, height, depth, channels } = header;
  const passes = header.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  const bitsPerPixel = depth * channels;
  const bpp = Math.max(1, bitsPerPixel >> 3);
  const layout = passes.map(([x0, y0, dx, dy]) => {
    const columns = width > x0 ? Math.ceil((width - x0) / dx) : 0;
    const rows = height > y0 ? Math.ceil((height - y0) / dy) : 0;
    return { x0, y0, dx, dy, columns, rows, rowBytes: Math.ceil((columns * bitsPerPixel) / 8) };
  });
  const expected = layout.reduce((n, p) => n + (p.columns ? p.rows * (p.rowBytes + 1) : 0), 0);
  const raw = await inflate(compressed, expected);
  const out = new Uint8Array(width * height * 4);
  let start = 0;
  for (const p of layout) {
    if (!p.columns || !p.rows) continue;
    unfilter(raw, start, p.rows, p.rowBytes, bpp);
    for (let y = 0; y < p.rows; y += 1) {
      const line = start + y * (p.rowBytes + 1) + 1;
      placeRow(header, raw, line, p.columns, out, ((p.y0 + y * p.dy) * width + p.x0) * 4, p.dx);
    }
    start += p.rows * (p.rowBytes + 1);
  }
  return { width, height, data: out };
}
