// Decoded pictures as plain RGBA bytes, and the three things the edge pipeline does to them
// before they are encoded again: crop to a centre square, scale down, and turn upright.
// Runtime-neutral TypeScript with no dependency, so the Function pays nothing for it.

/** Four bytes a pixel (red, green, blue, alpha), rows top to bottom, no padding. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** The centre square of the picture, as wide as its shorter side. */
export function cropSquare(image: Pixels): Pixels {
  const side = Math.min(image.width, image.height);
  const left = Math.floor((image.width - side) / 2);
  const top = Math.floor((image.height - side) / 2);
  const data = new Uint8Array(side * side * 4);
  for (let y = 0; y < side; y += 1) {
    const from = ((top + y) * image.width + left) * 4;
    data.set(image.data.subarray(from, from + side * 4), y * side * 4);
  }
  return { width: side, height: side, data };
}

/** For each output index, the source indices it covers and their shares (summing to 1). */
function spans(source: number, target: number): { first: number; shares: number[] }[] {
  const scale = source / target;
  return Array.from({ length: target }, (_, i) => {
    const start = i * scale;
    const end = Math.min(source, (i + 1) * scale);
    const first = Math.floor(start);
    const shares: number[] = [];
    for (let s = first; s < end; s += 1) shares.push((Math.min(end, s + 1) - Math.max(start, s)) / scale);
    return { first, shares };
  });
}

/**
 * Scales down to `width` x `height` (never up) by averaging the source pixels each output pixel
 * covers, weighted by their alpha so transparent pixels lend no colour. One source-row buffer
 * at a time: the memory is the output's, not a second copy of the input's.
 */
export function downscale(image: Pixels, width: number, height: number): Pixels {
  if (width >= image.width && height >= image.height) return image;
  const { width: sw, data: src } = image;
  const columns = spans(sw, width);
  const rows = spans(image.height, height);
  const out = new Uint8Array(width * height * 4);
  const row = new Float64Array(sw * 4);
  for (let oy = 0; oy < height; oy += 1) {
    row.fill(0);
    const { first, shares } = rows[oy]!;
    for (let k = 0; k < shares.length; k += 1) {
      const share = shares[k]!;
      let at = (first + k) * sw * 4;
      for (let i = 0; i < sw * 4; i += 4, at += 4) {
        const alpha = src[at + 3]! * share;
        row[i] = row[i]! + src[at]! * alpha;
        row[i + 1] = row[i + 1]! + src[at + 1]! * alpha;
        row[i + 2] = row[i + 2]! + src[at + 2]! * alpha;
        row[i + 3] = row[i + 3]! + alpha;
      }
    }
    for (let ox = 0; ox < width; ox += 1) {
      const column = columns[ox]!;
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let k = 0; k < column.shares.length; k += 1) {
        const share = column.shares[k]!;
        const i = (column.first + k) * 4;
        r += row[i]! * share;
        g += row[i + 1]! * share;
        b += row[i + 2]! * share;
        a += row[i + 3]! * share;
      }
      const o = (oy * width + ox) * 4;
      if (a > 0) {
        out[o] = Math.round(r / a);
        out[o + 1] = Math.round(g / a);
        out[o + 2] = Math.round(b / a);
      }
      out[o + 3] = Math.round(a);
    }
  }
  return { width, height, data: out };
}

/**
 * The picture as it is meant to be seen, for an EXIF orientation (1 to 8): the tag goes with
 * the rest of the metadata, so the turn must be in the pixels. 5 to 8 swap width and height.
 */
export function orient(image: Pixels, orientation: number): Pixels {
  if (orientation < 2 || orientation > 8) return image;
  const { width: w, height: h, data: src } = image;
  const swapped = orientation >= 5;
  const width = swapped ? h : w;
  const height = swapped ? w : h;
  // Where output (x, y) reads from, per orientation.
  const source: (x: number, y: number) => number = {
    2: (x: number, y: number) => y * w + (w - 1 - x),
    3: (x: number, y: number) => (h - 1 - y) * w + (w - 1 - x),
    4: (x: number, y: number) => (h - 1 - y) * w + x,
    5: (x: number, y: number) => x * w + y,
    6: (x: number, y: number) => (h - 1 - x) * w + y,
    7: (x: number, y: number) => (h - 1 - x) * w + (w - 1 - y),
    8: (x: number, y: number) => x * w + (w - 1 - y),
  }[orientation]!;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0, o = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1, o += 4) {
      const at = source(x, y) * 4;
      data[o] = src[at]!;
      data[o + 1] = src[at + 1]!;
      data[o + 2] = src[at + 2]!;
      data[o + 3] = src[at + 3]!;
    }
  }
  return { width, height, data };
}
