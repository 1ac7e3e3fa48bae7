// Draws the default link-preview card (1200x630, the size Open Graph and Twitter's large card
// expect) and writes it to public/og-default.png. The PNG is committed, so this only runs
// when the artwork changes: `node scripts/generate-og-image.ts`.
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const WIDTH = 1200;
const HEIGHT = 630;

// A plate seen from above with a fork and knife, beside the wordmark and tagline.
const svg = `
<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fff4e8"/>
      <stop offset="1" stop-color="#ffe2c6"/>
    </linearGradient>
    <radialGradient id="plate" cx="0.45" cy="0.4" r="0.65">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="1" stop-color="#f3e6d8"/>
    </radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <circle cx="1060" cy="-40" r="260" fill="#f9c784" opacity="0.45"/>
  <circle cx="-60" cy="640" r="220" fill="#e8703a" opacity="0.12"/>

  <g transform="translate(905 330)">
    <circle r="190" fill="#e8d5c0"/>
    <circle r="178" fill="url(#plate)"/>
    <circle r="130" fill="none" stroke="#ecd9c4" stroke-width="3"/>
    <circle cx="-28" cy="-18" r="62" fill="#e8703a"/>
    <circle cx="40" cy="30" r="48" fill="#7aa95c"/>
    <circle cx="30" cy="-52" r="30" fill="#f2b134"/>
    <circle cx="-40" cy="58" r="26" fill="#b8412a"/>
    <circle cx="-44" cy="-30" r="14" fill="#ffd7b8" opacity="0.8"/>
  </g>
  <g fill="#7a4a2b">
    <rect x="672" y="170" width="14" height="320" rx="7"/>
    <rect x="656" y="170" width="6" height="90" rx="3"/>
    <rect x="696" y="170" width="6" height="90" rx="3"/>
    <path d="M 1128 170 q 34 40 20 150 l -12 0 l 0 170 q -7 8 -14 0 Z"/>
  </g>

  <g font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
    <text x="80" y="250" font-size="80" font-weight="700" fill="#3b1f12">Dishcovery</text>
    <rect x="84" y="282" width="120" height="8" rx="4" fill="#e8703a"/>
    <text x="80" y="370" font-size="40" fill="#5a3a28">Find and review the best</text>
    <text x="80" y="422" font-size="40" fill="#5a3a28">dishes in London</text>
    <text x="80" y="540" font-size="26" fill="#8a5a3c">Top dishes · Restaurants · Special offers</text>
  </g>
</svg>`;

const target = fileURLToPath(new URL("../public/og-default.png", import.meta.url));
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(target);
console.log(`Wrote ${target}`);
