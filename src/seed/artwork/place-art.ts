// Artwork for places and people: restaurant fronts, rooms and tables, monogram logos, area
// skylines and reviewer avatars. All drawn procedurally; no photos, no network.
import type { AreaSeed } from "../london-places.ts";
import type { Random } from "../random.ts";
import { blob, bowl, COMMON_DEFS, herbs, plate, pointIn, speckles } from "./shapes.ts";
import { darken, escapeXml, fmt, hsl, lighten, linear, luminance, mix, radial, svgDocument } from "./svg.ts";

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

const RIVERSIDE = new Set(["Greenwich", "Battersea", "Chiswick", "Hammersmith", "Bermondsey", "Borough", "Fulham", "Chelsea"]);

function cloud(x: number, y: number, s: number): string {
  return `<g transform="translate(${x} ${y}) scale(${s})" fill="#fff" fill-opacity="0.85"><ellipse cx="0" cy="0" rx="60" ry="22"/><ellipse cx="-30" cy="-12" rx="32" ry="24"/><ellipse cx="22" cy="-18" rx="38" ry="30"/></g>`;
}

/** A far-off landmark silhouette: spire, dome, clock tower, glass tower or crane. */
function landmark(x: number, base: number, colour: string, random: Random): string {
  switch (random.int(0, 4)) {
    case 0:
      return `<rect x="${x - 18}" y="${base - 190}" width="36" height="190" fill="${colour}"/><path d="M${x - 18} ${base - 190} L${x} ${base - 290} L${x + 18} ${base - 190} Z" fill="${colour}"/>`;
    case 1:
      return `<rect x="${x - 70}" y="${base - 120}" width="140" height="120" fill="${colour}"/><rect x="${x - 40}" y="${base - 160}" width="80" height="40" fill="${colour}"/><path d="M${x - 45} ${base - 160} A45 50 0 0 1 ${x + 45} ${base - 160} Z" fill="${colour}"/><rect x="${x - 4}" y="${base - 235}" width="8" height="30" fill="${colour}"/>`;
    case 2:
      return `<rect x="${x - 24}" y="${base - 250}" width="48" height="250" fill="${colour}"/><circle cx="${x}" cy="${base - 215}" r="15" fill="#fff8e1" fill-opacity="0.8"/><path d="M${x - 28} ${base - 250} L${x} ${base - 300} L${x + 28} ${base - 250} Z" fill="${colour}"/>`;
    case 3:
      return `<path d="M${x - 50} ${base} L${x - 6} ${base - 330} L${x + 50} ${base} Z" fill="${colour}"/><path d="M${x - 6} ${base - 330} L${x + 10} ${base - 200} L${x + 50} ${base}" fill="#fff" fill-opacity="0.12"/>`;
    default:
      return `<g stroke="${colour}" stroke-width="6" fill="none"><path d="M${x} ${base} V${base - 260} M${x - 120} ${base - 250} H${x + 60}"/><path d="M${x - 110} ${base - 250} L${x} ${base - 290} L${x + 50} ${base - 250}" stroke-width="3"/><path d="M${x - 90} ${base - 250} V${base - 200}" stroke-width="2"/></g>`;
  }
}

function terrace(x: number, w: number, base: number, colour: string, random: Random): string {
  const h = random.int(150, 230);
  const top = base - h;
  const trim = "#fdfcf7";
  const floors = Math.floor((h - 70) / 60);
  let windows = "";
  for (let f = 0; f < floors; f++) {
    for (let c = 0; c < 2; c++) {
      const wx = x + w * (c ? 0.6 : 0.15);
      const wy = top + 20 + f * 60;
      windows += `<rect x="${wx}" y="${wy}" width="${w * 0.25}" height="40" fill="${random.chance(0.35) ? "#ffe8a3" : darken(colour, 0.45)}"/><rect x="${wx - 3}" y="${wy + 40}" width="${w * 0.25 + 6}" height="5" fill="${trim}"/>`;
    }
  }
  const shop = random.chance(0.6);
  const awning = hsl(random.int(0, 359), 60, 48);
  const ground = shop
    ? `<rect x="${x + 6}" y="${base - 62}" width="${w - 12}" height="62" fill="${darken(colour, 0.5)}"/><rect x="${x + 12}" y="${base - 50}" width="${w * 0.55}" height="44" fill="#ffe2a8"/><path d="M${x + 4} ${base - 70} H${x + w - 4} L${x + w - 12} ${base - 52} H${x + 12} Z" fill="${awning}"/>`
    : `<rect x="${x + w * 0.35}" y="${base - 55}" width="${w * 0.3}" height="55" fill="${darken(colour, 0.5)}"/><rect x="${x + w * 0.33}" y="${base - 60}" width="${w * 0.34}" height="6" fill="${trim}"/>`;
  return `<rect x="${x}" y="${top}" width="${w}" height="${h}" fill="${colour}"/><rect x="${x - 2}" y="${top}" width="${w + 4}" height="8" fill="${trim}"/>${random.chance(0.5) ? `<rect x="${x + w * 0.7}" y="${top - 22}" width="16" height="22" fill="${darken(colour, 0.3)}"/>` : ""}${windows}${ground}`;
}

function tree(x: number, base: number, random: Random): string {
  const leaf = random.pick(["#2d6a4f", "#40916c", "#588157", "#52796f"]);
  return `<rect x="${x - 5}" y="${base - 70}" width="10" height="70" fill="#5a3d2b"/><circle cx="${x}" cy="${base - 95}" r="38" fill="${leaf}"/><circle cx="${x - 24}" cy="${base - 78}" r="26" fill="${lighten(leaf, 0.12)}"/><circle cx="${x + 22}" cy="${base - 80}" r="28" fill="${darken(leaf, 0.1)}"/>`;
}

export function areaArt(area: AreaSeed, random: Random): string {
  const [skyTop, skyBottom, building] = area.palette;
  const W = 1200;
  const H = 600;
  const river = RIVERSIDE.has(area.name);
  const horizon = river ? 380 : 470;
  let far = "";
  let x = -20;
  const farColour = mix(building, skyBottom, 0.55);
  while (x < W) {
    const w = random.int(50, 120);
    const h = random.int(80, 200);
    far += `<rect x="${x}" y="${horizon - h}" width="${w}" height="${h}" fill="${farColour}"/>`;
    x += w + random.int(-8, 4);
  }
  const marks = [random.int(120, 420), random.int(520, 760), random.int(860, 1100)]
    .map((mx) => landmark(mx, horizon, mix(building, skyBottom, 0.4), random))
    .join("");
  let near = "";
  const street = H - 70;
  if (river) {
    // The Thames in front of the far bank, with an embankment wall and a passing boat.
    near += `<rect y="${horizon}" width="${W}" height="${street - horizon}" fill="${mix("#4a7fa7", skyBottom, 0.25)}"/>`;
    for (let i = 0; i < 18; i++) near += `<rect x="${random.int(0, W)}" y="${random.int(horizon + 8, street - 50)}" width="${random.int(40, 160)}" height="3" fill="#fff" fill-opacity="0.35"/>`;
    near += `<g transform="translate(${random.int(150, 850)} ${horizon + random.int(40, 70)})"><path d="M0 0 H200 L176 30 H20 Z" fill="#f1faee"/><rect x="40" y="-26" width="96" height="26" fill="${random.pick(["#e63946", "#1d3557", "#2a9d8f"])}"/>${[0, 1, 2, 3].map((i) => `<rect x="${50 + i * 22}" y="-20" width="12" height="10" fill="#fff8e1"/>`).join("")}</g>`;
    near += `<rect y="${street - 40}" width="${W}" height="40" fill="${darken(building, 0.1)}"/><rect y="${street - 46}" width="${W}" height="8" fill="${lighten(building, 0.3)}"/>`;
  } else {
    x = -10;
    while (x < W) {
      const w = random.int(100, 150);
      near += terrace(x, w, street, mix(building, random.pick(["#e07a5f", "#f2cc8f", "#81b29a", "#f4f1de", "#3d405b", "#b5838d"]), 0.45), random);
      x += w;
    }
  }
  let trees = "";
  for (let tx = random.int(40, 120); tx < W; tx += random.int(180, 300)) trees += tree(tx, street + 10, random);
  const lamps = Array.from({ length: 5 }, (_, i) => {
    const lx = 120 + i * 240 + random.int(-30, 30);
    return `<rect x="${lx}" y="${street - 110}" width="6" height="120" fill="#2b2d42"/><rect x="${lx - 10}" y="${street - 122}" width="26" height="14" rx="4" fill="#2b2d42"/><circle cx="${lx + 3}" cy="${street - 104}" r="7" fill="#ffe8a3"/>`;
  }).join("");
  const sun = random.int(150, 1050);
  const clouds = Array.from({ length: 3 }, () => cloud(random.int(60, 1140), random.int(60, 180), random.float(0.8, 1.4))).join("");
  return svgDocument(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>
     <circle cx="${sun}" cy="${random.int(90, 170)}" r="${random.int(45, 70)}" fill="#fff6d5" fill-opacity="0.9"/>
     ${clouds}${marks}${far}${near}${trees}
     <rect y="${street}" width="${W}" height="16" fill="#bdbdbd"/>
     <rect y="${street + 16}" width="${W}" height="${H - street - 16}" fill="#4a4e69"/>
     ${Array.from({ length: 10 }, (_, i) => `<rect x="${i * 130 + 30}" y="${street + 38}" width="60" height="6" fill="#f1faee" fill-opacity="0.7"/>`).join("")}
     ${lamps}`,
    linear("sky", [
      [0, skyTop],
      [1, skyBottom],
    ]),
  );
}

const SIGN_WORDS = ["KITCHEN", "EATERY", "CAFÉ", "DINING", "CANTEEN", "BISTRO", "BAR & GRILL", "TAVERNA", "NOODLES", "BAKERY"];

function plant(x: number, y: number, scale: number, random: Random): string {
  const pot = random.pick(["#c65f3b", "#2b2b2b", "#e9e2d0", "#3d5a45"]);
  let leaves = "";
  for (let i = 0; i < 9; i++) {
    const a = -160 + i * 17 + random.int(-6, 6);
    leaves += `<g transform="rotate(${a + 90})"><path d="M0 0 C10 -30 10 -60 0 -80 C-10 -60 -10 -30 0 0 Z" fill="${random.pick(["#2d6a4f", "#40916c", "#52b788"])}"/></g>`;
  }
  return `<g transform="translate(${x} ${y}) scale(${scale})"><g transform="translate(0 -40)">${leaves}</g><path d="M-28 -40 L28 -40 L22 10 L-22 10 Z" fill="${pot}"/></g>`;
}

function bistroSet(x: number, y: number, colour: string): string {
  return `<g transform="translate(${x} ${y})"><ellipse cx="0" cy="0" rx="42" ry="10" fill="${colour}"/><rect x="-3" y="0" width="6" height="60" fill="${colour}"/><rect x="-20" y="58" width="40" height="5" rx="2" fill="${colour}"/>
    <path d="M-80 10 L-80 70 M-55 10 L-55 70 M-82 36 L-52 36" stroke="${colour}" stroke-width="5"/><path d="M55 10 L55 70 M80 10 L80 70 M52 36 L82 36" stroke="${colour}" stroke-width="5"/></g>`;
}

function shopFront(random: Random): string {
  const hue = random.int(0, 359);
  const facade = random.chance(0.5) ? hsl(random.int(8, 22), random.int(35, 55), random.int(35, 45)) : hsl(random.int(0, 359), random.int(10, 30), random.int(80, 90));
  const brick = luminance(facade) < 0.2;
  const paint = hsl(hue, random.int(40, 70), random.int(22, 40));
  const awning = hsl((hue + random.pick([0, 150, 180, 210])) % 360, random.int(50, 70), random.int(40, 55));
  const sky = hsl(random.int(190, 220), 45, random.int(75, 88));
  const mortar = darken(facade, 0.3);
  const bricks = brick
    ? `<pattern id="bricks" width="40" height="36" patternUnits="userSpaceOnUse"><path d="M0 0 H40 M0 18 H40 M20 0 V18 M0 18 V36 M40 18 V36" stroke="${mortar}" stroke-width="1.5" opacity="0.5" fill="none"/></pattern><rect x="40" y="0" width="720" height="560" fill="url(#bricks)"/>`
    : "";
  const sash = (x: number) =>
    `<rect x="${x}" y="40" width="120" height="150" fill="${darken(facade, 0.2)}"/><rect x="${x + 8}" y="48" width="104" height="134" fill="${random.chance(0.4) ? "#ffe9a8" : "#9fb8c9"}"/><line x1="${x + 60}" y1="48" x2="${x + 60}" y2="182" stroke="#f5f5f5" stroke-width="5"/><line x1="${x + 8}" y1="115" x2="${x + 112}" y2="115" stroke="#f5f5f5" stroke-width="6"/><rect x="${x - 6}" y="188" width="132" height="10" fill="#f5f5f5"/>`;
  const stripes = Array.from({ length: 12 }, (_, i) => `<rect x="${110 + i * 48.3}" y="268" width="24" height="62" fill="#fff" opacity="0.8"/>`).join("");
  const scallops = Array.from({ length: 12 }, (_, i) => `<path d="M${110 + i * 48.3} 330 a24.15 18 0 0 0 48.3 0 Z" fill="${i % 2 ? awning : lighten(awning, 0.85)}"/>`).join("");
  const lamps = Array.from({ length: 3 }, (_, i) => `<line x1="${190 + i * 90}" y1="350" x2="${190 + i * 90}" y2="380" stroke="#333" stroke-width="2"/><path d="M${175 + i * 90} 392 Q${190 + i * 90} 372 ${205 + i * 90} 392 Z" fill="#333"/><circle cx="${190 + i * 90}" cy="394" r="7" fill="#fff3c4"/>`).join("");
  const diners = Array.from({ length: random.int(2, 4) }, () => {
    const x = random.int(170, 420);
    return `<circle cx="${x}" cy="${random.int(430, 445)}" r="16" fill="#5a4636" opacity="0.55"/><rect x="${x - 22}" y="455" width="44" height="50" rx="18" fill="#5a4636" opacity="0.55"/>`;
  }).join("");
  const word = random.pick(SIGN_WORDS);
  return `<rect width="800" height="600" fill="${sky}"/>
    <rect x="40" y="0" width="720" height="560" fill="${facade}"/>${bricks}
    ${sash(110)}${sash(340)}${sash(570)}
    <rect x="90" y="210" width="620" height="350" fill="${paint}"/>
    <rect x="110" y="222" width="580" height="44" fill="${darken(paint, 0.25)}"/>
    <text x="400" y="254" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-size="26" letter-spacing="6" fill="#f5deb3">${escapeXml(word)}</text>
    <rect x="110" y="268" width="580" height="62" fill="${awning}"/>${stripes}${scallops}
    <rect x="130" y="350" width="330" height="190" fill="url(#warm)"/>
    ${lamps}${diners}
    <rect x="130" y="350" width="330" height="190" fill="none" stroke="${darken(paint, 0.3)}" stroke-width="8"/>
    <line x1="295" y1="350" x2="295" y2="540" stroke="${darken(paint, 0.3)}" stroke-width="6"/>
    <rect x="500" y="350" width="170" height="210" fill="${darken(paint, 0.35)}"/>
    <rect x="518" y="368" width="134" height="110" fill="url(#warm)" opacity="0.85"/>
    <circle cx="650" cy="500" r="6" fill="#d4af37"/>
    <rect y="560" width="800" height="40" fill="#9c9c9c"/><rect y="560" width="800" height="5" fill="#bdbdbd"/>
    ${plant(110, 560, 0.9, random)}${plant(700, 560, 0.8, random)}
    ${random.chance(0.6) ? bistroSet(random.pick([250, 380]), 505, "#2b2b2b") : ""}`;
}

function diningRoom(random: Random): string {
  const hue = random.int(0, 359);
  const wall = hsl(hue, random.int(20, 45), random.int(55, 80));
  const lower = random.chance(0.5) ? hsl((hue + 180) % 360, random.int(25, 45), random.int(25, 40)) : darken(wall, 0.25);
  const floor = random.chance(0.5) ? "#6d4c33" : "#2f2f2f";
  const tile = random.chance(0.5);
  let wainscot = `<rect y="300" width="800" height="140" fill="${lower}"/>`;
  if (tile) for (let x = 0; x < 800; x += 40) for (let y = 300; y < 440; y += 20) wainscot += `<rect x="${x + ((y / 20) % 2 ? 20 : 0)}" y="${y}" width="38" height="18" fill="${lighten(lower, 0.1)}" opacity="0.6"/>`;
  const frames = Array.from({ length: 3 }, (_, i) => {
    const x = 110 + i * 230 + random.int(-20, 20);
    const y = random.int(90, 130);
    const art = hsl(random.int(0, 359), 50, 55);
    return `<rect x="${x}" y="${y}" width="110" height="80" fill="#d4af37"/><rect x="${x + 8}" y="${y + 8}" width="94" height="64" fill="${lighten(art, 0.3)}"/>${blob(x + 55, y + 42, 26, 18, art, random)}`;
  }).join("");
  const shelf = `<rect x="300" y="200" width="200" height="8" fill="#5a3d2b"/>${Array.from({ length: 7 }, (_, i) => `<rect x="${310 + i * 27}" y="${150 + random.int(0, 14)}" width="16" height="${50 - random.int(0, 14)}" rx="5" fill="${random.pick(["#2d6a4f", "#7f1d1d", "#d4a373", "#1d3557"])}"/>`).join("")}`;
  const lamps = [150, 400, 650].map((x) => `<line x1="${x}" y1="0" x2="${x}" y2="70" stroke="#222" stroke-width="3"/><path d="M${x - 45} 110 Q${x} 50 ${x + 45} 110 Z" fill="${random.pick(["#b08d57", "#222", "#2d6a4f"])}"/><ellipse cx="${x}" cy="112" rx="20" ry="8" fill="#fff3c4"/><circle cx="${x}" cy="120" r="90" fill="#fff3c4" opacity="0.12"/>`).join("");
  const tables = [170, 400, 630].map((x) => `<ellipse cx="${x}" cy="468" rx="95" ry="20" fill="#f5f1e8"/><rect x="${x - 6}" y="470" width="12" height="90" fill="#3b2a1e"/><rect x="${x - 40}" y="556" width="80" height="8" rx="4" fill="#3b2a1e"/>
    <path d="M${x - 130} 420 L${x - 130} 560 M${x - 95} 480 L${x - 95} 560 M${x - 132} 480 L${x - 93} 480" stroke="#3b2a1e" stroke-width="7"/>
    <path d="M${x + 130} 420 L${x + 130} 560 M${x + 95} 480 L${x + 95} 560 M${x + 132} 480 L${x + 93} 480" stroke="#3b2a1e" stroke-width="7"/>
    <rect x="${x - 10}" y="440" width="8" height="24" fill="#fff" opacity="0.8"/><circle cx="${x + 20}" cy="455" r="6" fill="#f4a261"/>`).join("");
  return `<rect width="800" height="600" fill="${wall}"/>${wainscot}<rect y="296" width="800" height="8" fill="${darken(lower, 0.3)}"/>
    <rect y="440" width="800" height="160" fill="${floor}"/>
    ${frames}${shelf}${lamps}${tables}
    ${plant(40, 560, 1.3, random)}${plant(770, 560, 1.1, random)}`;
}

function sharingTable(random: Random): string {
  const wood = hsl(random.int(18, 32), random.int(35, 55), random.int(30, 45));
  let planks = `<rect width="800" height="600" fill="${wood}"/>`;
  for (let x = 0; x < 800; x += 130) planks += `<rect x="${x}" width="3" height="600" fill="${darken(wood, 0.4)}" opacity="0.6"/>`;
  const dishes = [
    [200, 180, 130],
    [560, 170, 115],
    [380, 420, 140],
    [690, 430, 90],
    [110, 470, 80],
  ] as const;
  let food = "";
  for (const [x, y, r] of dishes) {
    const useBowl = random.chance(0.4);
    food += useBowl ? bowl(x, y, r, random) : plate(x, y, r, random);
    const colour = hsl(random.int(0, 60), random.int(55, 80), random.int(40, 60));
    for (let i = 0; i < 6; i++) {
      const [px, py] = pointIn(x, y, r * 0.5, random);
      food += blob(px, py, r * 0.22, r * 0.18, random.chance(0.5) ? colour : lighten(colour, 0.25), random);
    }
    food += herbs(x, y, r * 0.55, 4, random, "#2d6a4f") + speckles(x, y, r * 0.55, 10, random, "#fff", 2);
  }
  const glasses = [
    [380, 110],
    [700, 290],
    [90, 300],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="38" fill="#fff" opacity="0.25"/><circle cx="${x}" cy="${y}" r="30" fill="${random.pick(["#8b2f39", "#f4d35e", "#e9ecef", "#f4a261"])}" opacity="0.8"/><circle cx="${fmt(x! - 12)}" cy="${fmt(y! - 12)}" r="8" fill="#fff" opacity="0.5"/>`)
    .join("");
  return `${planks}${food}${glasses}`;
}

export function restaurantArt(scene: RestaurantScene, random: Random): string {
  const body = scene === "front" ? shopFront(random) : scene === "interior" ? diningRoom(random) : sharingTable(random);
  return svgDocument(
    800,
    600,
    body,
    COMMON_DEFS +
      linear("warm", [
        [0, "#ffe2a8"],
        [1, "#f4a261"],
      ]),
  );
}
