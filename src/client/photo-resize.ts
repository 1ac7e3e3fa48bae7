// Photos are made small and plain in the browser before they leave the phone (issue 11):
// at most 2048 px on the long edge for a review photo, 1024 px for an avatar, re-encoded to
// JPEG (spec point 9: review images are sent as jpg). Scaling here also keeps a 12-megapixel
// phone photo under the edge pipeline's 8-megapixel limit on Cloudflare. Drawing onto a canvas keeps only pixels, so EXIF, GPS and every other metadata
// block are gone; createImageBitmap applies the EXIF orientation first, so the photo stays
// the right way up once that tag is gone.

export const MAX_IMAGE_EDGE = 2048;
/** Twice the 512 px square the server cuts an avatar to: sharp on a dense screen, a few hundred KB. */
export const MAX_AVATAR_EDGE = 1024;
/** Indistinguishable from the original on a phone screen at about a third of its size. */
export const JPEG_QUALITY = 0.85;

/** The size that fits within `maxEdge` on the long edge, keeping the aspect ratio; never enlarges. */
export function fitWithin(width: number, height: number, maxEdge = MAX_IMAGE_EDGE): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) throw new RangeError("An image needs a positive width and height.");
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return {
    width: Math.max(1, Math.min(maxEdge, Math.round(width * scale))),
    height: Math.max(1, Math.min(maxEdge, Math.round(height * scale))),
  };
}

/** "IMG_0001.HEIC" → "IMG_0001.jpg": what the file is after re-encoding. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, "").replace(/[\\/]/g, "_").trim();
  return `${base || "photo"}.jpg`;
}

export class ImageDecodeError extends Error {}

/** Decodes, scales and re-encodes one photo. Browser only (createImageBitmap and a canvas). */
export async function resizeToJpeg(file: Blob, maxEdge = MAX_IMAGE_EDGE): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new ImageDecodeError("This file could not be read as an image.");
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, maxEdge);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) throw new ImageDecodeError("This browser cannot prepare photos.");
    // JPEG has no transparency: a transparent PNG would otherwise turn black.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new ImageDecodeError("This photo could not be prepared."))),
        "image/jpeg",
        JPEG_QUALITY,
      ),
    );
  } finally {
    bitmap.close();
  }
}
