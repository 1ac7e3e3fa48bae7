// Restaurant names: London-sounding, built from word lists so none is a real business we
// would be reviewing. Every name is checked against the ones already used.
import type { CuisineSeed } from "./menu.ts";
import type { Random } from "./random.ts";

export const SURNAMES = [
  "Rossi", "Bianchi", "Okafor", "Mensah", "Nguyen", "Patel", "Sharma", "Kowalski", "Silva", "Costa", "Haddad",
  "Yilmaz", "Demir", "Kim", "Park", "Tanaka", "Sato", "Chen", "Wong", "Li", "Dubois", "Moreau", "Garcia",
  "Lopez", "Papadopoulos", "Campbell", "Brown", "Hughes", "Ahmed", "Rahman", "Khan", "Begum", "Adeyemi",
  "Mendes", "Novak", "Reyes", "Fernandes", "Walsh", "Murphy", "Kaur", "Singh", "Osei", "Boateng",
];

const ADJECTIVES = [
  "Copper", "Golden", "Little", "Crooked", "Velvet", "Salt", "Smoky", "Wild", "Honest", "Hungry", "Silver",
  "Lucky", "Secret", "Humble", "Happy", "Sunny", "Brass", "Amber", "Indigo", "Scarlet", "Emerald", "Saffron",
  "Quiet", "Jolly", "Merry", "Rustic", "Urban", "Northern", "Southern", "Eastern", "Western", "Midnight",
  "Morning", "Open", "Hidden", "Proper", "Rolling", "Iron", "Paper", "Stone", "Cedar", "Oak", "Juniper",
  "Blue", "Green", "Red", "Black", "White", "Pink", "Lemon",
];

const NOUNS = [
  "Lantern", "Spoon", "Fork", "Table", "Kettle", "Larder", "Pantry", "Hearth", "Oven", "Ladle", "Plate",
  "Bowl", "Cellar", "Yard", "Gate", "Door", "Window", "Bridge", "Wharf", "Arch", "Market", "Garden",
  "Orchard", "Harvest", "Feast", "Supper", "Tavern", "Parlour", "Canteen", "Counter", "Kitchen", "Galley",
  "Mill", "Press", "Still", "Fox", "Hare", "Heron", "Magpie", "Robin", "Owl", "Otter", "Badger", "Stag",
  "Swan", "Crow", "Finch", "Wren", "Pigeon", "Sparrow",
];

const GENERIC_TEMPLATES = ["The {a} {n}", "{a} {n}", "{a} {n} {k}", "{s}'s {k}"];

function fill(template: string, cuisine: CuisineSeed, random: Random): string {
  return template
    .replace("{w}", random.pick(cuisine.words))
    .replace("{k}", random.pick(cuisine.kinds))
    .replace("{s}", random.pick(SURNAMES))
    .replace("{a}", random.pick(ADJECTIVES))
    .replace("{n}", random.pick(NOUNS));
}

/**
 * A restaurant name for `cuisine` not in `used` (which it then joins). Most names use the
 * cuisine's own words; a quarter use generic London ones. When a big seed runs out of fresh
 * combinations, a neighbourhood or branch number tells two places apart.
 */
export function restaurantName(cuisine: CuisineSeed, areaName: string, random: Random, used: Set<string>): string {
  for (let attempt = 0; attempt < 12; attempt++) {
    const template = random.chance(0.75) ? random.pick(cuisine.names) : random.pick(GENERIC_TEMPLATES);
    const name = fill(template, cuisine, random);
    if (!used.has(name.toLowerCase())) {
      used.add(name.toLowerCase());
      return name;
    }
  }
  const base = fill(random.pick(cuisine.names), cuisine, random);
  const withArea = `${base} ${areaName}`;
  if (!used.has(withArea.toLowerCase())) {
    used.add(withArea.toLowerCase());
    return withArea;
  }
  for (let branch = 2; ; branch++) {
    const name = `${withArea} No. ${branch}`;
    if (!used.has(name.toLowerCase())) {
      used.add(name.toLowerCase());
      return name;
    }
  }
}

/** The letter a logo shows: the first letter of the name after any leading "The". */
export function monogramLetter(name: string): string {
  const trimmed = name.replace(/^(the|le|la|el|da|bar|café|cafe|casa)\s+/i, "");
  const letter = trimmed
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .charAt(0)
    .toUpperCase();
  return letter || "D";
}
