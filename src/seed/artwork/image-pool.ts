// The pool of generated images the seed draws from. Pictures are shared between items (a
// London of 40,000 restaurants reuses ~300 pictures), and the pool shrinks with small
// scales so tests render only a few. Names are stable: dish-ramen-3.webp is always the same.
import { AREAS } from "../london-places.ts";
import { DISH_ARTS, type DishArt } from "../menu.ts";
import { createRandom } from "../random.ts";
import { areaArt, avatarArt, logoArt, restaurantArt, type RestaurantScene } from "./place-art.ts";
import { dishArt } from "./dish-art.ts";

export interface ImageSpec {
  name: string;
  width: number;
  height: number;
  svg: () => string;
}

export const RESTAURANT_SCENES: RestaurantScene[] = ["front", "interior", "table"];
export const LOGO_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");

export interface ImagePool {
  specs: ImageSpec[];
  dish: Record<DishArt, string[]>;
  restaurant: string[];
  /** Logo names by letter. */
  logo: Record<string, string[]>;
  area: Record<string, string>;
  avatar: string[];
}

export function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function imagePool(scale: number): ImagePool {
  const size = Math.min(1, scale);
  const dishVariants = Math.max(1, Math.round(7 * size));
  const sceneVariants = Math.max(1, Math.round(20 * size));
  const logoVariants = size >= 1 ? 2 : 1;
  const avatarCount = Math.max(4, Math.round(30 * size));
  const specs: ImageSpec[] = [];

  const dish = {} as Record<DishArt, string[]>;
  for (const art of DISH_ARTS) {
    dish[art] = [];
    for (let v = 1; v <= dishVariants; v++) {
      const name = `dish-${art}-${v}.webp`;
      dish[art].push(name);
      specs.push({ name, width: 800, height: 600, svg: () => dishArt(art, createRandom(name)) });
    }
  }

  const restaurant: string[] = [];
  for (let v = 1; v <= sceneVariants; v++) {
    for (const scene of RESTAURANT_SCENES) {
      const name = `restaurant-${scene}-${v}.webp`;
      restaurant.push(name);
      specs.push({ name, width: 800, height: 600, svg: () => restaurantArt(scene, createRandom(name)) });
    }
  }

  const logo: Record<string, string[]> = {};
  for (const letter of LOGO_LETTERS) {
    logo[letter] = [];
    for (let v = 1; v <= logoVariants; v++) {
      const name = `logo-${letter.toLowerCase()}-${v}.webp`;
      logo[letter].push(name);
      specs.push({ name, width: 256, height: 256, svg: () => logoArt(letter, createRandom(name)) });
    }
  }

  const area: Record<string, string> = {};
  for (const a of AREAS) {
    const name = `area-${slug(a.name)}.webp`;
    area[a.name] = name;
    specs.push({ name, width: 1200, height: 600, svg: () => areaArt(a, createRandom(name)) });
  }

  const avatar: string[] = [];
  for (let v = 1; v <= avatarCount; v++) {
    const name = `avatar-${v}.webp`;
    avatar.push(name);
    specs.push({ name, width: 256, height: 256, svg: () => avatarArt(createRandom(name)) });
  }

  return { specs, dish, restaurant, logo, area, avatar };
}
