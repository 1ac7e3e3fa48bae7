// Review photos, safely (issue 11). What the bytes are decides, never the file's name or its
// declared type: the first bytes must be JPEG, PNG, WebP or AVIF, the file must hold no
// markup a browser could be talked into running (a polyglot), and it must decode completely
// within MAX_IMAGE_MEGAPIXELS. Every accepted photo is decoded and re-encoded by sharp, so
// nothing of the upload reaches a reader: no metadata (EXIF, GPS, ICC comments), no trailing
// bytes. Stored names are made here; the client's name is only checked for a path.
// HEIC is refused: sharp's prebuilt libvips decodes AVIF but carries no HEVC decoder.
import { randomUUID } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import {
  MAX_IMAGE_BYTES,
  MAX_IMAGE_MEGAPIXELS,
  PHOTO_WIDTHS,
  REVIEW_MESSAGES,
} from "../../shared/schemas/reviews.ts";
import type { FileRow, StoredPhotoRow } from "../db/queries/reviews.ts";
import type { FileStorage } from "./file-storage.ts";

export type PhotoFormat = "jpeg" | "png" | "webp" | "avif";

/** A photo refused, with the sentence the person sees. Nothing of it was stored. */
export class PhotoRejectedError extends Error {
  readonly index: number;
  constructor(message: string, index: number) {
    super(message);
    this.index = index;
  }
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** The format the first bytes announce, or undefined for anything we do not take. */
export function sniffFormat(bytes: Uint8Array): PhotoFormat | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp") {
    // ISO-BMFF: the major brand and the compatible brands that follow it.
    const boxSize = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
    const end = Math.min(bytes.length, Math.max(16, Math.min(boxSize, 64)));
    const brands: string[] = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((b) => b === "avif" || b === "avis")) return "avif";
  }
  return undefined;
}

// Markup a content sniffer, a mis-set type or a same-origin mistake could turn into a page.
// Long enough that compressed pixel data never holds one by chance.
const MARKUP = /<(script|html|body|iframe|svg[\s>]|!doctype|\?php|\?xml)|javascript:/i;

/** True when the file also reads as something else: markup, or bytes after the image ends. */
export function looksPolyglot(bytes: Uint8Array, format: PhotoFormat): boolean {
  // latin1 maps each byte to one character, so the regular expression sees the raw bytes.
  if (MARKUP.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1")))
    return true;
  if (format === "png") {
    // No IEND at all is a truncated file, which the decoder refuses as damaged.
    const iend = Buffer.from(bytes).lastIndexOf("IEND");
    return iend !== -1 && bytes.length > iend + 8;
  }
  if (format === "webp") {
    const riffSize = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
    return riffSize + 8 + (riffSize % 2) !== bytes.length && riffSize + 8 !== bytes.length;
  }
  return false;
}

/** A name as the client sent it: any folder in it is refused, though we never use the name. */
export function hasPath(name: string): boolean {
  return /[/\\]|^\.\.?$|\0/.test(name) || name.includes("..");
}

export interface UploadedPhoto {
  name: string;
  bytes: Uint8Array;
}

export interface ProcessedPhoto extends StoredPhotoRow {
  width: number;
  height: number;
  files: FileRow[];
  outputs: { name: string; body: Uint8Array }[];
}

export const PHOTO_MESSAGES = {
  hasPath: "Photo names must not contain a folder path.",
  polyglot: "This photo contains something other than an image and was refused.",
} as const;

const MAX_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

/** The widths to write for an image `width` pixels wide: never wider than the original. */
export function widthsFor(width: number): number[] {
  const largest = Math.min(width, PHOTO_WIDTHS.at(-1)!);
  return [...new Set([...PHOTO_WIDTHS.filter((w) => w < largest), largest])];
}

/** Checks one upload and re-encodes it into its widths, in memory; throws PhotoRejectedError. */
export async function processPhoto(upload: UploadedPhoto, index: number): Promise<ProcessedPhoto> {
  const refuse = (message: string) => new PhotoRejectedError(message, index);
  if (hasPath(upload.name)) throw refuse(PHOTO_MESSAGES.hasPath);
  if (upload.bytes.byteLength > MAX_IMAGE_BYTES) throw refuse(REVIEW_MESSAGES.imageTooLarge);
  const format = sniffFormat(upload.bytes);
  if (!format) throw refuse(REVIEW_MESSAGES.imageNotAccepted);
  if (looksPolyglot(upload.bytes, format)) throw refuse(PHOTO_MESSAGES.polyglot);

  // failOn "warning": a truncated or corrupt stream is an error, not a grey half-picture.
  const input = () =>
    sharp(upload.bytes, { limitInputPixels: MAX_PIXELS, failOn: "warning", sequentialRead: true });
  let meta: Metadata;
  try {
    // The header only: the pixel limit is checked below, so a bomb gets its own message.
    meta = await sharp(upload.bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(REVIEW_MESSAGES.imageDamaged);
  }
  const announced = meta.format === "heif" ? (meta.compression === "av1" ? "avif" : "heic") : meta.format;
  if (announced !== format) throw refuse(REVIEW_MESSAGES.imageNotAccepted);
  if (!meta.width || !meta.height) throw refuse(REVIEW_MESSAGES.imageDamaged);
  if (meta.width * meta.height > MAX_PIXELS) throw refuse(REVIEW_MESSAGES.imageTooManyPixels);
  if ((meta.pages ?? 1) > 1) throw refuse(REVIEW_MESSAGES.imageNotAccepted);

  // EXIF orientation turns the picture, so width and height are read after rotating.
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const widths = widthsFor(width);
  const stem = `p-${randomUUID()}`;
  try {
    // Decode once at the largest width; the smaller widths are made from those pixels.
    const largest = await input()
      .rotate()
      .resize({ width: widths.at(-1)!, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { info } = largest;
    const outputs: ProcessedPhoto["outputs"] = [];
    const files: FileRow[] = [];
    const variants: StoredPhotoRow["variants"] = [];
    for (const w of widths) {
      const encoded = await sharp(largest.data, {
        raw: { width: info.width, height: info.height, channels: info.channels },
      })
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      const name = `${stem}-${encoded.info.width}w.webp`;
      outputs.push({ name, body: new Uint8Array(encoded.data) });
      files.push({
        name,
        contentType: "image/webp",
        width: encoded.info.width,
        height: encoded.info.height,
        bytes: encoded.data.byteLength,
      });
      variants.push({ name, width: encoded.info.width });
    }
    return {
      fileName: variants.at(-1)!.name,
      variants,
      width: info.width,
      height: info.height,
      files,
      outputs,
    };
  } catch {
    throw refuse(REVIEW_MESSAGES.imageDamaged);
  }
}

/**
 * Checks and re-encodes every upload before anything is stored: one bad file refuses the
 * whole review. Then writes the outputs; if a write fails, what was written is removed.
 */
export async function processAndStorePhotos(
  files: FileStorage,
  uploads: UploadedPhoto[],
): Promise<ProcessedPhoto[]> {
  const processed: ProcessedPhoto[] = [];
  // One at a time: each decode holds up to 40 megapixels of memory.
  for (const [index, upload] of uploads.entries()) processed.push(await processPhoto(upload, index));
  const written: string[] = [];
  try {
    for (const photo of processed) {
      for (const output of photo.outputs) {
        await files.put(output.name, output.body, "image/webp");
        written.push(output.name);
      }
    }
  } catch (error) {
    await removeFiles(files, written);
    throw error;
  }
  return processed;
}

/** Best effort: used when the review that would have shown these files was not recorded. */
export async function removeFiles(files: FileStorage, names: string[]): Promise<void> {
  await Promise.allSettled(names.map((name) => files.delete(name)));
}
