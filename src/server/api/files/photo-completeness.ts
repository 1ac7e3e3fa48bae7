// Issue 33: whether an upload's stream is whole, read from its structure without decoding a
// pixel. The request checks this instead of decoding the photo (a 12 MP JPEG's decode, even
// at an eighth of its size, was 30 ms of the server's core per photo); the worker's full decode
// catches what the structure cannot show (damaged pixel data), and drops that photo with a
// note to its author (services/photo-encodes.ts). Runtime-neutral: no Node modules.
import type { PhotoFormat } from "./image-pipeline.ts";

const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at);

/** Markers that stand alone, with no length after them: TEM and RST0-7. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * A JPEG is whole when its segments, walked from the start, reach the end-of-image marker:
 * each segment's length leads to the next, and each scan's entropy-coded data runs to the
 * first 0xFF that is neither a stuffed 0x00, a restart marker nor fill. Bytes after the
 * marker (some phones append a trailer) are the polyglot check's concern, not this one's.
 */
function jpegIsWhole(bytes: Uint8Array): boolean {
  let at = 2;
  while (at + 2 <= bytes.length) {
    if (bytes[at] !== 0xff) return false;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd9) return true;
    if (standalone(marker)) {
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return false;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) return false;
    at += 2 + length;
    if (marker !== 0xda) continue;
    // The scan's data: native indexOf finds each 0xFF (about one in 256 bytes of a photo).
    for (at = bytes.indexOf(0xff, at); at !== -1; at = bytes.indexOf(0xff, at + 1)) {
      const next = bytes[at + 1];
      if (next === undefined) return false;
      if (next !== 0x00 && next !== 0xff && !standalone(next)) break;
    }
    if (at === -1) return false;
  }
  return false;
}

/** A PNG is whole when its chunks, each within the file, lead to IEND. */
function pngIsWhole(bytes: Uint8Array): boolean {
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = u32(bytes, at);
    const end = at + 12 + length;
    if (end > bytes.length) return false;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (type === "IEND") return true;
    at = end;
  }
  return false;
}

/** A WebP is whole when it holds every byte its RIFF header announces. */
function webpIsWhole(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const riffSize = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
  return bytes.length >= riffSize + 8;
}

/** An AVIF (ISO-BMFF) is whole when its top-level boxes, the pixels' mdat among them, fit. */
function avifIsWhole(bytes: Uint8Array): boolean {
  let at = 0;
  let sawData = false;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) return false;
    let size = u32(bytes, at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (type === "mdat") sawData = true;
    if (size === 0) return sawData; // the last box runs to the end of the file
    if (size === 1) {
      if (at + 16 > bytes.length) return false;
      size = u32(bytes, at + 8) * 2 ** 32 + u32(bytes, at + 12);
    }
    if (size < 8 || at + size > bytes.length) return false;
    at += size;
  }
  return sawData;
}

/** True when the upload's structure runs whole to its end; false for a cut or garbled stream. */
export function isWholeStream(bytes: Uint8Array, format: PhotoFormat): boolean {
  switch (format) {
    case "jpeg":
      return jpegIsWhole(bytes);
    case "png":
      return pngIsWhole(bytes);
    case "webp":
      return webpIsWhole(bytes);
    case "avif":
      return avifIsWhole(bytes);
  }
}
