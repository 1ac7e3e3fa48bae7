// Reusable drawing pieces for the food illustrations: tables, plates, bowls, garnish and
// organic blobs. Each returns an SVG fragment string.
import type { Random } from "../random.ts";
import { darken, fmt, hsl, lighten, mix } from "./svg.ts";

/** Filters and gradients every food picture may use. */
export const COMMON_DEFS = `
  <radialGradient id="softshadow" cx="50%" cy="50%" r="50%"><stop offset="0.82" stop-color="#000" stop-opacity="1"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  <radialGradient id="shine" cx="35%" cy="30%" r="70%"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/></radialGradient>
`;

export function g(content: string, transform = ""): string {
  return transform ? `<g transform="${transform}">${content}</g>` : `<g>${content}</g>`;
}

/** A smooth closed blob around (cx, cy): a perturbed circle through Catmull-Rom curves. */
export function blobPath(cx: number, cy: number, rx: number, ry: number, random: Random, points = 9, wobble = 0.18): string {
  const pts: [number, number][] = [];
  const phase = random.next() * Math.PI * 2;
  for (let i = 0; i < points; i++) {
    const a = phase + (i / points) * Math.PI * 2;
    const k = 1 + (random.next() * 2 - 1) * wobble;
    pts.push([cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k]);
  }
  let d = `M${fmt(pts[0]![0])} ${fmt(pts[0]![1])}`;
  for (let i = 0; i < points; i++) {
    const p0 = pts[(i - 1 + points) % points]!;
    const p1 = pts[i]!;
    const p2 = pts[(i + 1) % points]!;
    const p3 = pts[(i + 2) % points]!;
    const c1: [number, number] = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: [number, number] = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${fmt(c1[0])} ${fmt(c1[1])} ${fmt(c2[0])} ${fmt(c2[1])} ${fmt(p2[0])} ${fmt(p2[1])}`;
  }
  return `${d} Z`;
}

export function blob(cx: number, cy: number, rx: number, ry: number, fill: string, random: Random, extra = ""): string {
  return `<path d="${blobPath(cx, cy, rx, ry, random)}" fill="${fill}" ${extra}/>`;
}

/** Random point inside a circle, denser towards the middle when `bias` > 1. */
export function pointIn(cx: number, cy: number, r: number, random: Random, bias = 1): [number, number] {
  const a = random.next() * Math.PI * 2;
  const d = r * Math.pow(random.next(), 1 / (2 * bias));
  return [cx + Math.cos(a) * d, cy + Math.sin(a) * d];
}

const TABLES = ["wood", "marble", "linen", "slate", "terrazzo", "painted"] as const;
export type TableStyle = (typeof TABLES)[number];

/** The surface the food sits on, filling the whole 800x600 frame. */
export function table(random: Random, w = 800, h = 600): string {
  const style = random.pick(TABLES);
  if (style === "wood") {
    const base = hsl(random.int(20, 34), random.int(35, 55), random.int(32, 52));
    let planks = `<rect width="${w}" height="${h}" fill="${base}"/>`;
    const plankH = random.int(110, 160);
    for (let y = 0; y < h; y += plankH) {
      const shade = random.float(-0.08, 0.08);
      planks += `<rect y="${y}" width="${w}" height="${plankH}" fill="${shade > 0 ? lighten(base, shade) : darken(base, -shade)}"/>`;
      for (let k = 0; k < 5; k++) {
        const gy = y + random.int(8, plankH - 8);
        planks += `<path d="M0 ${gy} C${w * 0.3} ${gy + random.int(-10, 10)} ${w * 0.6} ${gy + random.int(-10, 10)} ${w} ${gy + random.int(-6, 6)}" stroke="${darken(base, 0.25)}" stroke-width="${random.float(1, 2.5)}" fill="none" opacity="0.35"/>`;
      }
      planks += `<rect y="${y + plankH - 3}" width="${w}" height="3" fill="${darken(base, 0.45)}" opacity="0.6"/>`;
    }
    return planks;
  }
  if (style === "marble") {
    const base = random.pick(["#f1eeea", "#e9e6e1", "#f4f1ec", "#e3e7ea"]);
    let veins = `<rect width="${w}" height="${h}" fill="${base}"/>`;
    for (let k = 0; k < 7; k++) {
      const x0 = random.int(-100, w);
      veins += `<path d="M${x0} 0 C${x0 + random.int(-150, 150)} ${h * 0.3} ${x0 + random.int(-200, 200)} ${h * 0.6} ${x0 + random.int(-250, 250)} ${h}" stroke="#9a9a9a" stroke-width="${random.float(0.8, 2.5)}" fill="none" opacity="${random.float(0.15, 0.4)}"/>`;
    }
    return veins;
  }
  if (style === "linen") {
    const base = hsl(random.int(0, 359), random.int(25, 55), random.int(72, 84));
    const check = darken(base, 0.12);
    let out = `<rect width="${w}" height="${h}" fill="${base}"/>`;
    const size = random.int(40, 70);
    for (let x = 0; x < w; x += size * 2) out += `<rect x="${x}" width="${size}" height="${h}" fill="${check}" opacity="0.35"/>`;
    for (let y = 0; y < h; y += size * 2) out += `<rect y="${y}" width="${w}" height="${size}" fill="${check}" opacity="0.35"/>`;
    return out;
  }
  if (style === "slate") {
    const base = random.pick(["#2f3640", "#353b48", "#2d3436", "#3b3b3b"]);
    let out = `<rect width="${w}" height="${h}" fill="${base}"/>`;
    for (let k = 0; k < 60; k++) {
      out += `<circle cx="${random.int(0, w)}" cy="${random.int(0, h)}" r="${random.float(0.8, 2.2)}" fill="#fff" opacity="${random.float(0.04, 0.12)}"/>`;
    }
    return out;
  }
  if (style === "terrazzo") {
    const base = hsl(random.int(0, 359), random.int(20, 40), random.int(82, 90));
    let out = `<rect width="${w}" height="${h}" fill="${base}"/>`;
    const chips = [hsl(random.int(0, 359), 50, 60), hsl(random.int(0, 359), 40, 45), "#ffffff", "#7f8c8d"];
    for (let k = 0; k < 90; k++) {
      out += blob(random.int(0, w), random.int(0, h), random.int(3, 9), random.int(3, 8), random.pick(chips), random, `opacity="0.55"`);
    }
    return out;
  }
  const base = hsl(random.int(0, 359), random.int(35, 60), random.int(45, 65));
  return `<rect width="${w}" height="${h}" fill="${base}"/><rect width="${w}" height="${h}" fill="url(#shine)" opacity="0.4"/>`;
}

/**
 * A soft drop shadow. A radial gradient fading at the rim, not a Gaussian blur filter:
 * blurs made the pictures four times slower to rasterise.
 */
export function shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.35): string {
  return `<ellipse cx="${cx + 10}" cy="${cy + 16}" rx="${fmt(rx * 1.08)}" ry="${fmt(ry * 1.08)}" fill="url(#softshadow)" opacity="${opacity}"/>`;
}

const PLATE_COLOURS = ["#fbfaf7", "#f4f1ea", "#ffffff", "#e8eef2", "#f3e9dc", "#2e2e2e", "#dfe8e0", "#f5e3d3"];

/** A round plate seen from above; returns the fragment and the radius of its well. */
export function plate(cx: number, cy: number, r: number, random: Random, colour = random.pick(PLATE_COLOURS)): string {
  const rim = darken(colour, 0.08);
  const accent = random.chance(0.3) ? hsl(random.int(0, 359), 45, 45) : null;
  return `${shadow(cx, cy, r, r)}
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}"/>
    ${accent ? `<circle cx="${cx}" cy="${cy}" r="${r - 7}" fill="none" stroke="${accent}" stroke-width="3" opacity="0.8"/>` : ""}
    <circle cx="${cx}" cy="${cy}" r="${r * 0.74}" fill="${rim}" opacity="0.45"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.72}" fill="${colour}"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#shine)" opacity="0.35"/>`;
}

const BOWL_COLOURS = ["#fbfaf7", "#1f1f1f", "#8e2b24", "#2b4c7e", "#d9cbb3", "#3d5a45", "#e9e2d0", "#c65f3b"];

/** A bowl from above: the rim band and the inner well where the food goes. */
export function bowl(cx: number, cy: number, r: number, random: Random, colour = random.pick(BOWL_COLOURS)): string {
  const pattern = random.chance(0.35)
    ? Array.from({ length: 24 }, (_, i) => {
        const a = (i / 24) * Math.PI * 2;
        return `<circle cx="${fmt(cx + Math.cos(a) * r * 0.93)}" cy="${fmt(cy + Math.sin(a) * r * 0.93)}" r="${fmt(r * 0.025)}" fill="${lighten(colour, 0.55)}" opacity="0.8"/>`;
      }).join("")
    : "";
  return `${shadow(cx, cy, r, r)}
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}"/>
    ${pattern}
    <circle cx="${cx}" cy="${cy}" r="${r * 0.86}" fill="${darken(colour, 0.25)}"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#shine)" opacity="0.3"/>`;
}

export function leaf(x: number, y: number, size: number, angle: number, colour: string): string {
  const s = size;
  return `<g transform="translate(${fmt(x)} ${fmt(y)}) rotate(${fmt(angle)})"><path d="M0 ${-s} C${s * 0.65} ${-s * 0.45} ${s * 0.6} ${s * 0.5} 0 ${s} C${-s * 0.6} ${s * 0.5} ${-s * 0.65} ${-s * 0.45} 0 ${-s} Z" fill="${colour}"/><path d="M0 ${-s * 0.85} L0 ${s * 0.85}" stroke="${darken(colour, 0.3)}" stroke-width="${fmt(Math.max(1, s * 0.07))}" opacity="0.6"/></g>`;
}

export function herbs(cx: number, cy: number, r: number, count: number, random: Random, colour = "#3e8e41"): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const [x, y] = pointIn(cx, cy, r, random);
    out += leaf(x, y, random.float(7, 14), random.int(0, 359), random.chance(0.5) ? colour : lighten(colour, 0.15));
  }
  return out;
}

export function springOnions(cx: number, cy: number, r: number, count: number, random: Random): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const [x, y] = pointIn(cx, cy, r, random);
    out += `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(random.float(4, 7))}" fill="none" stroke="${random.pick(["#6ab04c", "#badc58", "#4b8b3b"])}" stroke-width="2.5"/>`;
  }
  return out;
}

export function seeds(cx: number, cy: number, r: number, count: number, random: Random, colour = "#f5ecd0"): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const [x, y] = pointIn(cx, cy, r, random);
    out += `<ellipse cx="${fmt(x)}" cy="${fmt(y)}" rx="3.2" ry="1.8" fill="${colour}" transform="rotate(${random.int(0, 180)} ${fmt(x)} ${fmt(y)})"/>`;
  }
  return out;
}

export function chilliRings(cx: number, cy: number, r: number, count: number, random: Random): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const [x, y] = pointIn(cx, cy, r, random);
    out += `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(random.float(5, 8))}" fill="none" stroke="#d62828" stroke-width="3"/><circle cx="${fmt(x)}" cy="${fmt(y)}" r="1.6" fill="#f6e58d"/>`;
  }
  return out;
}

export function lemonWedge(x: number, y: number, size: number, angle: number, lime = false): string {
  const peel = lime ? "#4caf50" : "#f4c430";
  const flesh = lime ? "#c5e1a5" : "#fff3a0";
  return `<g transform="translate(${fmt(x)} ${fmt(y)}) rotate(${fmt(angle)})"><path d="M${-size} 0 A${size} ${size} 0 0 0 ${size} 0 Z" fill="${peel}"/><path d="M${-size * 0.85} 0 A${size * 0.85} ${size * 0.85} 0 0 0 ${size * 0.85} 0 Z" fill="${flesh}"/>${[-50, -15, 15, 50]
    .map((deg) => {
      const a = ((90 + deg) * Math.PI) / 180;
      return `<line x1="0" y1="0" x2="${fmt(Math.cos(a) * size * 0.8)}" y2="${fmt(Math.sin(a) * size * 0.8)}" stroke="${peel}" stroke-width="1.5" opacity="0.6"/>`;
    })
    .join("")}</g>`;
}

export function chopsticks(x: number, y: number, angle: number, random: Random): string {
  const wood = random.pick(["#c89f6a", "#8d5b3e", "#2d2d2d", "#b33939"]);
  return `<g transform="translate(${x} ${y}) rotate(${angle})" filter="">${[0, 22]
    .map((dy) => `<rect x="0" y="${dy}" width="360" height="11" rx="5" fill="${wood}"/><rect x="0" y="${dy}" width="360" height="4" rx="2" fill="#fff" opacity="0.2"/>`)
    .join("")}</g>`;
}

export function cutlery(x: number, y: number, random: Random): string {
  const metal = random.pick(["#c9ccd1", "#b8a16a", "#2b2b2b"]);
  return `<g transform="translate(${x} ${y})">
    <rect x="0" y="0" width="14" height="250" rx="7" fill="${metal}"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="${-8 + i * 9}" y="-70" width="5" height="80" rx="2" fill="${metal}"/>`).join("")}
    <rect x="-8" y="-5" width="32" height="20" rx="8" fill="${metal}"/>
    <rect x="48" y="-70" width="22" height="320" rx="10" fill="${metal}"/>
    <rect x="52" y="-66" width="6" height="300" rx="3" fill="#fff" opacity="0.35"/>
  </g>`;
}

export function napkin(x: number, y: number, w: number, h: number, angle: number, random: Random): string {
  const c = hsl(random.int(0, 359), random.int(30, 60), random.int(55, 80));
  return `<g transform="translate(${x} ${y}) rotate(${angle})"><rect width="${w}" height="${h}" rx="6" fill="${c}"/><rect x="10" y="10" width="${w - 20}" height="${h - 20}" rx="4" fill="none" stroke="${lighten(c, 0.35)}" stroke-width="3" stroke-dasharray="6 5"/></g>`;
}

/** Rice grains scattered over a region, for rice bowls and sides. */
export function riceGrains(cx: number, cy: number, r: number, count: number, random: Random, colour = "#ffffff"): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const [x, y] = pointIn(cx, cy, r, random);
    out += `<ellipse cx="${fmt(x)}" cy="${fmt(y)}" rx="6" ry="2.6" fill="${random.chance(0.5) ? colour : darken(colour, 0.08)}" transform="rotate(${random.int(0, 180)} ${fmt(x)} ${fmt(y)})"/>`;
  }
  return out;
}

export function sauceDish(x: number, y: number, r: number, sauce: string, random: Random): string {
  return `${shadow(x, y, r, r, 0.3)}<circle cx="${x}" cy="${y}" r="${r}" fill="${random.pick(["#ffffff", "#f1ede4", "#2b2b2b"])}"/><circle cx="${x}" cy="${y}" r="${r * 0.78}" fill="${sauce}"/><ellipse cx="${x - r * 0.25}" cy="${y - r * 0.3}" rx="${r * 0.25}" ry="${r * 0.12}" fill="#fff" opacity="0.35"/>`;
}

export function speckles(cx: number, cy: number, r: number, count: number, random: Random, colour: string, size = 2): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const [x, y] = pointIn(cx, cy, r, random);
    out += `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(random.float(size * 0.5, size))}" fill="${colour}" opacity="${fmt(random.float(0.5, 0.9))}"/>`;
  }
  return out;
}

export { mix };
