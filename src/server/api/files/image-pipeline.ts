// Review photos and profile photos, safely (issues 11, 12, 13). What the bytes are decides,
// never the file's name or its declared type: the first bytes must be JPEG, PNG, WebP or AVIF
// and the file must hold no markup a browser could be talked into running (a polyglot).
// How an accepted image becomes stored files depends on the host, so the pipeline is a
// dependency (AppDeps.images): both decode and re-encode every photo to fresh WebP files, so
// no byte of an upload is stored; on Node with sharp (sharp-image-pipeline.ts), in Workers,
// where sharp cannot run, with WebAssembly codecs (edge-image-pipeline.ts, decision 011).
// This module is runtime-neutral: no Node modules, so the Function can bundle it.
import { PHOTO_WIDTHS } from "../../../domain/review-rules.ts";
import type { FileRow, StoredPhotoRow } from "../db/queries/review-post-batch.ts";
import type { FileStorage, ImagePipeline } from "../deps.ts";
import { PRIVATE_PREFIX } from "./private-evidence.ts";

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

/** The bytes as one latin1 string (each byte one character), in slices the call stack takes. */
export function latin1(bytes: Uint8Array): string {
  let text = "";
  for (let at = 0; at < bytes.length; at += 8192) {
    text += String.fromCharCode(...bytes.subarray(at, Math.min(bytes.length, at + 8192)));
  }
  return text;
}

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

function lastIndexOfAscii(bytes: Uint8Array, needle: string): number {
  outer: for (let at = bytes.length - needle.length; at >= 0; at -= 1) {
    for (let i = 0; i < needle.length; i += 1) {
      if (bytes[at + i] !== needle.charCodeAt(i)) continue outer;
    }
    return at;
  }
  return -1;
}

/**
 * MARKUP anywhere in the bytes. Every match starts with '<', 'j' or 'J' and is at most 11
 * bytes long, so only a short window after each such byte is read: a 12 MP photo's 2 MB are
 * scanned natively (indexOf) in about 2 ms, where one latin1 string of them and a regex over
 * it took 33 ms of the request (issue 23).
 */
function hasMarkup(bytes: Uint8Array): boolean {
  for (const [first, seconds] of MARKUP_STARTS) {
    for (let at = bytes.indexOf(first); at !== -1; at = bytes.indexOf(first, at + 1)) {
      if (!seconds.has(bytes[at + 1] ?? 0)) continue;
      if (MARKUP.test(ascii(bytes, at, Math.min(bytes.length, at + 12)))) return true;
    }
  }
  return false;
}

const codes = (letters: string) => new Set([...letters].map((c) => c.charCodeAt(0)));
// The first two bytes of every MARKUP match: '<' then s, h, b, i, !, ? in either case; 'j' then 'a'.
const MARKUP_STARTS: [number, Set<number>][] = [
  [0x3c, codes("shbiSHBI!?")],
  [0x4a, codes("aA")],
  [0x6a, codes("aA")],
];

/** True when the file also reads as something else: markup, or bytes after the image ends. */
export function looksPolyglot(bytes: Uint8Array, format: PhotoFormat): boolean {
  if (hasMarkup(bytes)) return true;
  if (format === "png") {
    // No IEND at all is a truncated file, which the decoder refuses as damaged.
    const iend = lastIndexOfAscii(bytes, "IEND");
    return iend !== -1 && bytes.length > iend + 8;
  }
  if (format === "webp") {
    const riffSize = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
    // Shorter than announced is a truncated file (damaged), not a second one.
    return bytes.length > riffSize + 8 + (riffSize % 2);
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

/** A file to write, under the server-made name the rows refer to. */
export interface PhotoOutput {
  name: string;
  body: Uint8Array;
  contentType: string;
}

/** One accepted review photo: its rows (files, variants by width) and the bytes to store. */
export interface ProcessedPhoto extends StoredPhotoRow {
  width: number;
  height: number;
  files: FileRow[];
  outputs: PhotoOutput[];
}

/** An upload that passed every check, before any width is encoded (issue 23). */
export interface CheckedPhoto {
  /** After EXIF rotation. */
  width: number;
  height: number;
  /** The upload's own type, for the private staging file. */
  contentType: string;
  /** A stand-in as a data URI, shown blurred at the photo's shape until the widths are ready; null when none. */
  placeholder: string | null;
}

/** One accepted profile photo: a single file. */
export interface PreparedAvatar extends PhotoOutput {
  width: number;
  height: number;
}

export const PHOTO_MESSAGES = {
  hasPath: "Photo names must not contain a folder path.",
  polyglot: "This photo contains something other than an image and was refused.",
} as const;

/** The widths to write for an image `width` pixels wide: never wider than the original. */
export function widthsFor(width: number): number[] {
  const largest = Math.min(width, PHOTO_WIDTHS.at(-1)!);
  return [...new Set([...PHOTO_WIDTHS.filter((w) => w < largest), largest])];
}

/** A stored name nobody can choose or guess: `p-<uuid>-<width>w.<ext>` for review photos. */
export function storedName(prefix: "p" | "a", suffix: string): string {
  return `${prefix}-${crypto.randomUUID()}${suffix}`;
}

/**
 * Checks and prepares every upload before anything is stored: one bad file refuses the
 * whole review. Then writes the outputs; if a write fails, what was written is removed.
 */
export async function processAndStorePhotos(
  images: ImagePipeline,
  files: FileStorage,
  uploads: UploadedPhoto[],
): Promise<ProcessedPhoto[]> {
  const processed: ProcessedPhoto[] = [];
  // One at a time: each decode on Node holds up to 40 megapixels of memory.
  for (const [index, upload] of uploads.entries()) processed.push(await images.reviewPhoto(upload, index));
  const written: string[] = [];
  try {
    for (const photo of processed) {
      for (const output of photo.outputs) {
        await files.put(output.name, output.body, output.contentType);
        written.push(output.name);
      }
    }
  } catch (error) {
    await removeFiles(files, written);
    throw error;
  }
  return processed;
}

/**
 * Issue 23: every upload checked (one bad file refuses the whole post, as above), each kept as
 * a private staging file (never served: private-evidence.ts) whose row and job go in the
 * post's batch. Nothing is written here: the caller writes `outputs` once the batch commits,
 * so a crash never leaves a staged file no row names.
 */
export async function checkAndStagePhotos(
  check: NonNullable<ImagePipeline["checkReviewPhoto"]>,
  uploads: UploadedPhoto[],
): Promise<ProcessedPhoto[]> {
  const staged: ProcessedPhoto[] = [];
  for (const [index, upload] of uploads.entries()) {
    const checked = await check(upload, index);
    const name = `${PRIVATE_PREFIX}stage-${crypto.randomUUID()}`;
    staged.push({
      fileName: name,
      variants: [],
      placeholder: checked.placeholder,
      width: checked.width,
      height: checked.height,
      files: [
        {
          name,
          contentType: checked.contentType,
          width: checked.width,
          height: checked.height,
          bytes: upload.bytes.byteLength,
        },
      ],
      outputs: [{ name, body: upload.bytes, contentType: checked.contentType }],
    });
  }
  return staged;
}

/** True for a photo row still waiting for its widths: it names its private staging file. */
export function isStagedPhoto(fileName: string): boolean {
  return fileName.startsWith(PRIVATE_PREFIX);
}

/** Best effort: used when the review that would have shown these files was not recorded. */
export async function removeFiles(files: FileStorage, names: string[]): Promise<void> {
  await Promise.allSettled(names.map((name) => files.delete(name)));
}
