// Food illustrations: one drawing routine per kind of dish (burger, ramen, sushi ...), each
// seen from above or from the side on a table, varied in colours, garnish and layout by a
// seeded random so the 7 variants of a kind look like different kitchens' plates.
import type { DishArt } from "../menu.ts";
import type { Random } from "../random.ts";
import {
  blob,
  blobPath,
  bowl,
  chilliRings,
  chopsticks,
  COMMON_DEFS,
  cutlery,
  g,
  herbs,
  leaf,
  lemonWedge,
  napkin,
  plate,
  pointIn,
  riceGrains,
  sauceDish,
  seeds,
  shadow,
  speckles,
  springOnions,
  table,
} from "./shapes.ts";
import { darken, fmt, hsl, lighten, linear, mix, radial, svgDocument } from "./svg.ts";

const W = 800;
const H = 600;

type Painter = (random: Random) => { body: string; defs?: string };

function golden(random: Random): string {
  return hsl(random.int(30, 40), random.int(65, 80), random.int(48, 58));
}

const burger: Painter = (random) => {
  const bun = random.pick(["#d98e3a", "#c97a2b", "#e2a35a", "#3a3a3a", "#b86b2c"]);
  const cheese = random.pick(["#f9c74f", "#f4a261", "#ffd166"]);
  const cx = random.int(370, 420);
  const withFries = random.chance(0.6);
  const seedsOn = bun !== "#3a3a3a" ? seeds(cx, 236, 78, 26, random) : seeds(cx, 236, 78, 26, random, "#e9e4d4");
  const bacon = random.chance(0.45)
    ? `<path d="M${cx - 150} 318 Q${cx - 100} 300 ${cx - 50} 318 T${cx + 50} 318 T${cx + 150} 318 L${cx + 150} 330 Q${cx + 100} 312 ${cx + 50} 330 T${cx - 50} 330 T${cx - 150} 330 Z" fill="#b5482f"/>`
    : "";
  const fries = withFries
    ? g(
        `${shadow(0, 60, 70, 40, 0.3)}${Array.from({ length: 14 }, (_, i) => {
          const x = -55 + i * 8 + random.int(-3, 3);
          const h = random.int(90, 140);
          return `<rect x="${x}" y="${40 - h}" width="13" height="${h}" rx="3" fill="${mix("#f6c453", "#e09f3e", random.next())}" transform="rotate(${random.int(-12, 12)} ${x} 40)"/>`;
        }).join("")}<path d="M-70 10 L70 10 L56 120 L-56 120 Z" fill="${random.pick(["#c0392b", "#2d6a4f", "#1d3557", "#f1faee"])}"/><path d="M-70 10 L70 10 L67 32 L-67 32 Z" fill="#fff" opacity="0.25"/>`,
        `translate(${cx + 250} 330)`,
      )
    : "";
  return {
    body: `${table(random)}
      <ellipse cx="${cx + 20}" cy="440" rx="${withFries ? 330 : 270}" ry="95" fill="url(#softshadow)" opacity="0.3"/>
      <ellipse cx="${cx + 20}" cy="420" rx="${withFries ? 330 : 270}" ry="95" fill="${random.pick(["#f4f1ea", "#8d6748", "#2e2e2e", "#e6dccb"])}"/>
      <ellipse cx="${cx + 20}" cy="412" rx="${withFries ? 300 : 245}" ry="78" fill="#fff" opacity="0.12"/>
      <path d="M${cx - 140} 380 Q${cx - 140} 415 ${cx} 418 Q${cx + 140} 415 ${cx + 140} 380 Z" fill="${darken(bun, 0.1)}"/>
      <rect x="${cx - 150}" y="345" width="300" height="40" rx="16" fill="${bun}"/>
      <path d="M${cx - 165} 345 Q${cx - 120} 325 ${cx - 80} 342 T${cx} 340 T${cx + 80} 342 T${cx + 165} 345 L${cx + 160} 360 L${cx - 160} 360 Z" fill="#6ab04c"/>
      <rect x="${cx - 158}" y="300" width="316" height="52" rx="22" fill="url(#patty)"/>
      ${speckles(cx, 326, 120, 40, random, "#2b1a10", 2.5)}
      <path d="M${cx - 160} 300 L${cx + 160} 300 L${cx + 150} 318 L${cx + 120} 318 L${cx + 110} 342 L${cx + 98} 318 L${cx - 40} 318 L${cx - 52} 350 L${cx - 64} 318 L${cx - 150} 318 Z" fill="${cheese}"/>
      ${bacon}
      <rect x="${cx - 140}" y="284" width="280" height="18" rx="8" fill="#e63946"/>
      <path d="M${cx - 165} 288 C${cx - 165} 170 ${cx + 165} 170 ${cx + 165} 288 Z" fill="url(#bun)"/>
      <path d="M${cx - 120} 230 C${cx - 90} 196 ${cx - 20} 186 ${cx + 20} 190" stroke="#fff" stroke-width="10" fill="none" opacity="0.22" stroke-linecap="round"/>
      ${seedsOn}
      ${fries}`,
    defs:
      linear("bun", [
        [0, lighten(bun, 0.18)],
        [1, darken(bun, 0.15)],
      ]) +
      linear("patty", [
        [0, "#6b3b22"],
        [1, "#3d2114"],
      ]),
  };
};

const pizza: Painter = (random) => {
  const cx = 400;
  const cy = 300;
  const sauce = random.pick(["#c0392b", "#b03a2e", "#d35400", "#f3e5c0"]);
  const toppings = random.sample(["pepperoni", "basil", "mushroom", "olive", "pepper", "rocket", "onion"], random.int(2, 3));
  let top = "";
  for (let i = 0; i < 26; i++) {
    const [x, y] = pointIn(cx, cy, 160, random);
    top += blob(x, y, random.int(18, 34), random.int(16, 30), random.chance(0.5) ? "#fbe7a1" : "#f7d774", random, `opacity="0.92"`);
  }
  for (const t of toppings) {
    const n = t === "rocket" ? 18 : t === "basil" ? 8 : 12;
    for (let i = 0; i < n; i++) {
      const [x, y] = pointIn(cx, cy, 165, random);
      if (t === "pepperoni") top += `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="19" fill="#a4262c"/><circle cx="${fmt(x - 4)}" cy="${fmt(y - 5)}" r="6" fill="#c44536" opacity="0.7"/>`;
      if (t === "basil") top += leaf(x, y, 16, random.int(0, 359), "#2d6a4f");
      if (t === "rocket") top += leaf(x, y, 11, random.int(0, 359), "#55a630");
      if (t === "mushroom") top += `<path d="M${fmt(x - 14)} ${fmt(y)} A14 12 0 0 1 ${fmt(x + 14)} ${fmt(y)} L${fmt(x + 5)} ${fmt(y)} L${fmt(x + 5)} ${fmt(y + 10)} L${fmt(x - 5)} ${fmt(y + 10)} L${fmt(x - 5)} ${fmt(y)} Z" fill="#d9c7a7" stroke="#9c8462" stroke-width="1.5" transform="rotate(${random.int(0, 359)} ${fmt(x)} ${fmt(y)})"/>`;
      if (t === "olive") top += `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="8" fill="none" stroke="#1b1b1b" stroke-width="5"/>`;
      if (t === "pepper") top += `<path d="M${fmt(x - 14)} ${fmt(y)} Q${fmt(x)} ${fmt(y - 14)} ${fmt(x + 14)} ${fmt(y)}" stroke="${random.pick(["#2a9d8f", "#f4a261", "#e9c46a"])}" stroke-width="6" fill="none" stroke-linecap="round" transform="rotate(${random.int(0, 359)} ${fmt(x)} ${fmt(y)})"/>`;
      if (t === "onion") top += `<path d="M${fmt(x - 12)} ${fmt(y)} Q${fmt(x)} ${fmt(y - 12)} ${fmt(x + 12)} ${fmt(y)}" stroke="#9b5de5" stroke-width="3.5" fill="none" transform="rotate(${random.int(0, 359)} ${fmt(x)} ${fmt(y)})"/>`;
    }
  }
  const slices = random.pick([6, 8]);
  const cuts = Array.from({ length: slices }, (_, i) => {
    const a = (i / slices) * Math.PI * 2 + 0.3;
    return `<line x1="${cx}" y1="${cy}" x2="${fmt(cx + Math.cos(a) * 215)}" y2="${fmt(cy + Math.sin(a) * 215)}" stroke="#5a3a1a" stroke-width="2.5" opacity="0.35"/>`;
  }).join("");
  const char = speckles(cx, cy, 215, 50, random, "#4a2c14", 4);
  return {
    body: `${table(random)}
      ${shadow(cx, cy, 250, 250)}
      <circle cx="${cx}" cy="${cy}" r="250" fill="${random.pick(["#a47148", "#8d6748", "#2f2f2f", "#c9a77c"])}"/>
      <rect x="${cx + 230}" y="${cy - 28}" width="180" height="56" rx="20" fill="#8d6748"/>
      <circle cx="${cx}" cy="${cy}" r="222" fill="url(#crust)"/>
      <g clip-path="url(#crustclip)">${char}</g>
      <circle cx="${cx}" cy="${cy}" r="186" fill="${sauce}"/>
      ${blob(cx, cy, 178, 176, sauce, random)}
      ${top}
      ${cuts}
      ${random.chance(0.5) ? speckles(cx, cy, 170, 40, random, "#1b1b1b", 1.6) : ""}`,
    defs:
      radial("crust", [
        [0.75, "#e7b46a"],
        [0.92, "#d08c3c"],
        [1, "#a9652a"],
      ]).replace('cx="50%" cy="45%" r="60%"', 'cx="50%" cy="50%" r="50%"') +
      `<clipPath id="crustclip"><circle cx="${cx}" cy="${cy}" r="222"/></clipPath>`,
  };
};

const ramen: Painter = (random) => {
  const cx = 390;
  const cy = 305;
  const broth = random.pick(["#efd9a8", "#d98f3a", "#9a5b2a", "#c0392b", "#f3e6c0", "#c8741e", "#6f3b1e"]);
  const turn = random.int(0, 359);
  let noodles = "";
  for (let i = 0; i < 16; i++) {
    const y = cy - 30 + i * 9;
    noodles += `<path d="M${cx - 150} ${y} q25 -14 50 0 t50 0 t50 0 t50 0 t50 0" stroke="${i % 2 ? "#f6dd8b" : "#f1d072"}" stroke-width="7" fill="none" stroke-linecap="round" opacity="0.95"/>`;
  }
  const chashu = Array.from({ length: random.int(2, 3) }, (_, i) => {
    const x = cx + 70 + i * 18;
    const y = cy - 90 + i * 50;
    return `<circle cx="${x}" cy="${y}" r="46" fill="#f0d2b6"/><circle cx="${x}" cy="${y}" r="40" fill="#c8845f"/>${blob(x, y, 28, 22, "#d99e7a", random)}<circle cx="${x}" cy="${y}" r="46" fill="none" stroke="#8a4b2e" stroke-width="3"/>`;
  }).join("");
  const egg = (x: number, y: number, a: number) =>
    `<g transform="translate(${x} ${y}) rotate(${a})"><ellipse rx="44" ry="32" fill="#fbf6ea"/><ellipse rx="44" ry="32" fill="none" stroke="#e8d7b5" stroke-width="3"/><ellipse cx="0" cy="0" rx="24" ry="19" fill="url(#yolk)"/></g>`;
  const nori = `<rect x="${cx - 160}" y="${cy - 150}" width="70" height="110" rx="4" fill="#1e2b22" transform="rotate(-18 ${cx - 125} ${cy - 95})"/><rect x="${cx - 130}" y="${cy - 160}" width="70" height="110" rx="4" fill="#24352a" transform="rotate(-4 ${cx - 95} ${cy - 105})"/>`;
  const extras = random.chance(0.5)
    ? speckles(cx - 40, cy + 100, 45, 30, random, "#f9d423", 6)
    : `<circle cx="${cx - 70}" cy="${cy + 90}" r="30" fill="#fff"/><path d="M${cx - 70} ${cy + 90} m-18 0 a18 18 0 1 1 36 0 a12 12 0 1 1 -24 0 a6 6 0 1 1 12 0" stroke="#ef6f9a" stroke-width="4" fill="none"/>`;
  return {
    body: `${table(random)}
      ${bowl(cx, cy, 245, random)}
      <circle cx="${cx}" cy="${cy}" r="205" fill="url(#broth)"/>
      <g transform="rotate(${turn} ${cx} ${cy})">
      ${noodles}
      ${nori}
      ${chashu}
      ${egg(cx - 40, cy - 30, -20)}${egg(cx + 10, cy + 10, 15)}
      ${extras}
      </g>
      ${springOnions(cx, cy, 180, 28, random)}
      ${broth === "#c0392b" ? chilliRings(cx, cy, 150, 6, random) : seeds(cx, cy, 170, 20, random)}
      ${speckles(cx, cy, 190, 18, random, "#ffcf5c", 5)}
      ${chopsticks(cx + 80, cy - 250, 62, random)}`,
    defs:
      radial("broth", [
        [0, lighten(broth, 0.15)],
        [1, darken(broth, 0.15)],
      ]) +
      radial("yolk", [
        [0, "#ffb703"],
        [0.8, "#f77f00"],
        [1, "#e76f51"],
      ]),
  };
};

const sushi: Painter = (random) => {
  const fish = [
    { fill: "#f4845f", stripe: "#ffd6c2" },
    { fill: "#c1121f", stripe: "#e5383b" },
    { fill: "#f7f1e3", stripe: "#f08080" },
    { fill: "#ffd166", stripe: "#f4a261" },
    { fill: "#e9edc9", stripe: "#ccd5ae" },
  ];
  const board = random.pick(["#c9a36b", "#2f3640", "#e8dcc5", "#1b1b1b"]);
  const nigiri = (x: number, y: number, f: { fill: string; stripe: string }) =>
    `<g transform="translate(${x} ${y}) rotate(${random.int(-8, 8)}) scale(1.35)">
      ${shadow(0, 0, 62, 32, 0.25)}
      <rect x="-58" y="-22" width="116" height="50" rx="24" fill="#fbfbf7"/>
      ${riceGrains(0, 4, 40, 14, random, "#f1f1ea")}
      <path d="M-70 -14 C-40 -40 40 -40 70 -14 C60 10 -60 10 -70 -14 Z" fill="${f.fill}"/>
      ${[-40, -15, 10, 35].map((dx) => `<path d="M${dx} -30 Q${dx + 10} -14 ${dx + 4} 2" stroke="${f.stripe}" stroke-width="4" fill="none" opacity="0.8"/>`).join("")}
      <path d="M-50 -26 C-20 -36 20 -36 50 -26" stroke="#fff" stroke-width="4" fill="none" opacity="0.3"/>
    </g>`;
  const maki = (x: number, y: number, centre: string) =>
    `<g transform="translate(${x} ${y}) scale(1.3)">${shadow(0, 0, 38, 38, 0.25)}<circle r="38" fill="#1d2b20"/><circle r="31" fill="#fbfbf7"/>${riceGrains(0, 0, 26, 10, random, "#eeeee6")}<circle r="13" fill="${centre}"/><circle cx="5" r="6" fill="${lighten(centre, 0.25)}"/></g>`;
  let pieces = "";
  const nigiriCount = random.int(2, 3);
  for (let i = 0; i < nigiriCount; i++) pieces += nigiri(400 + (i - (nigiriCount - 1) / 2) * 190, 240, random.pick(fish));
  const makiCount = random.int(3, 4);
  for (let i = 0; i < makiCount; i++) pieces += maki(400 + (i - (makiCount - 1) / 2) * 115 - 40, 385, random.pick(["#f4845f", "#90be6d", "#c1121f", "#ffd166"]));
  return {
    body: `${table(random)}
      ${shadow(400, 305, 320, 170)}
      <rect x="90" y="150" width="620" height="310" rx="18" fill="${board}"/>
      <rect x="90" y="150" width="620" height="310" rx="18" fill="url(#shine)" opacity="0.25"/>
      ${pieces}
      ${blob(640, 380, 26, 18, "#8cbf3f", random)}
      ${Array.from({ length: 4 }, (_, i) => `<ellipse cx="${640 + random.int(-8, 8)}" cy="${300 - i * 9}" rx="26" ry="11" fill="#f4b6c2" opacity="0.9"/>`).join("")}
      ${sauceDish(680, 520, 46, "#3b1f0e", random)}
      ${chopsticks(120, 520, -6, random)}`,
  };
};

const coffee: Painter = (random) => {
  const cx = random.int(360, 420);
  const cy = 300;
  const cup = random.pick(["#ffffff", "#f4f1ea", "#2b2b2b", "#8fb8de", "#e9c46a", "#e76f51", "#588157"]);
  const crema = random.pick(["#8b5a2b", "#7a4a22", "#9c6b3f"]);
  const art = random.int(0, 2);
  const latte =
    art === 0
      ? `<path d="M${cx} ${cy + 50} C${cx - 80} ${cy - 10} ${cx - 50} ${cy - 70} ${cx} ${cy - 30} C${cx + 50} ${cy - 70} ${cx + 80} ${cy - 10} ${cx} ${cy + 50} Z" fill="#f3e2c7"/>`
      : art === 1
        ? `${[0, 1, 2, 3, 4].map((i) => `<path d="M${cx - 60 + i * 6} ${cy + 40 - i * 18} Q${cx} ${cy + 10 - i * 18} ${cx + 60 - i * 6} ${cy + 40 - i * 18} Q${cx} ${cy + 22 - i * 18} ${cx - 60 + i * 6} ${cy + 40 - i * 18} Z" fill="#f3e2c7"/>`).join("")}<line x1="${cx}" y1="${cy - 60}" x2="${cx}" y2="${cy + 70}" stroke="#f3e2c7" stroke-width="5"/>`
        : `<circle cx="${cx}" cy="${cy}" r="62" fill="#f3e2c7"/><circle cx="${cx}" cy="${cy}" r="40" fill="${crema}"/><circle cx="${cx}" cy="${cy}" r="20" fill="#f3e2c7"/>`;
  const beans = Array.from({ length: random.int(4, 8) }, () => {
    const x = random.int(60, 740);
    const y = random.chance(0.5) ? random.int(40, 110) : random.int(500, 570);
    return `<g transform="translate(${x} ${y}) rotate(${random.int(0, 180)})"><ellipse rx="14" ry="10" fill="#4a2c17"/><path d="M-10 0 Q0 -4 10 0" stroke="#2a160a" stroke-width="2.5" fill="none"/></g>`;
  }).join("");
  const side = random.chance(0.5)
    ? g(
        `${shadow(0, 0, 70, 45, 0.3)}<path d="M-80 10 C-70 -50 70 -50 80 10 C60 30 -60 30 -80 10 Z" fill="#d99a45"/>${[-50, -20, 10, 40].map((x) => `<path d="M${x} -30 Q${x + 12} 0 ${x + 4} 22" stroke="#b06f28" stroke-width="4" fill="none"/>`).join("")}<path d="M-60 -10 C-30 -40 30 -40 60 -10" stroke="#f5c27a" stroke-width="6" fill="none" opacity="0.6"/>`,
        `translate(${cx + 260} ${cy + 150}) rotate(-15)`,
      )
    : `<g transform="translate(${cx + 250} ${cy - 170})">${shadow(0, 0, 40, 40, 0.25)}${[0, 1].map((i) => `<rect x="${-30 + i * 34}" y="${-20 + i * 8}" width="30" height="30" rx="4" fill="#fdfdfd" stroke="#ddd"/>`).join("")}</g>`;
  return {
    body: `${table(random)}
      ${beans}
      ${shadow(cx, cy, 210, 210, 0.35)}
      <circle cx="${cx}" cy="${cy}" r="205" fill="${lighten(cup, 0.05)}"/>
      <circle cx="${cx}" cy="${cy}" r="170" fill="${darken(cup, 0.06)}"/>
      <rect x="${cx + 120}" y="${cy - 26}" width="120" height="52" rx="26" fill="${cup}"/>
      <rect x="${cx + 150}" y="${cy - 12}" width="70" height="24" rx="12" fill="${darken(cup, 0.12)}"/>
      <circle cx="${cx}" cy="${cy}" r="140" fill="${cup}"/>
      <circle cx="${cx}" cy="${cy}" r="118" fill="url(#coffee)"/>
      ${latte}
      <circle cx="${cx}" cy="${cy}" r="140" fill="url(#shine)" opacity="0.4"/>
      <g transform="translate(${cx - 140} ${cy + 120}) rotate(35)"><ellipse rx="26" ry="16" fill="#c9ccd1"/><rect x="20" y="-5" width="110" height="10" rx="5" fill="#c9ccd1"/></g>
      ${side}`,
    defs: radial("coffee", [
      [0, lighten(crema, 0.15)],
      [0.85, crema],
      [1, darken(crema, 0.35)],
    ]),
  };
};

const taco: Painter = (random) => {
  const tortilla = random.pick(["#f2c661", "#e9b949", "#f5d48a", "#d9a441"]);
  const filling = random.pick(["#7f4f24", "#9c6644", "#c8553d", "#e6ccb2", "#6a994e"]);
  const one = (x: number, y: number, a: number) => `<g transform="translate(${x} ${y}) rotate(${a})">
      ${shadow(0, 40, 110, 40, 0.3)}
      ${blob(0, -40, 104, 48, filling, random)}
      ${speckles(0, -40, 80, 14, random, darken(filling, 0.3), 7)}
      ${herbs(0, -48, 75, 10, random, "#2d6a4f")}
      ${speckles(0, -45, 80, 10, random, "#b5179e", 5)}
      ${speckles(0, -45, 80, 8, random, "#e63946", 6)}
      <path d="M-90 -48 Q-40 -30 0 -52 T90 -46" stroke="#fff8e7" stroke-width="7" fill="none" stroke-linecap="round" opacity="0.9"/>
      <path d="M-115 -25 A115 95 0 0 0 115 -25 Z" fill="url(#tortilla)"/>
      ${speckles(0, 20, 70, 12, random, darken(tortilla, 0.35), 5)}
    </g>`;
  return {
    body: `${table(random)}
      <ellipse cx="400" cy="340" rx="360" ry="210" fill="url(#softshadow)" opacity="0.3"/>
      <ellipse cx="400" cy="320" rx="360" ry="210" fill="${random.pick(["#f4f1ea", "#1d3557", "#e76f51", "#2a9d8f", "#f1faee"])}"/>
      <ellipse cx="400" cy="320" rx="330" ry="185" fill="#fff" opacity="0.1"/>
      ${one(200, 330, -6)}${one(400, 350, 2)}${one(600, 330, 7)}
      ${lemonWedge(170, 170, 40, 200, true)}${lemonWedge(640, 175, 36, 160, true)}
      ${sauceDish(400, 170, 50, random.pick(["#c1121f", "#588157", "#f77f00"]), random)}`,
    defs: linear("tortilla", [
      [0, lighten(tortilla, 0.12)],
      [1, darken(tortilla, 0.12)],
    ]),
  };
};

const dumplings: Painter = (random) => {
  const steamer = random.chance(0.6);
  const cx = 380;
  const cy = 300;
  const skin = random.pick(["#fbf4e6", "#f6ecd6", "#f2e8cf", "#e8f1d8"]);
  const pleated = (x: number, y: number, r: number) =>
    `<g transform="translate(${fmt(x)} ${fmt(y)}) rotate(${random.int(0, 359)})">
      <circle r="${r}" fill="${skin}"/>
      ${Array.from({ length: 9 }, (_, i) => {
        const a = (i / 9) * Math.PI * 2;
        return `<path d="M${fmt(Math.cos(a) * r * 0.9)} ${fmt(Math.sin(a) * r * 0.9)} Q${fmt(Math.cos(a + 0.4) * r * 0.4)} ${fmt(Math.sin(a + 0.4) * r * 0.4)} 0 0" stroke="${darken(skin, 0.12)}" stroke-width="2.5" fill="none"/>`;
      }).join("")}
      <circle r="${r * 0.14}" fill="${darken(skin, 0.08)}"/>
      <circle r="${r}" fill="url(#shine)" opacity="0.6"/>
    </g>`;
  const gyoza = (x: number, y: number, a: number) =>
    `<g transform="translate(${fmt(x)} ${fmt(y)}) rotate(${a})">
      <path d="M-60 10 C-60 -40 60 -40 60 10 Z" fill="${skin}"/>
      <path d="M-60 10 L60 10 L56 22 C20 30 -20 30 -56 22 Z" fill="#c8863c"/>
      ${[-40, -20, 0, 20, 40].map((dx) => `<path d="M${dx} -28 Q${dx + 6} -18 ${dx + 2} -8" stroke="${darken(skin, 0.15)}" stroke-width="3" fill="none"/>`).join("")}
    </g>`;
  let items = "";
  if (steamer) {
    const n = random.int(5, 7);
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2;
      items += pleated(cx + Math.cos(a) * 105, cy + Math.sin(a) * 105, 56);
    }
    items += pleated(cx, cy, 56);
  } else {
    for (let i = 0; i < 5; i++) items += gyoza(cx - 150 + i * 70, cy - 40 + (i % 2) * 60, -25 + i * 4);
  }
  const base = steamer
    ? `${shadow(cx, cy, 245, 245)}<circle cx="${cx}" cy="${cy}" r="245" fill="#c89b5a"/><circle cx="${cx}" cy="${cy}" r="228" fill="#ddb574"/>${[200, 170, 140, 110, 80].map((r) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#b8894a" stroke-width="3" opacity="0.6"/>`).join("")}<circle cx="${cx}" cy="${cy}" r="215" fill="#f4ecd9" opacity="0.5"/>`
    : plate(cx, cy, 250, random);
  return {
    body: `${table(random)}
      ${base}
      ${items}
      ${springOnions(cx, cy, 170, steamer ? 0 : 10, random)}
      ${sauceDish(680, 470, 62, "#3b1f0e", random)}
      ${speckles(680, 470, 40, 12, random, "#d62828", 5)}
      ${chopsticks(520, 60, 35, random)}`,
  };
};

const curry: Painter = (random) => {
  const sauce = random.pick(["#d35400", "#c0392b", "#e1a21a", "#7c8b2b", "#a0522d", "#e67e22"]);
  const chunk = random.pick(["#f1e3c6", "#b5651d", "#7f4f24", "#f6f1e1"]);
  const bx = 320;
  const by = 300;
  let chunks = "";
  for (let i = 0; i < 16; i++) {
    const [x, y] = pointIn(bx, by, 120, random);
    chunks += blob(x, y, random.int(16, 26), random.int(14, 22), random.chance(0.7) ? chunk : darken(sauce, 0.2), random, `opacity="0.95"`);
  }
  const side = random.chance(0.5)
    ? `${plate(610, 330, 150, random)}${blob(610, 330, 95, 80, "#fbfbf4", random)}${riceGrains(610, 330, 85, 90, random)}${random.chance(0.5) ? speckles(610, 330, 80, 20, random, "#f4a261", 5) : ""}`
    : `${shadow(610, 330, 140, 120)}<path d="${blobPath(610, 330, 150, 115, random, 9, 0.12)}" fill="#f2d49b"/>${speckles(610, 330, 120, 26, random, "#8a5a2b", 9)}${speckles(610, 330, 110, 40, random, "#ffffff", 3)}<path d="${blobPath(610, 330, 150, 115, random, 9, 0.12)}" fill="url(#shine)" opacity="0.5"/>`;
  return {
    body: `${table(random)}
      ${side}
      ${shadow(bx, by, 200, 200)}
      <circle cx="${bx}" cy="${by}" r="200" fill="url(#metal)"/>
      <circle cx="${bx}" cy="${by}" r="176" fill="${darken(sauce, 0.2)}"/>
      <circle cx="${bx}" cy="${by}" r="168" fill="url(#sauce)"/>
      ${chunks}
      <path d="M${bx - 70} ${by} a70 70 0 1 1 140 0 a50 50 0 1 1 -100 0 a30 30 0 1 1 60 0" stroke="#fff7e6" stroke-width="7" fill="none" opacity="0.7"/>
      ${herbs(bx, by, 140, 16, random, "#2d6a4f")}
      ${random.chance(0.5) ? chilliRings(bx, by, 130, 5, random) : ""}
      <rect x="${bx - 215}" y="${by - 22}" width="40" height="44" rx="12" fill="url(#metal)"/>
      <rect x="${bx + 175}" y="${by - 22}" width="40" height="44" rx="12" fill="url(#metal)"/>`,
    defs:
      radial("sauce", [
        [0, lighten(sauce, 0.2)],
        [1, darken(sauce, 0.1)],
      ]) +
      radial(
        "metal",
        random.chance(0.5)
          ? [
              [0, "#f0c27b"],
              [1, "#a0522d"],
            ]
          : [
              [0, "#f5f5f5"],
              [1, "#9a9a9a"],
            ],
      ),
  };
};

const pasta: Painter = (random) => {
  const cx = 400;
  const cy = 300;
  const sauce = random.pick(["#c0392b", "#f3e5ab", "#6b8e23", "#b5651d", "#e9d8a6"]);
  const kind = random.int(0, 2);
  let food = "";
  if (kind === 0) {
    for (let i = 0; i < 34; i++) {
      const r = random.int(20, 130);
      const a0 = random.next() * Math.PI * 2;
      const a1 = a0 + random.float(1.5, 3.5);
      const p = (a: number) => `${fmt(cx + Math.cos(a) * r)} ${fmt(cy + Math.sin(a) * r * 0.9)}`;
      food += `<path d="M${p(a0)} A${r} ${fmt(r * 0.9)} 0 0 1 ${p(a1)}" stroke="${random.chance(0.5) ? "#f6d67a" : "#efc65c"}" stroke-width="8" fill="none" stroke-linecap="round"/>`;
    }
    if (sauce !== "#f3e5ab") food += blob(cx, cy - 10, 70, 55, sauce, random, `opacity="0.9"`);
  } else if (kind === 1) {
    for (let i = 0; i < 7; i++) {
      const [x, y] = pointIn(cx, cy, 95, random);
      food += `<g transform="translate(${fmt(x)} ${fmt(y)}) rotate(${random.int(0, 90)})"><rect x="-38" y="-38" width="76" height="76" rx="6" fill="#f3d08b" stroke="#e0b565" stroke-width="6" stroke-dasharray="5 4"/><rect x="-24" y="-24" width="48" height="48" rx="12" fill="#f8df9f"/></g>`;
    }
    food += speckles(cx, cy, 120, 30, random, sauce === "#f3e5ab" ? "#8d6e3f" : sauce, 7);
  } else {
    food += blob(cx, cy, 140, 130, sauce, random, `opacity="0.9"`);
    for (let i = 0; i < 40; i++) {
      const [x, y] = pointIn(cx, cy, 120, random);
      food += `<g transform="translate(${fmt(x)} ${fmt(y)}) rotate(${random.int(0, 180)})"><rect x="-22" y="-8" width="44" height="16" rx="3" fill="#f2c56b" transform="skewX(-25)"/><line x1="-14" y1="-8" x2="-8" y2="8" stroke="#d9a441" stroke-width="2"/><line x1="0" y1="-8" x2="6" y2="8" stroke="#d9a441" stroke-width="2"/></g>`;
    }
  }
  return {
    body: `${table(random)}
      ${random.chance(0.5) ? napkin(40, 380, 220, 160, -12, random) : ""}
      ${plate(cx, cy, 250, random)}
      ${food}
      ${herbs(cx, cy, 110, 7, random, "#2d6a4f")}
      ${Array.from({ length: 8 }, () => {
        const [x, y] = pointIn(cx, cy, 110, random);
        return `<path d="M${fmt(x)} ${fmt(y)} l18 -6 l-6 16 Z" fill="#fff6d6" opacity="0.95"/>`;
      }).join("")}
      ${speckles(cx, cy, 120, 30, random, "#222", 1.8)}
      ${cutlery(690, 200, random)}`,
  };
};

const salad: Painter = (random) => {
  const cx = 390;
  const cy = 300;
  let leaves = "";
  const greens = ["#2d6a4f", "#40916c", "#52b788", "#74c69d", "#588157", "#6a994e"];
  for (let i = 0; i < 55; i++) {
    const [x, y] = pointIn(cx, cy, 175, random);
    leaves += leaf(x, y, random.float(26, 44), random.int(0, 359), random.pick(greens));
  }
  let extras = "";
  for (let i = 0; i < 9; i++) {
    const [x, y] = pointIn(cx, cy, 150, random);
    extras += `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="20" fill="#e63946"/><circle cx="${fmt(x - 6)}" cy="${fmt(y - 6)}" r="6" fill="#fff" opacity="0.45"/>`;
  }
  for (let i = 0; i < 7; i++) {
    const [x, y] = pointIn(cx, cy, 150, random);
    extras += random.chance(0.5)
      ? `<rect x="${fmt(x)}" y="${fmt(y)}" width="26" height="26" rx="4" fill="#fbfbf4" transform="rotate(${random.int(0, 90)} ${fmt(x)} ${fmt(y)})"/>`
      : `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="22" fill="#d8f3dc" stroke="#2d6a4f" stroke-width="4"/><circle cx="${fmt(x)}" cy="${fmt(y)}" r="9" fill="#b7e4c7"/>`;
  }
  if (random.chance(0.5)) {
    for (let i = 0; i < 6; i++) {
      const [x, y] = pointIn(cx, cy, 140, random);
      extras += `<path d="M${fmt(x - 22)} ${fmt(y)} A22 22 0 0 1 ${fmt(x + 22)} ${fmt(y)}" stroke="#9d4edd" stroke-width="4" fill="none" transform="rotate(${random.int(0, 359)} ${fmt(x)} ${fmt(y)})"/>`;
    }
  }
  return {
    body: `${table(random)}
      ${bowl(cx, cy, 240, random, random.pick(["#d4a373", "#fbfaf7", "#264653", "#e9c46a", "#f4f1de"]))}
      <circle cx="${cx}" cy="${cy}" r="205" fill="#1b4332"/>
      ${leaves}
      ${extras}
      ${seeds(cx, cy, 160, 30, random, "#f0e6c8")}
      ${lemonWedge(690, 480, 48, 20)}
      ${cutlery(680, 120, random)}`,
  };
};

const steak: Painter = (random) => {
  const cx = 380;
  const cy = 300;
  const sliced = random.chance(0.5);
  const meat = sliced
    ? Array.from({ length: 6 }, (_, i) => {
        const x = cx - 130 + i * 42;
        return `<g transform="translate(${x} ${cy - 20}) rotate(-12)"><rect x="-22" y="-70" width="44" height="140" rx="12" fill="#6b2e1e"/><rect x="-16" y="-62" width="32" height="124" rx="10" fill="url(#pink)"/></g>`;
      }).join("")
    : `<path d="${blobPath(cx - 20, cy - 20, 140, 95, random, 8, 0.1)}" fill="url(#sear)"/>${[-80, -30, 20, 70].map((dx) => `<line x1="${cx - 20 + dx - 40}" y1="${cy - 90}" x2="${cx - 20 + dx + 40}" y2="${cy + 50}" stroke="#2b130b" stroke-width="9" opacity="0.55" stroke-linecap="round"/>`).join("")}`;
  const side = random.chance(0.5)
    ? Array.from({ length: 22 }, () => {
        const x = cx + 90 + random.int(-40, 60);
        const y = cy + 90 + random.int(-40, 40);
        return `<rect x="${x}" y="${y}" width="14" height="${random.int(70, 110)}" rx="3" fill="${mix("#f6c453", "#e09f3e", random.next())}" transform="rotate(${random.int(-70, 70)} ${x} ${y})"/>`;
      }).join("")
    : Array.from({ length: 7 }, () => {
        const [x, y] = pointIn(cx + 110, cy + 110, 60, random);
        return blob(x, y, 30, 24, "#e0a84a", random) + `<ellipse cx="${fmt(x - 6)}" cy="${fmt(y - 8)}" rx="10" ry="6" fill="#fff3c4" opacity="0.6"/>`;
      }).join("");
  const greens = Array.from({ length: 5 }, () => {
    const [x, y] = pointIn(cx - 120, cy + 120, 40, random);
    return `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="20" fill="#2d6a4f"/><circle cx="${fmt(x + 8)}" cy="${fmt(y - 6)}" r="13" fill="#40916c"/>`;
  }).join("");
  return {
    body: `${table(random)}
      ${plate(cx, cy, 255, random)}
      ${meat}
      ${side}
      ${greens}
      ${herbs(cx - 20, cy - 30, 90, 4, random, "#386641")}
      ${sauceDish(660, 130, 50, random.pick(["#6f4518", "#f1e3b0", "#2d6a4f"]), random)}
      ${speckles(cx, cy, 160, 25, random, "#fff", 2)}`,
    defs:
      linear("pink", [
        [0, "#e07a7a"],
        [0.5, "#f4a6a6"],
        [1, "#e07a7a"],
      ], false) +
      radial("sear", [
        [0, "#8b4a2b"],
        [1, "#4a2416"],
      ]),
  };
};

const cake: Painter = (random) => {
  const sponge = random.pick(["#f6d7a7", "#5e3023", "#f4e1c1", "#e9c46a", "#f9e0e3"]);
  const frosting = random.pick(["#fff8f0", "#7f5539", "#ffc8dd", "#f4a261", "#d8f3dc", "#3d2b1f"]);
  const berries = random.pick(["#c1121f", "#5a189a", "#ef476f"]);
  const cx = 400;
  const cy = 320;
  const layers = [0, 1, 2]
    .map((i) => `<path d="M${cx - 170} ${cy - 10 + i * 45} L${cx + 120} ${cy - 70 + i * 45} L${cx + 120} ${cy - 35 + i * 45} L${cx - 170} ${cy + 25 + i * 45} Z" fill="${i % 2 ? frosting : sponge}"/>`)
    .join("");
  return {
    body: `${table(random)}
      ${plate(cx, cy, 245, random)}
      <path d="M${cx - 180} ${cy + 120} Q${cx - 60} ${cy + 170} ${cx + 60} ${cy + 120} T${cx + 180} ${cy + 130}" stroke="${darken(berries, 0.1)}" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.8"/>
      <path d="M${cx - 170} ${cy - 10} L${cx + 120} ${cy - 70} L${cx + 120} ${cy + 60} L${cx - 170} ${cy + 120} Z" fill="${sponge}"/>
      ${layers}
      <path d="M${cx - 170} ${cy - 10} L${cx + 120} ${cy - 70} L${cx + 190} ${cy - 30} Q${cx + 160} ${cy + 20} ${cx + 120} ${cy + 60} L${cx + 120} ${cy - 70} Z" fill="${darken(sponge, 0.12)}"/>
      <path d="M${cx - 176} ${cy - 14} L${cx + 124} ${cy - 76} L${cx + 196} ${cy - 34} L${cx - 110} ${cy + 20} Z" fill="${frosting}"/>
      ${Array.from({ length: 4 }, () => {
        const x = cx + random.int(-120, 110);
        const y = cy - 30 + random.int(-20, 10);
        return `<circle cx="${x}" cy="${y}" r="13" fill="${berries}"/><circle cx="${x - 4}" cy="${y - 4}" r="4" fill="#fff" opacity="0.5"/>`;
      }).join("")}
      ${leaf(cx + 60, cy - 60, 16, 30, "#2d6a4f")}
      ${blob(cx + 150, cy + 110, 38, 28, "#fffdf5", random)}
      ${cutlery(680, 150, random)}`,
  };
};

const pastry: Painter = (random) => {
  const kind = random.int(0, 3);
  const cx = 380;
  const cy = 300;
  const gold = golden(random);
  const croissant = (x: number, y: number, a: number) =>
    `<g transform="translate(${x} ${y}) rotate(${a})">${shadow(0, 10, 110, 55, 0.3)}
      <path d="M-120 20 C-110 -70 110 -70 120 20 C90 -10 60 -20 0 -20 C-60 -20 -90 -10 -120 20 Z" fill="${gold}"/>
      ${[-75, -38, 0, 38, 75].map((dx) => `<path d="M${dx} -58 Q${dx + 14} -35 ${dx + 6} -16" stroke="${darken(gold, 0.3)}" stroke-width="5" fill="none" stroke-linecap="round"/>`).join("")}
      <path d="M-80 -30 C-40 -62 40 -62 80 -30" stroke="${lighten(gold, 0.4)}" stroke-width="8" fill="none" opacity="0.5" stroke-linecap="round"/></g>`;
  const tart = (x: number, y: number) =>
    `<g transform="translate(${x} ${y})">${shadow(0, 0, 62, 62, 0.3)}<circle r="62" fill="#d99a45"/><circle r="50" fill="#f6d776"/>${speckles(0, 0, 40, 8, random, "#5a3010", 9)}<circle r="62" fill="url(#shine)" opacity="0.5"/></g>`;
  const bun = (x: number, y: number) =>
    `<g transform="translate(${x} ${y})">${shadow(0, 0, 70, 70, 0.3)}<circle r="70" fill="${gold}"/><path d="M0 0 m-8 0 a8 8 0 1 1 16 0 a22 22 0 1 1 -40 0 a36 36 0 1 1 70 0 a50 50 0 1 1 -96 2" stroke="${darken(gold, 0.3)}" stroke-width="7" fill="none"/>${speckles(0, 0, 55, 14, random, "#fff7e0", 4)}</g>`;
  const triangle = (x: number, y: number, a: number) =>
    `<g transform="translate(${x} ${y}) rotate(${a})">${shadow(0, 0, 70, 60, 0.3)}<path d="M0 -75 L70 50 L-70 50 Z" fill="${gold}" stroke="${darken(gold, 0.2)}" stroke-width="6" stroke-linejoin="round"/>${speckles(0, 10, 35, 10, random, darken(gold, 0.3), 3)}</g>`;
  let items = "";
  if (kind === 0) items = croissant(cx - 80, cy - 40, -12) + croissant(cx + 90, cy + 80, 10);
  if (kind === 1) items = [[-90, -60], [60, -70], [-30, 70], [120, 60]].map(([dx, dy]) => tart(cx + dx!, cy + dy!)).join("");
  if (kind === 2) items = bun(cx - 70, cy - 30) + bun(cx + 90, cy + 50);
  if (kind === 3) items = triangle(cx - 90, cy - 20, -10) + triangle(cx + 60, cy + 30, 15) + triangle(cx + 140, cy - 90, 40);
  return {
    body: `${table(random)}
      ${random.chance(0.5) ? `${shadow(cx, cy, 300, 200)}<rect x="${cx - 300}" y="${cy - 190}" width="600" height="380" rx="30" fill="#b08155"/><rect x="${cx - 300}" y="${cy - 190}" width="600" height="380" rx="30" fill="url(#shine)" opacity="0.3"/>` : plate(cx, cy, 250, random)}
      ${items}
      ${random.chance(0.5) ? sauceDish(680, 500, 48, random.pick(["#c1121f", "#f4a261", "#fff3b0"]), random) : ""}
      ${speckles(cx, cy, 230, 20, random, "#f1d9a8", 3)}`,
  };
};

const skewer: Painter = (random) => {
  const meat = random.pick(["#7f4f24", "#9c6644", "#b5651d", "#c8553d", "#e9d8a6"]);
  const one = (y: number, a: number) => {
    let pieces = "";
    for (let i = 0; i < 6; i++) {
      const x = -200 + i * 72;
      const veg = i % 3 === 2 && random.chance(0.7);
      pieces += veg
        ? `<rect x="${x}" y="-30" width="50" height="60" rx="10" fill="${random.pick(["#e63946", "#2a9d8f", "#f4a261", "#e9c46a"])}"/>`
        : `<path d="${blobPath(x + 30, 0, 36, 34, random, 7, 0.15)}" fill="${meat}"/><path d="M${x + 8} -16 L${x + 52} 16" stroke="${darken(meat, 0.5)}" stroke-width="6" opacity="0.5"/>`;
    }
    return `<g transform="translate(380 ${y}) rotate(${a})"><rect x="-260" y="-5" width="540" height="10" rx="5" fill="#c8a46c"/>${pieces}</g>`;
  };
  return {
    body: `${table(random)}
      ${shadow(390, 300, 320, 190)}
      <rect x="70" y="110" width="640" height="380" rx="40" fill="${random.pick(["#f4f1ea", "#2e2e2e", "#e9edc9", "#d4a373"])}"/>
      ${random.chance(0.5) ? `<path d="${blobPath(380, 300, 260, 140, random, 10, 0.08)}" fill="#f2d49b"/>${speckles(380, 300, 220, 20, random, "#8a5a2b", 8)}` : ""}
      ${one(230, -8)}${one(330, -4)}${random.chance(0.5) ? one(420, 2) : ""}
      ${herbs(380, 300, 250, 10, random, "#40916c")}
      ${lemonWedge(640, 430, 40, 20)}
      ${sauceDish(150, 430, 48, random.pick(["#f1faee", "#ffb703", "#b7e4c7"]), random)}`,
  };
};

const rice: Painter = (random) => {
  const cx = 390;
  const cy = 300;
  const kind = random.int(0, 3);
  if (kind === 3) {
    // A paella pan, seen from above.
    let top = "";
    for (let i = 0; i < 7; i++) {
      const [x, y] = pointIn(cx, cy, 170, random);
      top += `<path d="M${fmt(x - 26)} ${fmt(y)} C${fmt(x - 26)} ${fmt(y - 30)} ${fmt(x + 26)} ${fmt(y - 30)} ${fmt(x + 26)} ${fmt(y)} C${fmt(x + 10)} ${fmt(y - 10)} ${fmt(x - 10)} ${fmt(y - 10)} ${fmt(x - 26)} ${fmt(y)} Z" fill="#f77f00" stroke="#d62828" stroke-width="3" transform="rotate(${random.int(0, 359)} ${fmt(x)} ${fmt(y)})"/>`;
    }
    for (let i = 0; i < 6; i++) {
      const [x, y] = pointIn(cx, cy, 170, random);
      top += `<ellipse cx="${fmt(x)}" cy="${fmt(y)}" rx="26" ry="15" fill="#1b1b2f" transform="rotate(${random.int(0, 359)} ${fmt(x)} ${fmt(y)})"/><ellipse cx="${fmt(x)}" cy="${fmt(y)}" rx="16" ry="8" fill="#f4a261" transform="rotate(${random.int(0, 359)} ${fmt(x)} ${fmt(y)})"/>`;
    }
    return {
      body: `${table(random)}
        ${shadow(cx, cy, 240, 240)}
        <rect x="${cx - 330}" y="${cy - 25}" width="660" height="50" rx="22" fill="#2b2b2b"/>
        <circle cx="${cx}" cy="${cy}" r="240" fill="#3a3a3a"/>
        <circle cx="${cx}" cy="${cy}" r="222" fill="#e9a72b"/>
        ${riceGrains(cx, cy, 210, 260, random, "#f6c343")}
        ${speckles(cx, cy, 200, 20, random, "#2d6a4f", 7)}
        ${top}
        ${lemonWedge(cx - 80, cy + 120, 40, 10)}${lemonWedge(cx + 100, cy - 120, 40, 190)}`,
    };
  }
  const base = kind === 1 ? "#f4b942" : "#fbfbf4";
  const toppings = [
    { fill: "#f77f00", kind: "strips" },
    { fill: "#2d6a4f", kind: "strips" },
    { fill: "#9c6644", kind: "chunks" },
    { fill: "#90be6d", kind: "chunks" },
    { fill: "#f4845f", kind: "chunks" },
    { fill: "#b5179e", kind: "strips" },
  ];
  let sectors = "";
  if (kind !== 1) {
    const chosen = random.sample(toppings, 5);
    chosen.forEach((t, i) => {
      const a = (i / chosen.length) * Math.PI * 2 - Math.PI / 2;
      const x = cx + Math.cos(a) * 115;
      const y = cy + Math.sin(a) * 115;
      if (t.kind === "strips") {
        for (let k = 0; k < 12; k++) {
          sectors += `<rect x="${fmt(x - 40 + random.int(0, 60))}" y="${fmt(y - 30 + random.int(0, 50))}" width="${random.int(30, 50)}" height="6" rx="3" fill="${t.fill}" transform="rotate(${fmt((a * 180) / Math.PI + random.int(-20, 20))} ${fmt(x)} ${fmt(y)})"/>`;
        }
      } else {
        for (let k = 0; k < 6; k++) {
          const [px, py] = pointIn(x, y, 38, random);
          sectors += blob(px, py, 16, 13, t.fill, random);
        }
      }
    });
    sectors += random.chance(0.6)
      ? `<circle cx="${cx}" cy="${cy}" r="52" fill="#fffaf0"/><circle cx="${cx}" cy="${cy}" r="24" fill="url(#yolk)"/>`
      : blob(cx, cy, 44, 40, "#c1121f", random);
  } else {
    sectors = `${speckles(cx, cy, 170, 50, random, "#7f4f24", 7)}${herbs(cx, cy, 160, 12, random, "#2d6a4f")}${Array.from({ length: 5 }, () => {
      const [x, y] = pointIn(cx, cy, 140, random);
      return blob(x, y, 28, 24, "#b5651d", random);
    }).join("")}`;
  }
  return {
    body: `${table(random)}
      ${bowl(cx, cy, 245, random)}
      <circle cx="${cx}" cy="${cy}" r="208" fill="${base}"/>
      ${riceGrains(cx, cy, 205, 230, random, base)}
      ${sectors}
      ${seeds(cx, cy, 180, 24, random, kind === 1 ? "#7f4f24" : "#2b2b2b")}
      ${chopsticks(cx + 60, 40, 50, random)}`,
    defs: radial("yolk", [
      [0, "#ffb703"],
      [0.8, "#f77f00"],
      [1, "#e76f51"],
    ]),
  };
};

const soup: Painter = (random) => {
  const cx = 360;
  const cy = 300;
  const colour = random.pick(["#e76f51", "#f4a261", "#9c6644", "#2a9d8f", "#e9c46a", "#6a994e", "#c0392b", "#f1e3c6"]);
  const bread = random.chance(0.6)
    ? `${shadow(650, 330, 100, 150)}<g transform="translate(650 330) rotate(8)"><rect x="-85" y="-140" width="170" height="280" rx="40" fill="#c68b4a"/><rect x="-70" y="-125" width="140" height="250" rx="32" fill="#f1d7a8"/>${speckles(0, 0, 90, 30, random, "#d9b77a", 4)}</g>`
    : lemonWedge(660, 420, 50, 30);
  return {
    body: `${table(random)}
      ${bread}
      ${bowl(cx, cy, 230, random)}
      <circle cx="${cx}" cy="${cy}" r="195" fill="url(#soup)"/>
      <path d="M${cx - 90} ${cy + 10} C${cx - 60} ${cy - 80} ${cx + 60} ${cy - 80} ${cx + 70} ${cy} C${cx + 80} ${cy + 60} ${cx - 20} ${cy + 80} ${cx - 30} ${cy + 20}" stroke="#fffaf0" stroke-width="9" fill="none" opacity="0.75" stroke-linecap="round"/>
      ${speckles(cx, cy, 170, 22, random, "#f9c74f", 6)}
      ${herbs(cx, cy, 120, 9, random, "#2d6a4f")}
      ${random.chance(0.5) ? Array.from({ length: 7 }, () => {
        const [x, y] = pointIn(cx, cy, 140, random);
        return `<rect x="${fmt(x)}" y="${fmt(y)}" width="22" height="22" rx="4" fill="#e0a84a" transform="rotate(${random.int(0, 90)} ${fmt(x)} ${fmt(y)})"/>`;
      }).join("") : chilliRings(cx, cy, 140, 5, random)}
      <g transform="translate(${cx + 150} ${cy + 150}) rotate(-40)"><ellipse rx="40" ry="26" fill="#c9ccd1"/><rect x="35" y="-7" width="140" height="14" rx="7" fill="#c9ccd1"/></g>`,
    defs: radial("soup", [
      [0, lighten(colour, 0.15)],
      [1, darken(colour, 0.15)],
    ]),
  };
};

const drink: Painter = (random) => {
  const wall = hsl(random.int(0, 359), random.int(30, 55), random.int(70, 85));
  const counter = hsl(random.int(15, 35), random.int(30, 50), random.int(35, 50));
  const liquid = random.pick(["#f4a261", "#e63946", "#ffb703", "#90be6d", "#c77dff", "#d4a373", "#e07a5f", "#8b2f39", "#f9c74f"]);
  const kind = random.int(0, 2);
  const cx = 400;
  let glass = "";
  if (kind === 0) {
    glass = `<path d="M${cx - 110} 120 L${cx + 110} 120 L${cx + 95} 500 L${cx - 95} 500 Z" fill="#ffffff" opacity="0.25"/>
      <path d="M${cx - 100} 200 L${cx + 100} 200 L${cx + 91} 490 L${cx - 91} 490 Z" fill="${liquid}" opacity="0.9"/>
      ${[0, 1, 2].map((i) => `<rect x="${cx - 70 + i * 45}" y="${210 + (i % 2) * 40}" width="50" height="50" rx="8" fill="#fff" opacity="0.35" transform="rotate(${random.int(-15, 15)} ${cx - 45 + i * 45} ${235 + (i % 2) * 40})"/>`).join("")}
      <rect x="${cx + 30}" y="60" width="14" height="300" rx="7" fill="${random.pick(["#e63946", "#2a9d8f", "#ffffff"])}" transform="rotate(12 ${cx + 37} 210)"/>
      <path d="M${cx - 110} 120 L${cx + 110} 120" stroke="#fff" stroke-width="4" opacity="0.7"/>`;
  } else if (kind === 1) {
    glass = `<path d="M${cx - 150} 140 Q${cx} 330 ${cx + 150} 140 Z" fill="#fff" opacity="0.25"/>
      <path d="M${cx - 130} 160 Q${cx} 320 ${cx + 130} 160 Z" fill="${liquid}" opacity="0.9"/>
      <rect x="${cx - 7}" y="300" width="14" height="180" fill="#fff" opacity="0.45"/>
      <ellipse cx="${cx}" cy="490" rx="90" ry="16" fill="#fff" opacity="0.45"/>`;
  } else {
    glass = `<rect x="${cx - 120}" y="150" width="240" height="340" rx="30" fill="#fff" opacity="0.25"/>
      <rect x="${cx - 110}" y="200" width="220" height="280" rx="24" fill="${liquid}" opacity="0.9"/>
      <rect x="${cx - 110}" y="170" width="220" height="50" rx="20" fill="#fffaf0" opacity="0.9"/>
      <path d="M${cx + 120} 230 C${cx + 200} 230 ${cx + 200} 400 ${cx + 120} 400" stroke="#fff" stroke-width="20" fill="none" opacity="0.3"/>`;
  }
  return {
    body: `<rect width="${W}" height="${H}" fill="${wall}"/>
      <rect y="470" width="${W}" height="130" fill="${counter}"/>
      <rect y="470" width="${W}" height="8" fill="${lighten(counter, 0.3)}"/>
      <ellipse cx="${cx}" cy="500" rx="170" ry="22" fill="url(#softshadow)" opacity="0.25"/>
      ${glass}
      ${lemonWedge(cx - 105, kind === 1 ? 150 : 125, 42, 200, random.chance(0.5))}
      ${leaf(cx - 40, kind === 1 ? 150 : 110, 22, -30, "#40916c")}${leaf(cx - 15, kind === 1 ? 140 : 100, 18, 20, "#52b788")}
      <rect x="${cx - 130}" y="130" width="20" height="330" rx="10" fill="#fff" opacity="0.25"/>
      ${Array.from({ length: 6 }, () => `<circle cx="${random.int(80, 720)}" cy="${random.int(40, 400)}" r="${random.int(20, 60)}" fill="#fff" opacity="0.12"/>`).join("")}`,
  };
};

const sandwich: Painter = (random) => {
  const kind = random.int(0, 2);
  const bread = random.pick(["#e9c46a", "#d4a373", "#c68b4a", "#f1d7a8"]);
  let food = "";
  if (kind === 0) {
    // Two triangle halves showing their layers.
    const half = (x: number, y: number, a: number) => `<g transform="translate(${x} ${y}) rotate(${a})">${shadow(0, 0, 150, 90, 0.3)}
      <path d="M-150 80 L150 80 L0 -120 Z" fill="${darken(bread, 0.25)}"/>
      <path d="M-128 68 L128 68 L0 -100 Z" fill="#f7ecd2"/>
      <path d="M-100 50 L100 50 L85 30 L-85 30 Z" fill="#e63946"/>
      <path d="M-80 26 L80 26 L66 6 L-66 6 Z" fill="#f9c74f"/>
      <path d="M-62 2 Q-30 -12 0 2 T62 2 L48 -18 L-48 -18 Z" fill="#6ab04c"/>
      <path d="M-44 -22 L44 -22 L30 -42 L-30 -42 Z" fill="#e5989b"/></g>`;
    food = half(300, 320, -8) + half(500, 300, 12);
  } else if (kind === 1) {
    food = `${shadow(400, 320, 330, 90)}<g transform="translate(400 310) rotate(-6)">
      <path d="M-330 20 C-330 -60 330 -60 330 20 C330 60 -330 60 -330 20 Z" fill="${bread}"/>
      <path d="M-300 -10 Q-200 -50 -100 -20 T100 -25 T300 -10" stroke="#6ab04c" stroke-width="18" fill="none" stroke-linecap="round"/>
      ${Array.from({ length: 7 }, (_, i) => `<circle cx="${-240 + i * 80}" cy="-28" r="16" fill="${random.pick(["#f77f00", "#e63946", "#9c6644"])}"/>`).join("")}
      ${herbs(0, -40, 230, 12, random, "#2d6a4f")}
      ${[-220, -110, 0, 110, 220].map((x) => `<path d="M${x - 30} 0 Q${x} -16 ${x + 30} 4" stroke="${darken(bread, 0.2)}" stroke-width="6" fill="none"/>`).join("")}
    </g>`;
  } else {
    food = [0, 1]
      .map(
        (i) => `<g transform="translate(${300 + i * 200} ${310 + i * 10}) rotate(${i ? 10 : -10})">${shadow(0, 0, 90, 90, 0.3)}
        <circle r="95" fill="#f1d7a8"/><circle r="85" fill="${random.pick(["#6ab04c", "#e9c46a"])}"/>
        <path d="M0 0 m-6 0 a6 6 0 1 1 12 0 a18 18 0 1 1 -30 0 a30 30 0 1 1 54 0 a44 44 0 1 1 -80 0 a58 58 0 1 1 108 0" stroke="#f1d7a8" stroke-width="9" fill="none"/>
        ${speckles(0, 0, 70, 10, random, "#e63946", 7)}</g>`,
      )
      .join("");
  }
  return {
    body: `${table(random)}
      ${shadow(400, 310, 340, 200)}
      <rect x="60" y="110" width="680" height="400" rx="28" fill="${random.pick(["#b08155", "#f4f1ea", "#2e2e2e", "#e9edc9"])}"/>
      ${food}
      ${random.chance(0.5) ? Array.from({ length: 10 }, () => {
        const x = random.int(120, 680);
        const y = random.int(440, 490);
        return `<rect x="${x}" y="${y}" width="12" height="${random.int(50, 80)}" rx="3" fill="#f6c453" transform="rotate(${random.int(-80, 80)} ${x} ${y})"/>`;
      }).join("") : ""}`,
  };
};

const eggs: Painter = (random) => {
  const cx = 400;
  const cy = 300;
  const kind = random.int(0, 2);
  const egg = (x: number, y: number) =>
    `<path d="${blobPath(x, y, 70, 62, random, 9, 0.14)}" fill="#fffdf7"/><circle cx="${x + random.int(-8, 8)}" cy="${y + random.int(-8, 8)}" r="27" fill="url(#yolk)"/><circle cx="${x - 6}" cy="${y - 8}" r="7" fill="#fff" opacity="0.6"/>`;
  let food = "";
  if (kind === 0) {
    food =
      egg(cx - 70, cy - 60) +
      egg(cx + 30, cy - 90) +
      `<g transform="translate(${cx + 60} ${cy + 60}) rotate(12)"><rect x="-80" y="-70" width="160" height="140" rx="26" fill="#c68b4a"/><rect x="-66" y="-56" width="132" height="112" rx="18" fill="#e9c46a"/></g>` +
      `<path d="M${cx - 170} ${cy + 30} q25 -20 50 0 t50 0 t50 0" stroke="#a4362a" stroke-width="22" fill="none" stroke-linecap="round"/><path d="M${cx - 170} ${cy + 30} q25 -20 50 0 t50 0 t50 0" stroke="#f2b8a0" stroke-width="6" fill="none"/>` +
      `${blob(cx - 110, cy + 110, 55, 40, "#e76f51", random)}${speckles(cx - 110, cy + 110, 40, 14, random, "#f4a261", 6)}` +
      `<g transform="translate(${cx + 150} ${cy - 40})"><ellipse rx="50" ry="34" fill="#606c38"/><ellipse rx="40" ry="26" fill="#b5c99a"/><circle cx="10" r="13" fill="#7f4f24"/></g>`;
  } else if (kind === 1) {
    food = `${[0, 1, 2, 3].map((i) => `<circle cx="${cx}" cy="${cy - i * 6}" r="${150 - i * 2}" fill="${i % 2 ? "#e9b949" : "#d99a45"}"/>`).join("")}
      <circle cx="${cx}" cy="${cy - 20}" r="140" fill="#f2c866"/>
      <path d="${blobPath(cx, cy - 20, 95, 85, random, 10, 0.2)}" fill="#8c4a1a" opacity="0.85"/>
      <rect x="${cx - 25}" y="${cy - 45}" width="50" height="40" rx="8" fill="#fff6d5"/>
      ${Array.from({ length: 9 }, () => {
        const [x, y] = pointIn(cx, cy - 20, 150, random);
        return `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="13" fill="${random.pick(["#c1121f", "#3a0ca3", "#ef476f"])}"/>`;
      }).join("")}
      ${leaf(cx + 40, cy - 70, 14, 40, "#2d6a4f")}`;
  } else {
    food = `${shadow(cx, cy, 230, 230)}<circle cx="${cx}" cy="${cy}" r="230" fill="#2b2b2b"/><rect x="${cx + 210}" y="${cy - 25}" width="170" height="50" rx="20" fill="#2b2b2b"/>
      <circle cx="${cx}" cy="${cy}" r="205" fill="#c0392b"/>${speckles(cx, cy, 190, 40, random, "#e76f51", 12)}
      ${egg(cx - 70, cy - 40)}${egg(cx + 60, cy + 50)}${egg(cx + 50, cy - 90)}
      ${speckles(cx, cy, 180, 12, random, "#fbfbf4", 12)}${herbs(cx, cy, 180, 12, random, "#2d6a4f")}`;
  }
  return {
    body: `${table(random)}
      ${kind === 2 ? "" : plate(cx, cy, 255, random)}
      ${food}
      ${speckles(cx, cy, 150, 20, random, "#222", 1.8)}
      ${random.chance(0.5) ? cutlery(720, 170, random) : ""}`,
    defs: radial("yolk", [
      [0, "#ffb703"],
      [0.8, "#f77f00"],
      [1, "#e76f51"],
    ]),
  };
};

const fried: Painter = (random) => {
  const kind = random.int(0, 2);
  const gold = golden(random);
  let food = "";
  const chips = Array.from({ length: 20 }, () => {
    const x = random.int(430, 600);
    const y = random.int(250, 430);
    return `<rect x="${x}" y="${y}" width="16" height="${random.int(80, 120)}" rx="4" fill="${mix("#f6c453", "#e09f3e", random.next())}" transform="rotate(${random.int(-60, 60)} ${x} ${y})"/>`;
  }).join("");
  if (kind === 0) {
    food = `${chips}<g transform="translate(300 300) rotate(-15)"><path d="${blobPath(0, 0, 170, 80, random, 10, 0.1)}" fill="${gold}"/>${speckles(0, 0, 150, 40, random, darken(gold, 0.25), 6)}${speckles(0, 0, 150, 30, random, lighten(gold, 0.35), 5)}</g>`;
  } else if (kind === 1) {
    food = Array.from({ length: 6 }, () => {
      const [x, y] = pointIn(380, 300, 130, random);
      const c = random.chance(0.5) ? gold : "#a4452c";
      return `<path d="${blobPath(x, y, 62, 48, random, 9, 0.22)}" fill="${c}"/>${speckles(x, y, 45, 14, random, darken(c, 0.3), 5)}${speckles(x, y, 45, 10, random, lighten(c, 0.3), 4)}`;
    }).join("") + seeds(380, 300, 150, 20, random);
  } else {
    food = Array.from({ length: 5 }, (_, i) => `<g transform="translate(${250 + i * 70} ${300 + (i % 2) * 30}) rotate(${70 + random.int(-10, 10)})"><rect x="-110" y="-28" width="220" height="56" rx="28" fill="${gold}"/>${speckles(0, 0, 80, 12, random, darken(gold, 0.25), 5)}</g>`).join("");
  }
  return {
    body: `${table(random)}
      ${shadow(400, 310, 330, 220)}
      <rect x="80" y="90" width="640" height="420" rx="40" fill="${random.pick(["#c1121f", "#1d3557", "#2b2b2b", "#a47148"])}"/>
      <path d="M130 130 L690 110 L670 480 L120 470 Z" fill="#fdfcf6"/>
      ${Array.from({ length: 7 }, (_, i) => `<line x1="${130 + i * 80}" y1="125" x2="${125 + i * 78}" y2="470" stroke="#e63946" stroke-width="3" opacity="0.18"/>`).join("")}
      ${food}
      ${sauceDish(650, 170, 50, random.pick(["#c1121f", "#fff8e1", "#90be6d"]), random)}
      ${lemonWedge(200, 450, 40, 10)}`,
  };
};

const flatbread: Painter = (random) => {
  const kind = random.int(0, 2);
  if (kind === 1) {
    // Injera with stews, Ethiopian style.
    const cx = 400;
    const cy = 300;
    const stews = ["#a4452c", "#e9c46a", "#6a994e", "#d35400", "#7f4f24", "#f4a261"];
    return {
      body: `${table(random)}
        ${shadow(cx, cy, 270, 270)}
        <circle cx="${cx}" cy="${cy}" r="270" fill="#5c5c5c"/>
        <circle cx="${cx}" cy="${cy}" r="255" fill="#cdbb9a"/>
        ${speckles(cx, cy, 250, 160, random, "#b09b78", 4)}
        ${stews
          .map((c, i) => {
            const a = (i / stews.length) * Math.PI * 2;
            const x = cx + Math.cos(a) * 150;
            const y = cy + Math.sin(a) * 150;
            return `${blob(x, y, 62, 55, c, random)}${speckles(x, y, 40, 8, random, darken(c, 0.25), 6)}`;
          })
          .join("")}
        ${blob(cx, cy, 70, 62, "#2d6a4f", random)}
        ${Array.from({ length: 3 }, (_, i) => `<g transform="translate(${120 + i * 40} ${520 - i * 10}) rotate(-10)"><rect x="-60" y="-18" width="160" height="36" rx="18" fill="#bda987"/></g>`).join("")}`,
    };
  }
  if (kind === 2) {
    // A dosa rolled across a steel plate with chutneys.
    return {
      body: `${table(random)}
        ${shadow(400, 300, 330, 220)}
        <ellipse cx="400" cy="300" rx="340" ry="230" fill="url(#steel)"/>
        <g transform="translate(400 330) rotate(-8)"><rect x="-310" y="-55" width="620" height="110" rx="55" fill="#d99a45"/><rect x="-300" y="-40" width="600" height="40" rx="20" fill="#f0c27b"/>${speckles(0, 0, 280, 40, random, "#a0612a", 6)}</g>
        ${sauceDish(220, 160, 58, "#f1faee", random)}${sauceDish(400, 140, 58, "#d35400", random)}${sauceDish(580, 160, 58, "#74c69d", random)}`,
      defs: radial("steel", [
        [0, "#f5f5f5"],
        [1, "#a6a6a6"],
      ]),
    };
  }
  // Mezze: hummus with pitta and olives.
  const cx = 330;
  const cy = 310;
  return {
    body: `${table(random)}
      ${bowl(cx, cy, 200, random, random.pick(["#fbfaf7", "#2b4c7e", "#c65f3b", "#e9e2d0"]))}
      <circle cx="${cx}" cy="${cy}" r="170" fill="#e9d8a6"/>
      <path d="M${cx} ${cy} m-20 0 a20 20 0 1 1 40 0 a50 50 0 1 1 -90 0 a80 80 0 1 1 150 0 a110 110 0 1 1 -210 0" stroke="#d4bf87" stroke-width="10" fill="none"/>
      ${blob(cx, cy, 55, 45, "#c9a227", random, `opacity="0.8"`)}
      ${speckles(cx, cy, 130, 30, random, "#c1121f", 4)}
      ${speckles(cx, cy, 60, 10, random, "#e6c98a", 9)}
      ${herbs(cx, cy, 70, 5, random, "#2d6a4f")}
      ${Array.from({ length: 4 }, (_, i) => `<g transform="translate(${600 + (i % 2) * 60} ${170 + i * 75}) rotate(${-20 + i * 15})">${shadow(0, 0, 80, 50, 0.25)}<path d="M-80 40 L80 40 Q60 -60 0 -70 Q-60 -60 -80 40 Z" fill="#e9c46a"/>${speckles(0, 0, 50, 6, random, "#b07d2b", 7)}</g>`).join("")}
      ${Array.from({ length: 6 }, () => `<ellipse cx="${random.int(120, 300)}" cy="${random.int(520, 570)}" rx="16" ry="12" fill="${random.pick(["#3d405b", "#606c38"])}"/>`).join("")}`,
  };
};

const noodles: Painter = (random) => {
  const cx = 390;
  const cy = 300;
  const noodle = random.pick(["#c68b4a", "#e0b15a", "#f2e8cf", "#d4a373"]);
  let strands = "";
  for (let i = 0; i < 40; i++) {
    const [x, y] = pointIn(cx, cy, 120, random);
    strands += `<path d="M${fmt(x - 80)} ${fmt(y)} C${fmt(x - 40)} ${fmt(y - 60 + random.int(0, 40))} ${fmt(x + 20)} ${fmt(y + 60 - random.int(0, 40))} ${fmt(x + 80)} ${fmt(y + random.int(-20, 20))}" stroke="${random.chance(0.5) ? noodle : darken(noodle, 0.12)}" stroke-width="7" fill="none" stroke-linecap="round"/>`;
  }
  const prawns = random.chance(0.5)
    ? Array.from({ length: 4 }, () => {
        const [x, y] = pointIn(cx, cy, 110, random);
        return `<path d="M${fmt(x - 22)} ${fmt(y)} A22 22 0 1 1 ${fmt(x + 14)} ${fmt(y + 14)}" stroke="#f77f00" stroke-width="14" fill="none" stroke-linecap="round" transform="rotate(${random.int(0, 359)} ${fmt(x)} ${fmt(y)})"/>`;
      }).join("")
    : Array.from({ length: 8 }, () => {
        const [x, y] = pointIn(cx, cy, 120, random);
        return blob(x, y, 18, 14, "#7f4f24", random);
      }).join("");
  return {
    body: `${table(random)}
      ${random.chance(0.5) ? plate(cx, cy, 250, random) : bowl(cx, cy, 245, random)}
      ${strands}
      ${prawns}
      ${Array.from({ length: 14 }, () => {
        const [x, y] = pointIn(cx, cy, 140, random);
        return `<rect x="${fmt(x)}" y="${fmt(y)}" width="40" height="5" rx="2.5" fill="#fefae0" transform="rotate(${random.int(0, 180)} ${fmt(x)} ${fmt(y)})"/>`;
      }).join("")}
      ${herbs(cx, cy, 140, 10, random, "#40916c")}
      ${springOnions(cx, cy, 140, 14, random)}
      ${speckles(cx, cy, 120, 20, random, "#b5838d", 4)}
      ${lemonWedge(cx + 170, cy + 150, 36, 30, true)}
      ${chopsticks(cx - 40, 520, -20, random)}`,
  };
};

const PAINTERS: Record<DishArt, Painter> = {
  burger,
  pizza,
  ramen,
  sushi,
  coffee,
  taco,
  dumplings,
  curry,
  pasta,
  salad,
  steak,
  cake,
  pastry,
  skewer,
  rice,
  soup,
  drink,
  sandwich,
  eggs,
  fried,
  flatbread,
  noodles,
};

export function dishArt(art: DishArt, random: Random): string {
  const { body, defs = "" } = PAINTERS[art](random);
  return svgDocument(W, H, body, COMMON_DEFS + defs);
}
