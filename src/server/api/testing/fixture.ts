// A small, deterministic London catalogue for API tests. Restaurants, dishes, offers and
// reviews go through the same writers the seed and the write API use (catalogue-writes.ts,
// reviews.ts), so search rows and ranking aggregates are exactly what production keeps.
// Regions, areas, tags and users have no writer of their own here and are inserted directly.
import type { Database } from "../db/client.ts";
import { insertDishes, insertOffers, insertRestaurants } from "../db/queries/catalogue-writes.ts";
import { recordReviews, type NewReview } from "../db/queries/review-bulk-record.ts";
import { areas, profiles, regions, tags, users } from "../db/schema.ts";
import { madeBeforeAll, useTestApp, type TestApp, type TestAppOptions } from "./test-app.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;

export const FIXTURE_REGIONS = ["Central", "North", "East"] as const;
export const FIXTURE_AREAS = {
  Soho: "Central",
  "Covent Garden": "Central",
  Islington: "North",
  Camden: "North",
  Shoreditch: "East",
} as const;
export const FIXTURE_TAGS = {
  Burgers: "🍔",
  Coffee: "☕",
  Italian: "🍝",
  Japanese: "🍣",
  Pizza: "🍕",
  Ramen: "🍜",
  Vegan: "🌱",
} as const;

type AreaName = keyof typeof FIXTURE_AREAS;
type TagName = keyof typeof FIXTURE_TAGS;

interface DishSpec {
  name: string;
  pence: number | null;
  tags: TagName[];
  description: string;
}

interface RestaurantSpec {
  name: string;
  area: AreaName;
  tags: TagName[];
  description: string;
  dishes: DishSpec[];
}

export const FIXTURE_RESTAURANTS: RestaurantSpec[] = [
  {
    name: "Kyoto Ramen House",
    area: "Soho",
    tags: ["Japanese", "Ramen"],
    description: "Slow-simmered pork broth and hand-pulled noodles.",
    dishes: [
      {
        name: "Tonkotsu Ramen",
        pence: 1450,
        tags: ["Ramen", "Japanese"],
        description: "Rich pork bone broth, chashu, egg.",
      },
      { name: "Pork Gyoza", pence: 650, tags: ["Japanese"], description: "Pan-fried dumplings." },
      { name: "Edamame", pence: 450, tags: ["Japanese", "Vegan"], description: "Salted soy beans." },
      { name: "Matcha Ice Cream", pence: 1550, tags: ["Japanese"], description: "Green tea soft serve." },
    ],
  },
  {
    name: "Tonkotsu Lane",
    area: "Camden",
    tags: ["Japanese", "Ramen"],
    description: "A tiny noodle counter by the lock.",
    dishes: [
      {
        name: "Spicy Miso Ramen",
        pence: 1350,
        tags: ["Ramen", "Japanese"],
        description: "Miso broth with chilli oil.",
      },
      { name: "Shoyu Ramen", pence: 1250, tags: ["Ramen", "Japanese"], description: "Clear soy broth." },
      { name: "Karaage", pence: 750, tags: ["Japanese"], description: "Crisp fried chicken." },
      { name: "Yuzu Soda", pence: null, tags: [], description: "House soda." },
    ],
  },
  {
    name: "Bella Napoli",
    area: "Islington",
    tags: ["Italian", "Pizza"],
    description: "Wood-fired Neapolitan pizza.",
    dishes: [
      {
        name: "Margherita",
        pence: 1100,
        tags: ["Pizza", "Italian"],
        description: "Tomato, fior di latte, basil.",
      },
      { name: "Diavola", pence: 1300, tags: ["Pizza", "Italian"], description: "Spicy salami." },
      { name: "Marinara", pence: 900, tags: ["Pizza", "Vegan"], description: "Tomato, garlic, oregano." },
      { name: "Tiramisu", pence: 700, tags: ["Italian"], description: "Coffee and mascarpone." },
    ],
  },
  {
    name: "Trattoria Roma",
    area: "Covent Garden",
    tags: ["Italian"],
    description: "Roman classics and fresh pasta.",
    dishes: [
      { name: "Carbonara", pence: 1800, tags: ["Italian"], description: "Guanciale, pecorino, egg yolk." },
      { name: "Cacio e Pepe", pence: 2200, tags: ["Italian"], description: "Pecorino and black pepper." },
      { name: "Saltimbocca", pence: 2600, tags: ["Italian"], description: "Veal, sage, prosciutto." },
      { name: "Panna Cotta", pence: 900, tags: ["Italian"], description: "Vanilla cream." },
    ],
  },
  {
    name: "Smash Burger Co",
    area: "Shoreditch",
    tags: ["Burgers"],
    description: "Smashed patties on potato buns.",
    dishes: [
      { name: "Smash Double", pence: 1200, tags: ["Burgers"], description: "Two patties, American cheese." },
      { name: "Vegan Smash", pence: 1150, tags: ["Burgers", "Vegan"], description: "Plant patty, pickles." },
      { name: "Loaded Fries", pence: 600, tags: [], description: "Cheese sauce and onions." },
      { name: "Milkshake", pence: null, tags: [], description: "Vanilla or chocolate." },
    ],
  },
  {
    name: "Green Leaf Kitchen",
    area: "Islington",
    tags: ["Vegan", "Coffee"],
    description: "Plant-based brunch and flat whites.",
    dishes: [
      { name: "Vegan Ramen", pence: 1300, tags: ["Vegan", "Ramen"], description: "Shiitake broth and tofu." },
      { name: "Avocado Toast", pence: 950, tags: ["Vegan"], description: "Sourdough, chilli, lime." },
      { name: "Flat White", pence: 350, tags: ["Coffee"], description: "Double shot." },
      { name: "Banana Bread", pence: 400, tags: ["Vegan"], description: "Toasted with maple butter." },
    ],
  },
  {
    name: "Brick Lane Roasters",
    area: "Shoreditch",
    tags: ["Coffee", "Vegan"],
    description: "Speciality coffee roasted on site.",
    dishes: [
      { name: "Cortado", pence: null, tags: ["Coffee"], description: "Espresso cut with milk." },
      { name: "Cold Brew", pence: null, tags: ["Coffee"], description: "Steeped for eighteen hours." },
      { name: "Oat Latte", pence: null, tags: ["Coffee", "Vegan"], description: "Oat milk latte." },
    ],
  },
  {
    name: "Grill Republic",
    area: "Soho",
    tags: ["Burgers"],
    description: "Charcoal grill and late-night burgers.",
    dishes: [
      { name: "Republic Burger", pence: 1400, tags: ["Burgers"], description: "Dry-aged beef, bacon jam." },
      { name: "Halloumi Burger", pence: 1250, tags: ["Burgers"], description: "Grilled halloumi." },
      { name: "Onion Rings", pence: 500, tags: [], description: "Beer battered." },
      { name: "Chicken Wings", pence: 850, tags: [], description: "Buffalo or honey soy." },
    ],
  },
];

/** Reviews as [subject name, number of reviews, rating in tenths, age in ms]. */
const RESTAURANT_REVIEWS: [string, number, number, number][] = [
  ["Trattoria Roma", 12, 48, 90 * DAY],
  ["Kyoto Ramen House", 6, 45, 30 * DAY],
  ["Tonkotsu Lane", 1, 50, 3 * DAY],
  ["Bella Napoli", 3, 40, 20 * DAY],
  ["Smash Burger Co", 2, 38, 1 * HOUR],
  ["Green Leaf Kitchen", 1, 30, 10 * DAY],
];
const DISH_REVIEWS: [string, number, number, number][] = [
  ["Tonkotsu Ramen", 8, 47, 40 * DAY],
  ["Carbonara", 4, 42, 60 * DAY],
  ["Margherita", 5, 44, 25 * DAY],
  ["Spicy Miso Ramen", 3, 45, 9 * DAY],
  ["Vegan Ramen", 2, 30, 1 * DAY],
  ["Smash Double", 2, 40, 1 * HOUR],
  ["Republic Burger", 1, 41, 12 * DAY],
];

export const FIXTURE_PASSWORD_HASH = "fixture-not-a-real-password-hash";

export interface CatalogueFixture {
  regionIds: Record<(typeof FIXTURE_REGIONS)[number], number>;
  areaIds: Record<AreaName, number>;
  tagIds: Record<TagName, number>;
  restaurantIds: Record<string, number>;
  dishIds: Record<string, number>;
  /** Offer ids by title. */
  offerIds: Record<string, number>;
  userIds: { ada: number; ben: number };
  /** Everyone who wrote the fixture's reviews: item i's reviews are by the first n of them. */
  reviewerIds: number[];
  /** The reviews' "now": the test clock's time when the fixture was built. */
  now: number;
}

function byName<T extends string>(names: readonly T[], ids: number[]): Record<T, number> {
  return Object.fromEntries(names.map((name, i) => [name, ids[i]!])) as Record<T, number>;
}

/** Builds the catalogue into a migrated, empty database. Same input, same ids, every time. */
export async function buildCatalogueFixture(db: Database, now: number): Promise<CatalogueFixture> {
  const places = await insertPlaces(db);
  const people = await insertPeople(db);
  const restaurantIds = await insertFixtureRestaurants(db, places, now);
  const dishIds = await insertFixtureDishes(db, restaurantIds, places.tagIds, now);
  const offerIds = await insertFixtureOffers(db, restaurantIds);
  await recordReviews(db, [
    ...fixtureReviews(RESTAURANT_REVIEWS, people.authors, now, (name) => ({
      restaurantId: restaurantIds[name]!,
    })),
    ...fixtureReviews(DISH_REVIEWS, people.authors, now, (name) => ({ dishId: dishIds[name]! })),
  ]);
  return {
    ...places,
    restaurantIds,
    dishIds,
    offerIds,
    userIds: people.userIds,
    reviewerIds: people.authors,
    now,
  };
}

type Places = Pick<CatalogueFixture, "regionIds" | "areaIds" | "tagIds">;

/** Regions, their areas and the tags: rows with no writer of their own. */
async function insertPlaces(db: Database): Promise<Places> {
  const regionRows = await db
    .insert(regions)
    .values(FIXTURE_REGIONS.map((regionName) => ({ regionName })))
    .returning({ id: regions.id });
  const regionIds = byName(
    FIXTURE_REGIONS,
    regionRows.map((r) => r.id),
  );
  const areaNames = Object.keys(FIXTURE_AREAS) as AreaName[];
  const areaRows = await db
    .insert(areas)
    .values(
      areaNames.map((areaName) => ({
        areaName,
        regionId: regionIds[FIXTURE_AREAS[areaName]],
        image: `area-${areaName.toLowerCase().replaceAll(" ", "-")}.webp`,
        content: `${areaName} is one of London's best places to eat.`,
      })),
    )
    .returning({ id: areas.id });
  const tagNames = Object.keys(FIXTURE_TAGS) as TagName[];
  const tagRows = await db
    .insert(tags)
    .values(tagNames.map((tagName) => ({ tagName, emoji: FIXTURE_TAGS[tagName] })))
    .returning({ id: tags.id });
  return {
    regionIds,
    areaIds: byName(
      areaNames,
      areaRows.map((r) => r.id),
    ),
    tagIds: byName(
      tagNames,
      tagRows.map((r) => r.id),
    ),
  };
}

/** Verified users with profiles, in order: their ids. */
async function insertUsers(db: Database, people: { username: string; name: string }[]): Promise<number[]> {
  const rows = await db
    .insert(users)
    .values(
      people.map(({ username }) => ({
        username,
        email: `${username}@example.test`,
        passwordHash: FIXTURE_PASSWORD_HASH,
        emailVerified: true,
      })),
    )
    .returning({ id: users.id });
  await db.insert(profiles).values(rows.map((r, i) => ({ userId: r.id, name: people[i]!.name })));
  return rows.map((r) => r.id);
}

/** Ada, Ben and the reviewers: `authors` in the order items take their reviews from. */
async function insertPeople(
  db: Database,
): Promise<{ userIds: CatalogueFixture["userIds"]; authors: number[] }> {
  const [ada, ben] = await insertUsers(db, [
    { username: "ada", name: "Ada" },
    { username: "ben", name: "Ben" },
  ]);
  // One voice per person per item (issue 20): the most-reviewed item needs that many people.
  // Ada and Ben write each item's first two reviews; these reviewers write the rest.
  const mostReviews = Math.max(...[...RESTAURANT_REVIEWS, ...DISH_REVIEWS].map(([, count]) => count));
  const reviewers = await insertUsers(
    db,
    Array.from({ length: mostReviews - 2 }, (_, i) => ({
      username: `reviewer${i + 3}`,
      name: `Reviewer ${i + 3}`,
    })),
  );
  return { userIds: { ada: ada!, ben: ben! }, authors: [ada!, ben!, ...reviewers] };
}

async function insertFixtureRestaurants(
  db: Database,
  places: Places,
  now: number,
): Promise<Record<string, number>> {
  const ids = await insertRestaurants(
    db,
    FIXTURE_RESTAURANTS.map((r, i) => ({
      name: r.name,
      logo: `restaurant-${i + 1}-logo.webp`,
      images: [`restaurant-${i + 1}-a.webp`, `restaurant-${i + 1}-b.webp`],
      regionId: places.regionIds[FIXTURE_AREAS[r.area]],
      areaId: places.areaIds[r.area],
      bookingLinks: [`https://booking.example.test/${i + 1}`],
      description: r.description,
      address: `${10 + i} Example Street, London`,
      postCode: `W1D ${i + 1}AB`,
      phone: i % 2 === 0 ? `020 7946 00${10 + i}` : null,
      openingHours: ["Monday: 11:00 AM - 9:00 PM", "Tuesday: 11:00 AM - 9:00 PM"],
      createdAt: now - 365 * DAY,
      tagIds: r.tags.map((t) => places.tagIds[t]),
    })),
  );
  return byName(
    FIXTURE_RESTAURANTS.map((r) => r.name),
    ids,
  );
}

async function insertFixtureDishes(
  db: Database,
  restaurantIds: Record<string, number>,
  tagIds: Record<TagName, number>,
  now: number,
): Promise<Record<string, number>> {
  const dishSpecs = FIXTURE_RESTAURANTS.flatMap((r) => r.dishes.map((d) => ({ ...d, restaurant: r.name })));
  const ids = await insertDishes(
    db,
    dishSpecs.map((d, i) => ({
      restaurantId: restaurantIds[d.restaurant]!,
      dishName: d.name,
      priceMinor: d.pence,
      images: [`dish-${i + 1}.webp`],
      description: d.description,
      about: `${d.name} at ${d.restaurant}.`,
      createdAt: now - 300 * DAY,
      tagIds: d.tags.map((t) => tagIds[t]),
    })),
  );
  return byName(
    dishSpecs.map((d) => d.name),
    ids,
  );
}

const FIXTURE_OFFERS = [
  { title: "Ramen and Gyoza for Two", restaurant: "Kyoto Ramen House", original: 4000, discounted: 2800 },
  { title: "Kyoto Lunch Bowl", restaurant: "Kyoto Ramen House", original: 1500, discounted: 1200 },
  { title: "Pizza Night", restaurant: "Bella Napoli", original: 3000, discounted: 2000 },
  { title: "Burger and Shake", restaurant: "Smash Burger Co", original: 1800, discounted: 1400 },
  { title: "Coffee Card", restaurant: "Brick Lane Roasters", original: 3500, discounted: 3000 },
];

async function insertFixtureOffers(
  db: Database,
  restaurantIds: Record<string, number>,
): Promise<Record<string, number>> {
  const ids = await insertOffers(
    db,
    FIXTURE_OFFERS.map((o, i) => ({
      restaurantId: restaurantIds[o.restaurant]!,
      title: o.title,
      image: `offer-${i + 1}.webp`,
      description: `${o.title} at ${o.restaurant}.`,
      originalPriceMinor: o.original,
      discountedPriceMinor: o.discounted,
      termsAndConditions: "Purchaser must be 18 or over.",
      available: "Monday to Friday",
      booking: "Book 24 hours ahead.",
    })),
  );
  return byName(
    FIXTURE_OFFERS.map((o) => o.title),
    ids,
  );
}

/** Item i's reviews, one per author from the first, a minute apart. */
function fixtureReviews(
  specs: [string, number, number, number][],
  authors: number[],
  now: number,
  subject: (name: string) => { restaurantId: number } | { dishId: number },
): NewReview[] {
  return specs.flatMap(([name, count, ratingTenths, age]) =>
    Array.from({ length: count }, (_, i) => ({
      ...subject(name),
      authorId: authors[i]!,
      content: `Review ${i + 1} of ${name}.`,
      ratingTenths,
      createdAt: now - age - i * 60_000,
    })),
  );
}

/**
 * The test file's app (useTestApp) with the catalogue built into it before its tests; `setUp`
 * then runs on both.
 */
export function useCatalogueTestApp(
  options: TestAppOptions = {},
  setUp?: (t: TestApp, f: CatalogueFixture) => unknown,
): { t: TestApp; f: CatalogueFixture } {
  const f = madeBeforeAll<CatalogueFixture>();
  const t = useTestApp(options, async (app) => {
    const fixture = await buildCatalogueFixture(app.db, app.clock.now());
    f.make(fixture);
    await setUp?.(app, fixture);
  });
  return { t, f: f.value };
}

let moreDishesMade = 0;

/**
 * New dishes at Grill Republic, for a test in which one person reviews many items: a person
 * has one review per item (issue 20). Answers their ids.
 */
export async function moreDishes(db: Database, f: CatalogueFixture, count: number): Promise<number[]> {
  const first = moreDishesMade + 1;
  moreDishesMade += count;
  return insertDishes(
    db,
    Array.from({ length: count }, (_, i) => ({
      restaurantId: f.restaurantIds["Grill Republic"]!,
      dishName: `Test dish ${first + i}`,
      priceMinor: 500,
      createdAt: f.now - 300 * DAY,
      tagIds: [],
    })),
  );
}

/** A GET against the test app, with the envelope parsed (tests of the discovery API). */
export async function getJson<T = unknown>(
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  path: string,
  init?: RequestInit,
): Promise<{ status: number; headers: Headers; body: { code: number; message: string; data: T } }> {
  const res = await app.request(path, init);
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as { code: number; message: string; data: T },
  };
}
