// Artwork for places and people: restaurant fronts, rooms and tables, monogram logos, area
// skylines and reviewer avatars. All drawn procedurally; no photos, no network.
import type { AreaSeed } from "../london-places.ts";
import type { Random } from "../random.ts";
import { darken, escapeXml, hsl, lighten, linear, luminance, radial, svgDocument } from "./svg.ts";

export type RestaurantScene = "front" | "interior" | "table";

export function logoArt(letter: string, random: Random): string {
  const hue = random.int(0, 359);
  const bg = hsl(hue, random.int(45, 75), random.int(28, 55));
  const ring = lighten(bg, 0.35);
  const ink = luminance(bg) > 0.35 ? "#1c1c1c" : "#fffaf0";
  const shape = random.pick(["circle", "rounded", "shield"]);
  const frame =
    shape === "circle"
      ? `<circle cx="128" cy="128" r="120" fill="url(#bg)"/><circle cx="128" cy="128" r="104" fill="none" stroke="${ring}" stroke-width="4"/>`
      : shape === "rounded"
        ? `<rect x="8" y="8" width="240" height="240" rx="48" fill="url(#bg)"/><rect x="24" y="24" width="208" height="208" rx="36" fill="none" stroke="${ring}" stroke-width="4"/>`
        : `<path d="M128 8 L236 44 V128 C236 190 188 232 128 248 C68 232 20 190 20 128 V44 Z" fill="url(#bg)"/><path d="M128 26 L220 56 V128 C220 180 180 216 128 230 C76 216 36 180 36 128 V56 Z" fill="none" stroke="${ring}" stroke-width="4"/>`;
  const serif = random.chance(0.5);
  const font = serif ? "DejaVu Serif, Georgia, serif" : "DejaVu Sans, Helvetica, Arial, sans-serif";
  const stars = random.chance(0.5)
    ? `<g fill="${ink}" opacity="0.8">${[-40, 0, 40].map((dx) => `<circle cx="${128 + dx}" cy="204" r="4"/>`).join("")}</g>`
    : `<rect x="88" y="200" width="80" height="4" rx="2" fill="${ink}" opacity="0.7"/>`;
  return svgDocument(
    256,
    256,
    `${frame}<text x="128" y="160" text-anchor="middle" font-family="${font}" font-weight="bold" font-size="112" fill="${ink}">${escapeXml(letter)}</text>${stars}`,
    radial("bg", [
      [0, lighten(bg, 0.15)],
      [1, darken(bg, 0.15)],
    ]),
  );
}

const SKIN = ["#f6d5b8", "#eac09b", "#d9a47a", "#b97d56", "#8d5a3b", "#5f3b27"];
const HAIR = ["#1b1b1b", "#3b2a1e", "#6b4226", "#a0522d", "#d4a017", "#b5b5b5", "#7a1f2b"];

export function avatarArt(random: Random): string {
  const bg = hsl(random.int(0, 359), random.int(40, 70), random.int(70, 85));
  const skin = random.pick(SKIN);
  const hair = random.pick(HAIR);
  const shirt = hsl(random.int(0, 359), random.int(40, 70), random.int(35, 55));
  const hairStyle = random.int(0, 3);
  const hairShape = [
    `<path d="M78 112 C78 62 178 62 178 112 C170 88 86 88 78 112 Z" fill="${hair}"/>`,
    `<path d="M72 128 C64 54 192 54 184 128 C176 96 80 96 72 128 Z" fill="${hair}"/><rect x="70" y="110" width="18" height="70" rx="9" fill="${hair}"/><rect x="168" y="110" width="18" height="70" rx="9" fill="${hair}"/>`,
    `<circle cx="128" cy="92" r="52" fill="${hair}"/>`,
    `<path d="M80 108 C84 70 172 70 176 108 L176 100 C160 84 96 84 80 100 Z" fill="${hair}"/>`,
  ][hairStyle]!;
  return svgDocument(
    256,
    256,
    `<rect width="256" height="256" fill="${bg}"/>
     <path d="M40 256 C48 196 96 178 128 178 C160 178 208 196 216 256 Z" fill="${shirt}"/>
     <rect x="112" y="150" width="32" height="36" rx="10" fill="${darken(skin, 0.08)}"/>
     ${hairStyle === 2 ? hairShape : ""}
     <ellipse cx="128" cy="118" rx="46" ry="52" fill="${skin}"/>
     ${hairStyle === 2 ? "" : hairShape}
     <circle cx="111" cy="120" r="5" fill="#222"/><circle cx="145" cy="120" r="5" fill="#222"/>
     <path d="M112 142 Q128 156 144 142" stroke="#7a3b2e" stroke-width="4" fill="none" stroke-linecap="round"/>
     <circle cx="100" cy="136" r="7" fill="#e88" opacity="0.35"/><circle cx="156" cy="136" r="7" fill="#e88" opacity="0.35"/>`,
  );
}

function windowLights(x: number, y: number, w: number, h: number, random: Random, lit: string, dark: string): string {
  const cols = Math.max(1, Math.floor(w / 18));
  const rows = Math.max(1, Math.floor(h / 24));
  let out = "";
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < rows; r++) {
      out += `<rect x="${x + 5 + c * 18}" y="${y + 6 + r * 24}" width="9" height="13" fill="${random.chance(0.55) ? lit : dark}"/>`;
    }
  }
  return out;
}

export function areaArt(area: AreaSeed, random: Random): string {
  const [skyTop, skyBottom, building] = area.palette;
  const W = 1200;
  const H = 600;
  let far = "";
  let x = -20;
  while (x < W) {
    const w = random.int(50, 120);
    const h = random.int(140, 300);
    far += `<rect x="${x}" y="${H - 120 - h}" width="${w}" height="${h + 120}" fill="${lighten(building, 0.35)}" opacity="0.55"/>`;
    x += w - random.int(0, 10);
  }
  let near = "";
  x = -10;
  while (x < W) {
    const w = random.int(80, 160);
    const h = random.int(120, 260);
    const top = H - 80 - h;
    const roof = random.pick(["flat", "gable", "step", "dome"]);
    const fill = mix2(building, random);
    let roofShape = "";
    if (roof === "gable") roofShape = `<path d="M${x} ${top} L${x + w / 2} ${top - 40} L${x + w} ${top} Z" fill="${fill}"/>`;
    if (roof === "step") roofShape = `<rect x="${x + w * 0.2}" y="${top - 24}" width="${w * 0.6}" height="24" fill="${fill}"/>`;
    if (roof === "dome") roofShape = `<ellipse cx="${x + w / 2}" cy="${top}" rx="${w * 0.3}" ry="30" fill="${fill}"/>`;
    near += `${roofShape}<rect x="${x}" y="${top}" width="${w}" height="${h + 80}" fill="${fill}"/>${windowLights(x + 6, top + 14, w - 16, h - 40, random, "#ffe8a3", darken(fill, 0.25))}`;
    x += w + random.int(-6, 6);
  }
  const sunX = random.int(150, 1050);
  return svgDocument(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>
     <circle cx="${sunX}" cy="${random.int(110, 200)}" r="${random.int(50, 80)}" fill="#fff6d5" opacity="0.85"/>
     ${far}${near}
     <rect y="${H - 80}" width="${W}" height="80" fill="${darken(building, 0.3)}"/>
     <rect y="${H - 46}" width="${W}" height="6" fill="${lighten(building, 0.4)}" opacity="0.5"/>`,
    linear("sky", [
      [0, skyTop],
      [1, skyBottom],
    ]),
  );
}

function mix2(base: string, random: Random): string {
  return random.chance(0.5) ? darken(base, random.float(0, 0.25)) : lighten(base, random.float(0, 0.2));
}

export function restaurantArt(scene: RestaurantScene, random: Random): string {
  const hue = random.int(0, 359);
  const main = hsl(hue, random.int(35, 65), random.int(30, 45));
  const wall = hsl((hue + 30) % 360, 25, random.int(78, 88));
  if (scene === "front") {
    const awning = hsl((hue + 180) % 360, 60, 45);
    const stripes = Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0 ? `<rect x="${150 + i * 50}" y="150" width="50" height="70" fill="${lighten(awning, 0.6)}"/>` : "",
    ).join("");
    return svgDocument(
      800,
      600,
      `<rect width="800" height="600" fill="${wall}"/>
       <rect x="130" y="120" width="540" height="420" fill="${main}"/>
       <rect x="150" y="150" width="500" height="70" fill="${awning}"/>${stripes}
       <path d="M150 220 ${Array.from({ length: 10 }, (_, i) => `Q${175 + i * 50} 245 ${200 + i * 50} 220`).join(" ")}" fill="${awning}"/>
       <rect x="170" y="270" width="220" height="200" fill="#ffe7b0" opacity="0.9"/>
       <rect x="430" y="270" width="120" height="270" fill="${darken(main, 0.4)}"/>
       <circle cx="530" cy="410" r="6" fill="#f5d76e"/>
       <rect y="540" width="800" height="60" fill="#9a9a9a"/>`,
    );
  }
  if (scene === "interior") {
    return svgDocument(
      800,
      600,
      `<rect width="800" height="600" fill="${wall}"/>
       <rect y="380" width="800" height="220" fill="${darken(main, 0.2)}"/>
       ${[160, 400, 640].map((cx) => `<line x1="${cx}" y1="0" x2="${cx}" y2="120" stroke="#333" stroke-width="3"/><path d="M${cx - 40} 150 Q${cx} 90 ${cx + 40} 150 Z" fill="${main}"/><circle cx="${cx}" cy="160" r="14" fill="#ffe9a8"/>`).join("")}
       ${[200, 400, 600].map((cx) => `<ellipse cx="${cx}" cy="420" rx="80" ry="18" fill="#6d4c33"/><rect x="${cx - 6}" y="420" width="12" height="110" fill="#4a3222"/>`).join("")}`,
    );
  }
  return svgDocument(
    800,
    600,
    `<rect width="800" height="600" fill="${darken(main, 0.1)}"/>
     <circle cx="280" cy="300" r="150" fill="#f4f1ea"/><circle cx="280" cy="300" r="110" fill="${lighten(main, 0.5)}"/>
     <circle cx="560" cy="260" r="110" fill="#f4f1ea"/><circle cx="560" cy="260" r="80" fill="${hsl((hue + 40) % 360, 60, 55)}"/>
     <rect x="600" y="400" width="60" height="140" rx="12" fill="#ffffff" opacity="0.5"/>`,
    "",
  );
}
