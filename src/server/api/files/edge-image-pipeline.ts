// The Cloudflare host's image pipeline (issue 13 "Photos at the edge", decision 011). sharp
// cannot run in Workers, and no decoder is small enough to bundle, so a photo is accepted by
// its bytes: the format from its first bytes, the dimensions from its headers (JPEG SOF, PNG
// IHDR, WebP VP8/VP8L/VP8X), and a walk of its whole structure (every JPEG segment to EOI,
// every PNG chunk with its CRC to IEND, every RIFF chunk to the announced size), so a
// truncated file, trailing bytes, markup, animation or more than 40 megapixels is refused.
// The accepted bytes are stored as sent, less their metadata segments (EXIF with GPS, XMP,
// comments, text chunks): no re-encode. The review modal already resizes and re-encodes every
// photo to a JPEG in the browser; the files route serves each stored file with its real
// content type, nosniff and a CSP sandbox. AVIF is refused here: reading its size means
// walking nested ISO-BMFF boxes, and no browser client of ours sends one.
import { MAX_IMAGE_BYTES, MAX_IMAGE_MEGAPIXELS, REVIEW_MESSAGES } from "../../../shared/schemas/reviews.ts";
import { SOCIAL_MESSAGES } from "../../../shared/schemas/social-profiles.ts";
import {
  hasPath,
  looksPolyglot,
  PHOTO_MESSAGES,
  PhotoRejectedError,
  sniffFormat,
  storedName,
  type ImagePipeline,
  type PhotoFormat,
  type PreparedAvatar,
  type ProcessedPhoto,
  type UploadedPhoto,
} from "./image-pipeline.ts";

const MAX_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

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
  contentType: string;
  extension: string;
  /** As displayed: JPEG's EXIF orientation 5 to 8 swaps them. */
  width: number;
  height: number;
  /** The bytes to store: the upload without its metadata. */
  body: Uint8Array;
}

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32le = (b: Uint8Array, at: number) => (u24le(b, at) + b[at + 3]! * 0x1000000) >>> 0;
const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// ---- JPEG ------------------------------------------------------------------------------

// Start-of-frame markers carry the size: baseline, extended, progressive, lossless, arithmetic.
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
// Kept application segments: APP0 (JFIF), APP2 (ICC colour profile), APP14 (Adobe colour
// transform, needed to read CMYK/YCCK right). APP1 (EXIF, XMP), APP13 (IPTC), the others and
// comments go.
const KEPT_APP = new Set([0xe0, 0xe2, 0xee]);

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

/** A minimal APP1 EXIF holding only the orientation, so a phone's portrait stays upright. */
function orientationSegment(orientation: number): Uint8Array {
  // prettier-ignore
  return new Uint8Array([
    0xff, 0xe1, 0x00, 0x22, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, // APP1, length 34, "Exif\0\0"
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, // big-endian TIFF, IFD0 at 8
    0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00, // Orientation
    0x00, 0x00, 0x00, 0x00, // no next IFD
  ]);
}

export function checkJpeg(b: Uint8Array): CheckedImage {
  const kept: Uint8Array[] = [b.subarray(0, 2)];
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
      kept.push(b.subarray(at, at + 2));
      if (at + 2 !== b.length) fail("polyglot");
      break;
    }
    if (marker === 0xd8 || marker === 0x00) fail("damaged");
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      kept.push(b.subarray(at, at + 2));
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
    const isApp = marker >= 0xe0 && marker <= 0xef;
    if (!(isApp && !KEPT_APP.has(marker)) && marker !== 0xfe) kept.push(b.subarray(at, end));
    at = end;
    if (marker === 0xda) {
      if (!size) fail("damaged");
      scans += 1;
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
      const start = at;
      while (
        at + 1 < b.length &&
        !(b[at] === 0xff && b[at + 1] !== 0 && !(b[at + 1]! >= 0xd0 && b[at + 1]! <= 0xd7))
      ) {
        at += 1;
      }
      if (at + 1 >= b.length) fail("damaged");
      kept.push(b.subarray(start, at));
    }
  }
  // After JFIF's APP0, which must come first when present.
  if (orientation !== 1) kept.splice(kept[1]?.[1] === 0xe0 ? 2 : 1, 0, orientationSegment(orientation));
  const turned = orientation >= 5;
  return {
    format: "jpeg",
    contentType: "image/jpeg",
    extension: "jpg",
    width: turned ? size!.height : size!.width,
    height: turned ? size!.width : size!.height,
    body: concat(kept),
  };
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

// Metadata chunks that go: text (may hold anything), EXIF (GPS), the modification time.
const DROPPED_PNG = new Set(["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]);

export function checkPng(b: Uint8Array): CheckedImage {
  const kept: Uint8Array[] = [b.subarray(0, 8)];
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
    if (!DROPPED_PNG.has(type)) kept.push(b.subarray(at, end));
    at = end;
    if (type === "IEND") {
      if (pictures === 0) fail("damaged");
      if (at !== b.length) fail("polyglot");
      break;
    }
  }
  return { format: "png", contentType: "image/png", extension: "png", ...size!, body: concat(kept) };
}

// ---- WebP ------------------------------------------------------------------------------

// VP8X flags: ICC 0x20, alpha 0x10, EXIF 0x08, XMP 0x04, animation 0x02.
const VP8X_ANIMATION = 0x02;
const VP8X_METADATA = 0x08 | 0x04;

export function checkWebp(b: Uint8Array): CheckedImage {
  const riffSize = u32le(b, 4);
  if (riffSize + 8 > b.length) fail("damaged");
  if (riffSize + 8 < b.length) fail("polyglot");
  const kept: Uint8Array[] = [];
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
    if (type === "VP8X") {
      const header = b.slice(at, end);
      header[8] = header[8]! & ~VP8X_METADATA;
      kept.push(header);
    } else if (type !== "EXIF" && type !== "XMP ") {
      kept.push(b.subarray(at, end));
    }
    at = end;
  }
  if (!picture || !size || (!extended && kept.length !== 1)) fail("damaged");
  const chunks = concat(kept);
  const header = new Uint8Array(12);
  header.set(b.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, chunks.length + 4, true);
  return {
    format: "webp",
    contentType: "image/webp",
    extension: "webp",
    ...size!,
    body: concat([header, chunks]),
  };
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

const REVIEW: Messages = {
  notAccepted: REVIEW_MESSAGES.imageNotAccepted,
  damaged: REVIEW_MESSAGES.imageDamaged,
  tooManyPixels: REVIEW_MESSAGES.imageTooManyPixels,
};
// The profile screen has one sentence for every picture it cannot take.
const AVATAR: Messages = {
  notAccepted: SOCIAL_MESSAGES.avatarNotImage,
  damaged: SOCIAL_MESSAGES.avatarNotImage,
  tooManyPixels: SOCIAL_MESSAGES.avatarNotImage,
};

export function edgeImagePipeline(): ImagePipeline {
  return {
    async reviewPhoto(upload, index): Promise<ProcessedPhoto> {
      const image = checkImage(upload, index, REVIEW);
      // One variant at the size the client made (it resizes to at most 1600 px): srcset lists it.
      const name = storedName("p", `-${image.width}w.${image.extension}`);
      return {
        fileName: name,
        variants: [{ name, width: image.width }],
        width: image.width,
        height: image.height,
        files: [
          {
            name,
            contentType: image.contentType,
            width: image.width,
            height: image.height,
            bytes: image.body.byteLength,
          },
        ],
        outputs: [{ name, body: image.body, contentType: image.contentType }],
      };
    },
    async avatar(upload): Promise<PreparedAvatar> {
      const image = checkImage(upload, 0, AVATAR);
      return {
        name: storedName("a", `.${image.extension}`),
        body: image.body,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
      };
    },
  };
}
