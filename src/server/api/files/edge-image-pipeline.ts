// The Cloudflare host's image pipeline (issue 13 "Photos at the edge", issue 20, decision 011).
// sharp cannot run in Workers, so a photo is first checked by its bytes: the format from its
// first bytes, the dimensions from its headers (JPEG SOF, PNG IHDR, WebP VP8/VP8L/VP8X), and a
// walk of its whole structure (every JPEG segment to EOI, every PNG chunk with its CRC to
// IEND, every RIFF chunk to the announced size), so a truncated file, trailing bytes, markup,
// animation or a pixel bomb is refused before anything decodes it. Then it is decoded to
// pixels by WebAssembly codecs (wasm-codecs.ts), turned upright, scaled to the same widths as
// on Node (an avatar to a 512 px square) and encoded to fresh WebP files: no byte of the
// upload, metadata included, is stored. An isolate has 128 MB, so the edge decodes at most
// EDGE_MAX_MEGAPIXELS; AVIF is refused (no decoder shipped, and no client of ours sends one).
import { MAX_IMAGE_BYTES, REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import { SOCIAL_MESSAGES } from "../../../domain/social-rules.ts";
import {
  hasPath,
  looksPolyglot,
  PHOTO_MESSAGES,
  PhotoRejectedError,
  sniffFormat,
  storedName,
  widthsFor,
  type PhotoFormat,
  type PreparedAvatar,
  type ProcessedPhoto,
  type UploadedPhoto,
} from "./image-pipeline.ts";
import type { ImagePipeline } from "../deps.ts";
import { cropSquare, downscale, orient, type Pixels } from "./pixels.ts";
import { decodePixels, webpEncoderFor } from "./wasm-codecs.ts";

/**
 * The most a photo may have on the edge. Decoding holds the picture twice (in the decoder's
 * memory and as the copy it hands back), 4 bytes a pixel: 8 MP is 64 MB of an isolate's 128.
 * The review modal sends at most 2048 px on the long edge (4.2 MP), so only other clients meet it.
 */
export const EDGE_MAX_MEGAPIXELS = 8;
const MAX_PIXELS = EDGE_MAX_MEGAPIXELS * 1_000_000;
export const EDGE_MESSAGES = {
  photoTooManyPixels: `Each photo must be at most ${EDGE_MAX_MEGAPIXELS} megapixels.`,
  avatarTooManyPixels: `The image must be at most ${EDGE_MAX_MEGAPIXELS} megapixels.`,
} as const;
const AVATAR_SIZE = 512;
const REVIEW_QUALITY = 80;
const AVATAR_QUALITY = 82;

/** Why a file's structure is refused: it maps to the person's sentence by the caller. */
type Fault = "damaged" | "notAccepted" | "polyglot";

class StructureError extends Error {
  readonly fault: Fault;
  constructor(fault: Fault) {
    super(fault);
    this.fault = fault;
  }
}
const fail = (fault: Fault): never => {
  throw new StructureError(fault);
};

export interface CheckedImage {
  format: Exclude<PhotoFormat, "avif">;
  /** As stored, before the EXIF orientation. */
  width: number;
  height: number;
  /** JPEG's EXIF orientation (1 to 8; 5 to 8 swap width and height when shown). */
  orientation: number;
}

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32le = (b: Uint8Array, at: number) => (u24le(b, at) + b[at + 3]! * 0x1000000) >>> 0;
const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

// ---- JPEG ------------------------------------------------------------------------------

// Start-of-frame markers carry the size: baseline, extended, progressive, lossless, arithmetic.
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** EXIF orientation (1 to 8) from an APP1 payload, 1 when absent or unreadable. */
function exifOrientation(b: Uint8Array, start: number, end: number): number {
  if (end - start < 14 || fourcc(b, start) !== "Exif") return 1;
  const tiff = start + 6;
  const little = b[tiff] === 0x49;
  const u16 = (at: number) => (little ? u16le(b, at) : u16be(b, at));
  const u32 = (at: number) => (little ? u32le(b, at) : u32be(b, at));
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > end) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return 1;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

export function checkJpeg(b: Uint8Array): CheckedImage {
  let at = 2;
  let size: { width: number; height: number } | undefined;
  let orientation = 1;
  let scans = 0;
  for (;;) {
    if (at + 2 > b.length) fail("damaged");
    if (b[at] !== 0xff) fail("damaged");
    let marker = b[at + 1]!;
    // Fill bytes before a marker are allowed.
    while (marker === 0xff && at + 2 < b.length) marker = b[(at += 1) + 1]!;
    if (marker === 0xd9) {
      if (!size || scans === 0) fail("damaged");
      if (at + 2 !== b.length) fail("polyglot");
      break;
    }
    if (marker === 0xd8 || marker === 0x00) fail("damaged");
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 4 > b.length) fail("damaged");
    const length = u16be(b, at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > b.length) fail("damaged");
    if (SOF.has(marker)) {
      if (length < 8 || size) fail("damaged");
      const height = u16be(b, at + 5);
      const width = u16be(b, at + 7);
      // Height 0 defers the size to a DNL segment after the scan: never produced by a browser.
      if (!width || !height) fail("damaged");
      size = { width, height };
    }
    if (marker === 0xe1) orientation = Math.max(orientation, exifOrientation(b, at + 4, end));
    at = end;
    if (marker === 0xda) {
      if (!size) fail("damaged");
      scans += 1;
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
      while (
        at + 1 < b.length &&
        !(b[at] === 0xff && b[at + 1] !== 0 && !(b[at + 1]! >= 0xd0 && b[at + 1]! <= 0xd7))
      ) {
        at += 1;
      }
      if (at + 1 >= b.length) fail("damaged");
    }
  }
  return { format: "jpeg", ...size!, orientation };
}

// ---- PNG -------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(b: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i += 1) c = CRC_TABLE[(c ^ b[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function checkPng(b: Uint8Array): CheckedImage {
  let at = 8;
  let size: { width: number; height: number } | undefined;
  let pictures = 0;
  for (;;) {
    if (at + 12 > b.length) fail("damaged");
    const length = u32be(b, at);
    const type = fourcc(b, at + 4);
    const end = at + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > b.length) fail("damaged");
    if (crc32(b, at + 4, at + 8 + length) !== u32be(b, at + 8 + length)) fail("damaged");
    if (!size && type !== "IHDR") fail("damaged");
    if (type === "IHDR") {
      if (size || length !== 13) fail("damaged");
      size = { width: u32be(b, at + 8), height: u32be(b, at + 12) };
      if (!size.width || !size.height) fail("damaged");
    }
    // APNG: an animation is not one photo.
    if (type === "acTL") fail("notAccepted");
    if (type === "IDAT") pictures += 1;
    at = end;
    if (type === "IEND") {
      if (pictures === 0) fail("damaged");
      if (at !== b.length) fail("polyglot");
      break;
    }
  }
  return { format: "png", ...size!, orientation: 1 };
}

// ---- WebP ------------------------------------------------------------------------------

// VP8X flags: ICC 0x20, alpha 0x10, EXIF 0x08, XMP 0x04, animation 0x02.
const VP8X_ANIMATION = 0x02;

export function checkWebp(b: Uint8Array): CheckedImage {
  const riffSize = u32le(b, 4);
  if (riffSize + 8 > b.length) fail("damaged");
  if (riffSize + 8 < b.length) fail("polyglot");
  let chunks = 0;
  let at = 12;
  let size: { width: number; height: number } | undefined;
  let extended = false;
  let picture = false;
  while (at < b.length) {
    if (at + 8 > b.length) fail("damaged");
    const type = fourcc(b, at);
    const length = u32le(b, at + 4);
    const data = at + 8;
    const end = data + length + (length % 2);
    if (end > b.length) fail("damaged");
    if (at === 12 && !["VP8 ", "VP8L", "VP8X"].includes(type)) fail("damaged");
    if (type === "VP8X") {
      if (at !== 12 || length < 10) fail("damaged");
      if (b[data]! & VP8X_ANIMATION) fail("notAccepted");
      extended = true;
      size = { width: 1 + u24le(b, data + 4), height: 1 + u24le(b, data + 7) };
    } else if (type === "VP8 ") {
      // A key frame (bit 0 clear) with its start code, then 14-bit width and height.
      if (picture || length < 10 || b[data]! & 1) fail("damaged");
      if (b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a) fail("damaged");
      const own = { width: u16le(b, data + 6) & 0x3fff, height: u16le(b, data + 8) & 0x3fff };
      if (!own.width || !own.height) fail("damaged");
      size ??= own;
      picture = true;
    } else if (type === "VP8L") {
      if (picture || length < 5 || b[data] !== 0x2f) fail("damaged");
      const bits = u32le(b, data + 1);
      size ??= { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
      picture = true;
    } else if (type === "ANIM" || type === "ANMF") {
      fail("notAccepted");
    }
    chunks += 1;
    at = end;
  }
  if (!picture || !size || (!extended && chunks !== 1)) fail("damaged");
  return { format: "webp", ...size!, orientation: 1 };
}

// ---- the pipeline ----------------------------------------------------------------------

interface Messages {
  notAccepted: string;
  damaged: string;
  tooManyPixels: string;
}

/** The checks both uploads share; throws PhotoRejectedError with `messages`' sentences. */
export function checkImage(upload: UploadedPhoto, index: number, messages: Messages): CheckedImage {
  const refuse = (message: string) => new PhotoRejectedError(message, index);
  if (hasPath(upload.name)) throw refuse(PHOTO_MESSAGES.hasPath);
  if (upload.bytes.byteLength > MAX_IMAGE_BYTES) throw refuse(REVIEW_MESSAGES.imageTooLarge);
  const format = sniffFormat(upload.bytes);
  if (!format || format === "avif") throw refuse(messages.notAccepted);
  if (looksPolyglot(upload.bytes, format)) throw refuse(PHOTO_MESSAGES.polyglot);
  let checked: CheckedImage;
  try {
    checked =
      format === "jpeg"
        ? checkJpeg(upload.bytes)
        : format === "png"
          ? checkPng(upload.bytes)
          : checkWebp(upload.bytes);
  } catch (error) {
    if (!(error instanceof StructureError)) throw refuse(messages.damaged);
    throw refuse(
      error.fault === "polyglot"
        ? PHOTO_MESSAGES.polyglot
        : error.fault === "notAccepted"
          ? messages.notAccepted
          : messages.damaged,
    );
  }
  if (checked.width * checked.height > MAX_PIXELS) throw refuse(messages.tooManyPixels);
  return checked;
}

/** The pixels of a checked upload; a decoder's refusal is a damaged file. */
async function decode(upload: UploadedPhoto, image: CheckedImage, refuse: () => PhotoRejectedError): Promise<Pixels> {
  let pixels: Pixels;
  try {
    pixels = await decodePixels(image.format, upload.bytes);
  } catch {
    throw refuse();
  }
  // The headers measured what the decoder must agree with, or the pixel limit meant nothing.
  if (pixels.width !== image.width || pixels.height !== image.height) throw refuse();
  return pixels;
}

/** Scaled to `width` as shown (after the orientation), then turned upright. */
function shownAt(pixels: Pixels, orientation: number, width: number): Pixels {
  const turned = orientation >= 5;
  const shown = turned ? { width: pixels.height, height: pixels.width } : pixels;
  const height = Math.max(1, Math.round((shown.height * width) / shown.width));
  return orient(downscale(pixels, turned ? height : width, turned ? width : height), orientation);
}

const REVIEW: Messages = {
  notAccepted: REVIEW_MESSAGES.imageNotAccepted,
  damaged: REVIEW_MESSAGES.imageDamaged,
  tooManyPixels: EDGE_MESSAGES.photoTooManyPixels,
};
// The profile screen has one sentence for every picture it cannot take, but the size.
const AVATAR: Messages = {
  notAccepted: SOCIAL_MESSAGES.avatarNotImage,
  damaged: SOCIAL_MESSAGES.avatarNotImage,
  tooManyPixels: EDGE_MESSAGES.avatarTooManyPixels,
};

async function reviewPhoto(upload: UploadedPhoto, index: number): Promise<ProcessedPhoto> {
  const image = checkImage(upload, index, REVIEW);
  const damaged = () => new PhotoRejectedError(REVIEW.damaged, index);
  const turned = image.orientation >= 5;
  const widths = widthsFor(turned ? image.height : image.width);
  // Scaled to the largest width first: the decoded original is let go before encoding.
  const largest = shownAt(await decode(upload, image, damaged), image.orientation, widths.at(-1)!);
  const encode = await webpEncoderFor(REVIEW_QUALITY);
  const stem = storedName("p", "");
  const photo: ProcessedPhoto = { fileName: "", variants: [], width: 0, height: 0, files: [], outputs: [] };
  for (const width of widths) {
    const pixels = width === largest.width ? largest : shownAt(largest, 1, width);
    const body = encode(pixels);
    const name = `${stem}-${pixels.width}w.webp`;
    photo.outputs.push({ name, body, contentType: "image/webp" });
    photo.files.push({ name, contentType: "image/webp", width: pixels.width, height: pixels.height, bytes: body.byteLength });
    photo.variants.push({ name, width: pixels.width });
  }
  const last = photo.files.at(-1)!;
  return { ...photo, fileName: last.name, width: last.width, height: last.height };
}

async function avatar(upload: UploadedPhoto): Promise<PreparedAvatar> {
  const image = checkImage(upload, 0, AVATAR);
  const refuse = () => new PhotoRejectedError(AVATAR.damaged, 0);
  // The centre square is the same square whichever way the picture is turned.
  const square = cropSquare(await decode(upload, image, refuse));
  const pixels = shownAt(square, image.orientation, Math.min(square.width, AVATAR_SIZE));
  const body = (await webpEncoderFor(AVATAR_QUALITY))(pixels);
  return {
    name: storedName("a", ".webp"),
    body,
    contentType: "image/webp",
    width: pixels.width,
    height: pixels.height,
  };
}

export function edgeImagePipeline(): ImagePipeline {
  return { reviewPhoto, avatar };
}
