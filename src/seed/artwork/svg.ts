// Small helpers for writing SVG by hand: colour maths and element builders.

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((c) => clamp(Math.round(c), 0, 255).toString(16).padStart(2, "0")).join("")}`;
}

/** Mixes two colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
export const darken = (c: string, t: number) => mix(c, "#000000", t);

/** Relative luminance, to choose readable text on a coloured badge. */
export function luminance(c: string): number {
  const [r, g, b] = parseHex(c).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function hsl(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return toHex([f(0), f(8), f(4)]);
}

// librsvg renders `opacity` on a shape through an offscreen group; fill/stroke opacity
// looks the same on a single shape and made the pictures about twice as fast to rasterise.
const SHAPE_OPACITY = /<(circle|ellipse|rect|path|line|polygon|polyline|text)\b([^>]*?)\sopacity="([^"]+)"/g;

export function svgDocument(width: number, height: number, body: string, defs = ""): string {
  const cheap = body.replace(SHAPE_OPACITY, '<$1$2 fill-opacity="$3" stroke-opacity="$3"');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${cheap}</svg>`;
}

export function radial(id: string, stops: [number, string, number?][]): string {
  return `<radialGradient id="${id}" cx="50%" cy="45%" r="60%">${stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`)
    .join("")}</radialGradient>`;
}

export function linear(id: string, stops: [number, string, number?][], vertical = true): string {
  const dir = vertical ? `x1="0" y1="0" x2="0" y2="1"` : `x1="0" y1="0" x2="1" y2="0"`;
  return `<linearGradient id="${id}" ${dir}>${stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`)
    .join("")}</linearGradient>`;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export const fmt = (n: number) => (Math.round(n * 10) / 10).toString();
