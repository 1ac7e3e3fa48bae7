// A restaurant's dishes, drawn from its cuisine's menu: prices, pictures and the lines about
// each, plus the hidden quality and popularity its reviews are drawn from.
import type { NewDish } from "../../server/api/db/queries/catalogue-writes.ts";
import type { AreaSeed } from "../london-places.ts";
import type { CuisineSeed, DishSeed } from "../menu.ts";
import type { Random } from "../random.ts";
import type { SeedContext } from "./context.ts";
import { DAY } from "./context.ts";
import type { TagIdOf } from "./tags.ts";

export interface DishPlanning {
  name: string;
  area: AreaSeed;
  cuisine: CuisineSeed;
  menu: DishSeed[];
  dishImages: string[];
  createdAt: number;
}

function priceMinor(min: number, max: number, random: Random): number {
  const raw = min + random.next() * (max - min);
  // Menus price in 50p steps above £5 and 10p steps below.
  const step = raw >= 500 ? 50 : 10;
  return Math.max(step, Math.round(raw / step) * step);
}

/** Rows with restaurantId 0: the restaurant's id is known only once it is inserted. */
export function planDishes(
  { pool }: SeedContext,
  { name, area, cuisine, menu, dishImages, createdAt }: DishPlanning,
  tagIdOf: TagIdOf,
  random: Random,
): NewDish[] {
  return menu.map((d, j) => ({
    restaurantId: 0,
    dishName: d.name,
    priceMinor: random.chance(0.04) ? null : priceMinor(d.priceMin, d.priceMax, random),
    currency: "GBP",
    images: random.chance(0.2) ? [dishImages[j]!, random.pick(pool.dish[d.art])] : [dishImages[j]!],
    description: d.description,
    about: random.pick([
      `One of the most ordered dishes at ${name}, made the same way since the kitchen opened.`,
      `A ${area.name} favourite: regulars at ${name} order it on almost every visit.`,
      `Cooked to order at ${name}; ask the team about pairing it with something from the drinks list.`,
      `Part of ${name}'s ${cuisine.tag === "Café" ? "all-day" : cuisine.tag} menu, portioned for one but good for sharing.`,
    ]),
    createdAt: createdAt + random.int(0, 300) * DAY,
    tagIds: [...new Set([...d.tags, cuisine.tag === "Café" ? "Café" : cuisine.tag])].map(tagIdOf),
  }));
}

/** How good each dish is and how often it is ordered, for the review generator. */
export function dishTaste(menu: DishSeed[], restaurantQuality: number, random: Random) {
  return {
    dishQuality: menu.map(() => Math.min(4.95, Math.max(1.8, restaurantQuality + random.normal() * 0.3))),
    // The first three dishes on the list are the ones everybody orders.
    dishWeight: menu.map((_, j) => (j < 3 ? 4 : 1) * random.float(0.5, 1.5)),
  };
}
