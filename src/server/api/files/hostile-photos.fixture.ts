// Hostile uploads, made here with sharp or by hand, for the tests of both image pipelines
// (image-pipeline.test.ts runs them through the real review API with each). Test-only.
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { MAX_IMAGE_BYTES, REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import { PHOTO_MESSAGES } from "./image-pipeline.ts";

export let jpeg: Buffer;
export let png: Buffer;
export let webp: Buffer;

/** Makes the good 64 x 48 samples the hostile files are built from; call once before use. */
export async function makeSamplePhotos(): Promise<void> {
  const picture = () => sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } });
  jpeg = await picture().jpeg().toBuffer();
  png = await picture().png().toBuffer();
  webp = await picture().webp().toBuffer();
}

/** A PNG chunk with its length and CRC. */
export function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid-looking PNG header announcing width x height, with one tiny compressed row. */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const idatStart = png.indexOf("IDAT") - 4;
  const idat = png.subarray(idatStart, png.indexOf("IEND") - 4);
  return Buffer.concat([png.subarray(0, 8), chunk("IHDR", ihdr), idat, chunk("IEND", Buffer.alloc(0))]);
}

/** A JPEG with a comment segment (FFFE) right after its start marker. */
export function jpegWithComment(text: string): Buffer {
  const data = Buffer.from(text, "latin1");
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, data, jpeg.subarray(2)]);
}

export interface Hostile {
  what: string;
  name: string;
  type: string;
  bytes: () => Buffer | Promise<Buffer>;
  message: string;
}

export const HOSTILE: Hostile[] = [
  {
    what: "an SVG with a script, named .jpg",
    name: "cat.jpg",
    type: "image/jpeg",
    bytes: () =>
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>'),
    message: REVIEW_MESSAGES.imageNotAccepted,
  },
  {
    what: "an HTML page named .png",
    name: "cat.png",
    type: "image/png",
    bytes: () =>
      Buffer.from("<!doctype html><html><body><script>fetch('/api/users/1')</script></body></html>"),
    message: REVIEW_MESSAGES.imageNotAccepted,
  },
  {
    what: "a GIF",
    name: "cat.gif",
    type: "image/gif",
    bytes: () =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
        .gif()
        .toBuffer(),
    message: REVIEW_MESSAGES.imageNotAccepted,
  },
  {
    what: "a TIFF",
    name: "cat.tiff",
    type: "image/tiff",
    bytes: () =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
        .tiff()
        .toBuffer(),
    message: REVIEW_MESSAGES.imageNotAccepted,
  },
  {
    what: "a PDF",
    name: "menu.jpg",
    type: "image/jpeg",
    bytes: () =>
      Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF"),
    message: REVIEW_MESSAGES.imageNotAccepted,
  },
  {
    what: "a HEIC container (no HEVC decoder here)",
    name: "phone.heic",
    type: "image/heic",
    bytes: () =>
      Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic"), Buffer.alloc(64)]),
    message: REVIEW_MESSAGES.imageNotAccepted,
  },
  {
    what: "an empty file",
    name: "empty.jpg",
    type: "image/jpeg",
    bytes: () => Buffer.alloc(0),
    message: REVIEW_MESSAGES.imageNotAccepted,
  },
  {
    what: "random bytes",
    name: "noise.webp",
    type: "image/webp",
    bytes: () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)),
    message: REVIEW_MESSAGES.imageNotAccepted,
  },
  {
    what: "a JPEG with an HTML page appended (polyglot)",
    name: "poly.jpg",
    type: "image/jpeg",
    bytes: () => Buffer.concat([jpeg, Buffer.from("<html><script>alert(1)</script></html>")]),
    message: PHOTO_MESSAGES.polyglot,
  },
  {
    what: "a JPEG whose comment holds a script (polyglot)",
    name: "comment.jpg",
    type: "image/jpeg",
    bytes: () => jpegWithComment("*/=1;<script>alert(1)</script>/*"),
    message: PHOTO_MESSAGES.polyglot,
  },
  {
    what: "a PNG with bytes after IEND (polyglot)",
    name: "trailer.png",
    type: "image/png",
    bytes: () => Buffer.concat([png, Buffer.from("PK\u0003\u0004 a zip archive rides along")]),
    message: PHOTO_MESSAGES.polyglot,
  },
  {
    what: "a WebP whose RIFF size hides trailing bytes (polyglot)",
    name: "trailer.webp",
    type: "image/webp",
    bytes: () => Buffer.concat([webp, Buffer.from("#!/bin/sh\nrm -rf /\n")]),
    message: PHOTO_MESSAGES.polyglot,
  },
  {
    what: "a decompression bomb: a few hundred bytes announcing 100,000 x 100,000 pixels",
    name: "bomb.png",
    type: "image/png",
    bytes: () => pngClaiming(100_000, 100_000),
    message: REVIEW_MESSAGES.imageTooManyPixels,
  },
  {
    what: "a 41-megapixel image",
    name: "huge.png",
    type: "image/png",
    bytes: () => pngClaiming(8_000, 5_125),
    message: REVIEW_MESSAGES.imageTooManyPixels,
  },
  {
    what: "a truncated JPEG",
    name: "half.jpg",
    type: "image/jpeg",
    bytes: () => jpeg.subarray(0, Math.floor(jpeg.length / 2)),
    message: REVIEW_MESSAGES.imageDamaged,
  },
  {
    what: "a truncated PNG",
    name: "half.png",
    type: "image/png",
    bytes: () => png.subarray(0, png.indexOf("IDAT") + 12),
    message: REVIEW_MESSAGES.imageDamaged,
  },
  {
    what: "JPEG magic followed by garbage",
    name: "garbage.jpg",
    type: "image/jpeg",
    bytes: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 0x41)]),
    message: REVIEW_MESSAGES.imageDamaged,
  },
  {
    what: "a file over 10 MB",
    name: "big.jpg",
    type: "image/jpeg",
    bytes: () => Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES + 1 - jpeg.length)]),
    message: REVIEW_MESSAGES.imageTooLarge,
  },
  {
    what: "a path in the name",
    name: "../../../etc/cron.d/photo.jpg",
    type: "image/jpeg",
    bytes: () => jpeg,
    message: PHOTO_MESSAGES.hasPath,
  },
  {
    what: "a Windows path in the name",
    name: "C:\\Users\\me\\photo.jpg",
    type: "image/jpeg",
    bytes: () => jpeg,
    message: PHOTO_MESSAGES.hasPath,
  },
];

/** What a location leak looks like in the fixtures below; no stored byte may hold it. */
export const METADATA_MARKER = "GPS 51.5,-0.12";

/** A RIFF chunk with its little-endian size and padding. */
function riffChunk(type: string, data: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32LE(data.length);
  return Buffer.concat([Buffer.from(type, "latin1"), size, data, Buffer.alloc(data.length % 2)]);
}

/** A JPEG segment (APPn, COM) with its big-endian length. */
function jpegSegment(marker: number, data: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([header, data]);
}

const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="${METADATA_MARKER}"/></rdf:RDF></x:xmpmeta>`;

export interface MetadataPhoto {
  what: string;
  name: string;
  type: string;
  bytes: () => Promise<Buffer>;
}

/** Good photos carrying METADATA_MARKER in every place a camera or an editor puts metadata. */
export const METADATA_PHOTOS: MetadataPhoto[] = [
  {
    what: "a JPEG with EXIF GPS, an XMP packet and a comment",
    name: "IMG_0001.jpg",
    type: "image/jpeg",
    bytes: async () => {
      const exif = await sharp({ create: { width: 96, height: 64, channels: 3, background: "#3a7" } })
        .jpeg()
        .withMetadata({
          orientation: 6,
          exif: {
            IFD0: { ImageDescription: METADATA_MARKER },
            IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 12/1" },
          },
        })
        .toBuffer();
      const xmpSegment = jpegSegment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0${xmp}`, "latin1"));
      const comment = jpegSegment(0xfe, Buffer.from(METADATA_MARKER, "latin1"));
      return Buffer.concat([exif.subarray(0, 2), xmpSegment, comment, exif.subarray(2)]);
    },
  },
  {
    what: "a PNG with tEXt, eXIf and an unknown private chunk",
    name: "screenshot.png",
    type: "image/png",
    bytes: async () => {
      const plain = await sharp({ create: { width: 96, height: 64, channels: 4, background: "#3a78" } })
        .png()
        .toBuffer();
      const iend = plain.length - 12;
      const extra = Buffer.concat([
        chunk("tEXt", Buffer.from(`Comment\0${METADATA_MARKER}`, "latin1")),
        chunk("gpSi", Buffer.from(METADATA_MARKER, "latin1")),
      ]);
      const ihdrEnd = 8 + 25;
      const exifChunk = chunk("eXIf", Buffer.from(`MM\0*${METADATA_MARKER}`, "latin1"));
      return Buffer.concat([plain.subarray(0, ihdrEnd), exifChunk, plain.subarray(ihdrEnd, iend), extra, plain.subarray(iend)]);
    },
  },
  {
    what: "a WebP with EXIF and XMP chunks and an unknown chunk",
    name: "edited.webp",
    type: "image/webp",
    bytes: async () => {
      const base = await sharp({ create: { width: 96, height: 64, channels: 4, background: "#3a78" } })
        .webp()
        .withMetadata({ exif: { IFD0: { ImageDescription: METADATA_MARKER } } })
        .withXmp(xmp)
        .toBuffer();
      const chunks = Buffer.concat([base.subarray(12), riffChunk("GPSX", Buffer.from(METADATA_MARKER, "latin1"))]);
      const size = Buffer.alloc(4);
      size.writeUInt32LE(chunks.length + 4);
      return Buffer.concat([Buffer.from("RIFF"), size, Buffer.from("WEBP"), chunks]);
    },
  },
];
