// Restaurants and their dishes, a thousand restaurants at a time so memory stays flat at
// scale 100. Each restaurant keeps what the review generator needs (PlacedRestaurant).
import type { Database } from "../../server/api/db/client.ts";
import {
  insertDishes,
  insertRestaurants,
  type NewDish,
  type NewRestaurant,
} from "../../server/api/db/queries/catalogue-writes.ts";
import { slug } from "../artwork/image-pool.ts";
import { listedHours } from "../hours.ts";
import { AREAS, type AreaSeed } from "../london-places.ts";
import { CUISINES, type CuisineSeed, type DishSeed } from "../menu.ts";
import { monogramLetter, restaurantName } from "../names.ts";
import { seedPosition } from "../positions.ts";
import type { Random } from "../random.ts";
import { TAGS } from "../tags.ts";
import { DAY, type SeedContext } from "./context.ts";
import { DECLARING_SHARE, declareDish } from "../declarations.ts";
import { dishTaste, planDishes } from "./dishes.ts";
import type { Places } from "./places.ts";
import type { TagIdOf } from "./tags.ts";
import { cumulative, pickIndex } from "./weighted-pick.ts";

const RESTAURANTS_PER_SCALE = 420;
const BATCH_RESTAURANTS = 1000;
const TAG_KIND = new Map(TAGS.map((t) => [t.name, t.kind]));

/** Per restaurant, what the review generator needs, kept compact for large scales. */
export interface PlacedRestaurant {
  id: number;
  name: string;
  area: AreaSeed;
  cuisine: CuisineSeed;
  quality: number;
  popularity: number;
  buzzing: boolean;
  images: string[];
  dishIds: number[];
  dishNames: string[];
  dishImages: string[];
  dishQuality: number[];
  dishWeight: number[];
  bookingLink: string | undefined;
}

interface PlannedRestaurant {
  row: NewRestaurant;
  info: Omit<PlacedRestaurant, "id" | "dishIds">;
  dishes: NewDish[];
}

interface Planning {
  ctx: SeedContext;
  places: Places;
  tagIdOf: TagIdOf;
  random: Random;
  areaCum: Float64Array;
  /** Names taken so far: never two restaurants of one name. */
  names: Set<string>;
}

export async function fillRestaurants(
  ctx: SeedContext,
  scale: number,
  places: Places,
  tagIdOf: TagIdOf,
  random: Random,
): Promise<{ placed: PlacedRestaurant[]; dishCount: number }> {
  const restaurantCount = Math.max(8, Math.round(RESTAURANTS_PER_SCALE * scale));
  const planning: Planning = {
    ctx,
    places,
    tagIdOf,
    random,
    areaCum: cumulative(AREAS.map((a) => a.weight)),
    names: new Set<string>(),
  };
  const placed: PlacedRestaurant[] = [];
  let dishCount = 0;
  for (let start = 0; start < restaurantCount; start += BATCH_RESTAURANTS) {
    const end = Math.min(restaurantCount, start + BATCH_RESTAURANTS);
    const batch: PlannedRestaurant[] = [];
    for (let i = start; i < end; i++) batch.push(planRestaurant(i, planning));
    const { ids, dishIds } = await insertBatch(ctx.db, batch);
    dishCount += dishIds.length;
    let cursor = 0;
    batch.forEach((b, i) => {
      placed.push({ ...b.info, id: ids[i]!, dishIds: dishIds.slice(cursor, cursor + b.dishes.length) });
      cursor += b.dishes.length;
    });
    ctx.log(`restaurants ${placed.length}/${restaurantCount}, dishes ${dishCount}`);
  }
  return { placed, dishCount };
}

/**
 * One transaction per thousand restaurants saves a commit per statement (about 15% of the
 * insert time measured at scale 3). The transaction exposes the same query builder. The only
 * interactive transaction left (the dishes need the restaurants' new ids): the seed runs on
 * libSQL only; a D1 database gets the seeded rows as SQL (scripts/preview-edge.ts).
 */
async function insertBatch(db: Database, batch: PlannedRestaurant[]) {
  return db.transaction(async (tx) => {
    const within = tx as unknown as Database;
    const ids = await insertRestaurants(
      within,
      batch.map((b) => b.row),
    );
    const allDishes: NewDish[] = [];
    batch.forEach((b, i) => {
      for (const d of b.dishes) allDishes.push({ ...d, restaurantId: ids[i]! });
    });
    return { ids, dishIds: await insertDishes(within, allDishes) };
  });
}

function planRestaurant(
  i: number,
  { ctx, places, tagIdOf, random, areaCum, names }: Planning,
): PlannedRestaurant {
  const { now, pool } = ctx;
  // The first restaurants cycle through every cuisine and area so even a tiny seed
  // shows the whole vocabulary.
  const area = i < AREAS.length ? AREAS[i]! : AREAS[pickIndex(areaCum, random)]!;
  const cuisine =
    i < CUISINES.length
      ? CUISINES[i]!
      : random.weighted(CUISINES, (c) => c.weight * (area.localCuisines.includes(c.key) ? 3 : 1));
  const name = restaurantName(cuisine, area.name, random, names);
  const letter = monogramLetter(name);
  const quality = Math.min(4.85, Math.max(2.3, 3.85 + random.normal() * 0.42));
  const popularity = Math.exp(random.normal() * 0.9) * (0.6 + (quality - 2.3) / 2.5);
  const menuSize = Math.min(cuisine.dishes.length, random.int(10, 16));
  const menu = random.sample(cuisine.dishes, menuSize);
  const dishImages = menu.map((d) => random.pick(pool.dish[d.art]));
  const scenes = random.sample(pool.restaurant, random.int(2, 3));
  const galleryDishes = random.sample(dishImages, random.int(1, 2));
  const images = [...new Set([...scenes, ...galleryDishes])];
  const bookingLinks = planBookingLinks(cuisine, slug(name), random);
  const restaurantTags = planRestaurantTags(cuisine, menu, random);
  const createdAt = now - random.int(760, 2400) * DAY;
  const kind = cuisine.tag === "Café" ? "café" : `${cuisine.tag} restaurant`;
  const article = /^[AEIOU]/i.test(kind) ? "an" : "a";
  const description = `${name} is ${article} ${kind} in ${area.name} with ${random.pick(cuisine.blurb)}.`;
  const row: NewRestaurant = {
    name,
    logo: random.pick(pool.logo[letter] ?? pool.logo.D!),
    images,
    regionId: places.regionId.get(area.region)!,
    areaId: places.areaId.get(area.name)!,
    bookingLinks,
    description,
    address: `${random.int(1, 240)} ${random.pick(area.streets)}, London`,
    postCode: postCode(area, random),
    phone: `020 7946 0${String(random.int(0, 999)).padStart(3, "0")}`,
    // The listed hours, and the same hours structured so "open now" can read them (issue 24).
    ...listedHours(cuisine.hours, random),
    // Issue 22: where a claim's code goes. ".example" is reserved (RFC 2606): never a real mailbox.
    contactEmail: `hello@${slug(name)}.example`,
    createdAt,
    tagIds: restaurantTags.map(tagIdOf),
  };
  // Issue 31: a pin inside the postcode's real district, from its own stream, so placing
  // restaurants leaves every other seeded value as it was.
  const district = row.postCode!.split(" ")[0]!;
  Object.assign(row, seedPosition(district, random.fork(`position/${i}`)), {
    postcodeDistrict: district,
    pinSource: "exact",
  });
  const planned = planDishes(ctx, { name, area, cuisine, menu, dishImages, createdAt }, tagIdOf, random);
  // Issue 30: whether this restaurant's owner declared its menu, from its own stream, so the
  // declarations leave every other seeded value as it was.
  const declares = random.fork(`declarations/${i}`);
  const dishes = declares.chance(DECLARING_SHARE)
    ? planned.map((d, j) => ({
        ...d,
        ...declareDish(menu[j]!),
        allergensUpdatedAt: d.createdAt! + declares.int(1, 60) * DAY,
      }))
    : planned;
  return {
    row,
    info: {
      name,
      area,
      cuisine,
      quality,
      popularity,
      buzzing: false,
      images,
      dishNames: menu.map((d) => d.name),
      dishImages,
      ...dishTaste(menu, quality, random),
      bookingLink: bookingLinks[0],
    },
    dishes,
  };
}

function planBookingLinks(cuisine: CuisineSeed, restaurantSlug: string, random: Random): string[] {
  const bookingLinks: string[] = [];
  if (cuisine.hours !== "cafe" || random.chance(0.2)) {
    if (random.chance(0.85)) bookingLinks.push(`https://book.example/${restaurantSlug}`);
    if (random.chance(0.3)) bookingLinks.push(`https://www.example.com/reserve/${restaurantSlug}`);
  }
  return bookingLinks;
}

/** The cuisine, up to three dish kinds the menu has at least twice, and one to three styles. */
function planRestaurantTags(cuisine: CuisineSeed, menu: DishSeed[], random: Random): string[] {
  const dishTagCounts = new Map<string, number>();
  for (const d of menu) for (const t of d.tags) dishTagCounts.set(t, (dishTagCounts.get(t) ?? 0) + 1);
  const signatureTags = [...dishTagCounts.entries()]
    .filter(([t, n]) => n >= 2 && TAG_KIND.get(t) === "dish")
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([t]) => t);
  const styleTags = random.sample(cuisine.styles, random.int(1, 3));
  return [...new Set([cuisine.tag, ...signatureTags, ...styleTags])];
}

function postCode(area: AreaSeed, random: Random): string {
  const letters = "ABDEFGHJLNPQRSTUWXYZ";
  return `${random.pick(area.districts)} ${random.int(1, 9)}${random.pick([...letters])}${random.pick([...letters])}`;
}
