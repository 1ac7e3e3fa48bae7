// Food illustrations, one drawing routine per kind of dish, varied by a seeded random.
import type { DishArt } from "../menu.ts";
import type { Random } from "../random.ts";
import { darken, hsl, lighten, radial, svgDocument } from "./svg.ts";

export function dishArt(art: DishArt, random: Random): string {
  const table = hsl(random.int(15, 40), 35, random.int(30, 50));
  const food = hsl(random.int(0, 60), 70, 50);
  return svgDocument(
    800,
    600,
    `<rect width="800" height="600" fill="${table}"/>
     <ellipse cx="410" cy="320" rx="250" ry="240" fill="#000" opacity="0.25"/>
     <circle cx="400" cy="300" r="240" fill="url(#plate)"/>
     <circle cx="400" cy="300" r="150" fill="${food}"/>
     <text x="400" y="310" text-anchor="middle" font-size="40" fill="${darken(food, 0.5)}">${art}</text>`,
    radial("plate", [
      [0, "#ffffff"],
      [1, lighten("#dddddd", 0.2)],
    ]),
  );
}
