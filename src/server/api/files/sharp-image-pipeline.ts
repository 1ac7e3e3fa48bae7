// The Node host's image pipeline: every accepted photo is decoded and re-encoded by sharp, so
// nothing of the upload reaches a reader: no metadata (EXIF, GPS, ICC comments), no trailing
// bytes. It must decode completely within MAX_IMAGE_MEGAPIXELS. HEIC is refused: sharp's
// prebuilt libvips decodes AVIF but carries no HEVC decoder. Never imported by the
// Cloudflare host: sharp is a native module that cannot load in workerd.
import sharp, { type Metadata } from "sharp";
import { MAX_IMAGE_BYTES, MAX_IMAGE_MEGAPIXELS, REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import { SOCIAL_MESSAGES } from "../../../domain/social-rules.ts";
import type { FileRow, StoredPhotoRow } from "../db/queries/review-post-batch.ts";
import {
  hasPath,
  looksPolyglot,
  PHOTO_MESSAGES,
  PhotoRejectedError,
  sniffFormat,
  storedName,
  widthsFor,
  type CheckedPhoto,
  type PreparedAvatar,
  type ProcessedPhoto,
  type UploadedPhoto,
} from "./image-pipeline.ts";
import type { ImagePipeline } from "../deps.ts";
import { isWholeStream } from "./photo-completeness.ts";

const MAX_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;
const AVATAR_SIZE = 512;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif"]);
// Chosen by measurement (docs/perf/reviews.md, "Encoder settings").
const WEBP_SETTINGS = { quality: 80, effort: 2 } as const;

const announcedFormat = (meta: Metadata) =>
  meta.format === "heif" ? (meta.compression === "av1" ? "avif" : "heic") : meta.format;

/** Refused before any pixel is decoded: the name, the size, the bytes, the header. */
async function checkHeader(upload: UploadedPhoto, index: number) {
  const refuse = (message: string) => new PhotoRejectedError(message, index);
  if (hasPath(upload.name)) throw refuse(PHOTO_MESSAGES.hasPath);
  if (upload.bytes.byteLength > MAX_IMAGE_BYTES) throw refuse(REVIEW_MESSAGES.imageTooLarge);
  const format = sniffFormat(upload.bytes);
  if (!format) throw refuse(REVIEW_MESSAGES.imageNotAccepted);
  if (looksPolyglot(upload.bytes, format)) throw refuse(PHOTO_MESSAGES.polyglot);
  let meta: Metadata;
  try {
    // The header only: the pixel limit is checked below, so a bomb gets its own message.
    meta = await sharp(upload.bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(REVIEW_MESSAGES.imageDamaged);
  }
  if (announcedFormat(meta) !== format) throw refuse(REVIEW_MESSAGES.imageNotAccepted);
  if (!meta.width || !meta.height) throw refuse(REVIEW_MESSAGES.imageDamaged);
  if (meta.width * meta.height > MAX_PIXELS) throw refuse(REVIEW_MESSAGES.imageTooManyPixels);
  if ((meta.pages ?? 1) > 1) throw refuse(REVIEW_MESSAGES.imageNotAccepted);
  // EXIF orientation turns the picture, so width and height are read after rotating.
  const rotated = (meta.orientation ?? 1) >= 5;
  return {
    format,
    width: rotated ? meta.height : meta.width,
    height: rotated ? meta.width : meta.height,
  };
}

// failOn "warning": a truncated or corrupt stream is an error, not a grey half-picture.
const decoder = (bytes: Uint8Array) =>
  sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "warning", sequentialRead: true });

/**
 * Shown at the photo's shape until its widths are in (issue 33): one pixel of a neutral tone,
 * since a preview of the photo itself would need its pixels decoded in the request.
 */
const PREPARING_PLACEHOLDER = "data:image/webp;base64,UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAdQ6maXuf+BiOh/AAA=";

/**
 * The request's part when encoding runs off the request (issues 23 and 33): every check that
 * needs no pixel (the name, the size, the format, the polyglot scan, the header and its pixel
 * limit, the stream's structure whole to its end), about 3 ms of a 12 MP photo. The request
 * decodes nothing, so the server's core stays with its readers; the worker's full decode
 * catches damaged pixel data, and that photo is dropped with a note to its author.
 */
async function checkReviewPhoto(upload: UploadedPhoto, index: number): Promise<CheckedPhoto> {
  const { format, width, height } = await checkHeader(upload, index);
  if (!isWholeStream(upload.bytes, format)) throw new PhotoRejectedError(REVIEW_MESSAGES.imageDamaged, index);
  return { width, height, contentType: `image/${format}`, placeholder: PREPARING_PLACEHOLDER };
}

/** Checks one upload and encodes it into its widths, in memory; throws PhotoRejectedError. */
async function reviewPhoto(upload: UploadedPhoto, index: number): Promise<ProcessedPhoto> {
  const refuse = (message: string) => new PhotoRejectedError(message, index);
  const { width } = await checkHeader(upload, index);
  const input = () => decoder(upload.bytes);
  const widths = widthsFor(width);
  const stem = storedName("p", "");
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
        .webp(WEBP_SETTINGS)
        .toBuffer({ resolveWithObject: true });
      const name = `${stem}-${encoded.info.width}w.webp`;
      outputs.push({ name, body: new Uint8Array(encoded.data), contentType: "image/webp" });
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
 * The review photo checks, then a fresh 512 px square WebP, so no metadata (EXIF, GPS) and no
 * byte of the upload reaches a reader.
 */
async function avatar(upload: UploadedPhoto): Promise<PreparedAvatar> {
  const refuse = (message: string) => new PhotoRejectedError(message, 0);
  if (hasPath(upload.name)) throw refuse(PHOTO_MESSAGES.hasPath);
  const format = sniffFormat(upload.bytes);
  if (!format) throw refuse(SOCIAL_MESSAGES.avatarNotImage);
  if (looksPolyglot(upload.bytes, format)) throw refuse(PHOTO_MESSAGES.polyglot);
  const input = () =>
    sharp(upload.bytes, { limitInputPixels: MAX_PIXELS, failOn: "warning", sequentialRead: true });
  try {
    const meta = await input().metadata();
    const announced = announcedFormat(meta);
    const usable =
      announced === format &&
      ACCEPTED_FORMATS.has(announced) &&
      !!meta.width &&
      !!meta.height &&
      meta.width * meta.height <= MAX_PIXELS &&
      (meta.pages ?? 1) === 1;
    if (!usable) throw refuse(SOCIAL_MESSAGES.avatarNotImage);
    const out = await input()
      .rotate()
      .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: "cover", withoutEnlargement: true })
      .toColourspace("srgb")
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return {
      name: storedName("a", ".webp"),
      body: new Uint8Array(out.data),
      contentType: "image/webp",
      width: out.info.width,
      height: out.info.height,
    };
  } catch (error) {
    if (error instanceof PhotoRejectedError) throw error;
    throw refuse(SOCIAL_MESSAGES.avatarNotImage);
  }
}

export function sharpImagePipeline(): ImagePipeline {
  return { reviewPhoto, checkReviewPhoto, avatar };
}
