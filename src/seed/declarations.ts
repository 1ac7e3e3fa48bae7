// Owner declarations for the fictional catalogue (issue 30): about a third of the seeded
// restaurants have an owner who filled in the allergen panel and diets of every dish, as
// docs/owners.md lets a verified owner do, so the diet and free-from filters have real answers.
// The rest declare nothing, and the site never guesses for them. What a dish declares is read
// from its own menu line (name, tags, description, kind of dish), so it fits the dish: a vegan
// dish declares no milk or eggs, a pizza contains gluten, a satay contains peanuts.
import { allergenMask, type AllergenId } from "../domain/allergens.ts";
import { dietMask, type DietId } from "../domain/diets.ts";
import type { DishSeed } from "./menu.ts";

/** The share of restaurants whose owner declared their menu. */
export const DECLARING_SHARE = 0.35;

export interface DishDeclaration {
  allergensMask: number;
  dietsMask: number;
}

// Words in a dish's line that mean it contains an allergen (lower case, matched as whole words
// or word starts). Kinds of dish (menu.ts art) that always do, whatever the line says.
const CONTAINS: Record<AllergenId, { words: string[]; arts?: DishSeed["art"][] }> = {
  celery: { words: ["celery", "celeriac", "ragù", "ragu", "bolognese", "stock", "gravy", "jollof"] },
  gluten: {
    words: [
      "bread",
      "flour",
      "pasta",
      "spaghetti",
      "linguine",
      "tonnarelli",
      "pappardelle",
      "ravioli",
      "lasagne",
      "noodle",
      "udon",
      "ramen",
      "bun",
      "batter",
      "battered",
      "wheat",
      "dough",
      "pastry",
      "crust",
      "naan",
      "pitta",
      "pita",
      "wrap",
      "flatbread",
      "paratha",
      "roti",
      "croissant",
      "cake",
      "biscuit",
      "savoiardi",
      "couscous",
      "bulgur",
      "toast",
      "brioche",
      "pie",
      "panko",
      "crumb",
      "breaded",
      "sourdough",
      "beer",
      "dumpling",
      "gyoza",
      "bao",
      "waffle",
      "pancake",
      "doughnut",
      "sandwich",
      "burger",
      "seitan",
      "barley",
    ],
    arts: [
      "pizza",
      "pasta",
      "pastry",
      "cake",
      "sandwich",
      "burger",
      "dumplings",
      "flatbread",
      "noodles",
      "ramen",
    ],
  },
  crustaceans: { words: ["prawn", "shrimp", "crab", "lobster", "langoustine", "crayfish"] },
  eggs: {
    words: [
      "egg",
      "eggs",
      "yolk",
      "mayo",
      "mayonnaise",
      "aioli",
      "carbonara",
      "meringue",
      "custard",
      "brioche",
      "omelette",
      "frittata",
      "tiramisu",
      "savoiardi",
      "pancake",
      "waffle",
      "hollandaise",
      "benedict",
      "cake",
    ],
    arts: ["eggs", "cake"],
  },
  fish: {
    words: [
      "fish",
      "tuna",
      "salmon",
      "cod",
      "anchovy",
      "anchovies",
      "mackerel",
      "sardine",
      "haddock",
      "sea bass",
      "bream",
      "bonito",
      "dashi",
      "eel",
      "tonnato",
      "hake",
      "trout",
      "ceviche",
      "sashimi",
      "nigiri",
    ],
    arts: ["sushi"],
  },
  lupin: { words: ["lupin"] },
  milk: {
    words: [
      "cheese",
      "mozzarella",
      "parmesan",
      "pecorino",
      "burrata",
      "butter",
      "cream",
      "milk",
      "yoghurt",
      "yogurt",
      "paneer",
      "ghee",
      "béchamel",
      "mascarpone",
      "gelato",
      "ice cream",
      "latte",
      "cappuccino",
      "flat white",
      "feta",
      "halloumi",
      "ricotta",
      "labneh",
      "raita",
      "custard",
      "fior di latte",
      "gorgonzola",
      "fontina",
      "cheddar",
      "makhani",
      "korma",
      "lassi",
      "milkshake",
      "brie",
      "queso",
      "cheesecake",
      "chocolate",
    ],
  },
  molluscs: {
    words: ["clam", "vongole", "mussel", "oyster", "squid", "calamari", "octopus", "scallop", "cuttlefish"],
  },
  mustard: { words: ["mustard", "dijon", "piccalilli", "kasundi"] },
  "tree-nuts": {
    words: [
      "almond",
      "walnut",
      "cashew",
      "pistachio",
      "hazelnut",
      "pecan",
      "amaretti",
      "praline",
      "macadamia",
      "baklava",
      "frangipane",
      "pesto",
      "korma",
    ],
  },
  peanuts: { words: ["peanut", "satay", "groundnut", "pad thai", "gado"] },
  sesame: { words: ["sesame", "tahini", "hummus", "houmous", "furikake", "za'atar", "halva"] },
  soya: { words: ["soy", "soya", "tofu", "edamame", "miso", "tempeh", "teriyaki", "hoisin", "gochujang"] },
  sulphites: {
    words: [
      "wine",
      "vinegar",
      "vermouth",
      "prosecco",
      "balsamic",
      "pickled",
      "pickle",
      "beer",
      "cider",
      "sherry",
      "negroni",
      "spritz",
      "raisin",
      "sultana",
      "apricot",
      "dried fruit",
      "cocktail",
    ],
  },
};

const MEAT =
  /\b(chicken|beef|lamb|pork|duck|veal|goat|bacon|ham|salami|chorizo|sausage|nduja|guanciale|pancetta|mutton|turkey|brisket|steak|oxtail|jerk|kebab|shawarma|meatball|ragù|ragu|mince|liver|prosciutto|lardo|burger|wings?)\b/;
const SEAFOOD: AllergenId[] = ["fish", "crustaceans", "molluscs"];
const ANIMAL: AllergenId[] = [...SEAFOOD, "milk", "eggs"];

function mentions(text: string, word: string): boolean {
  return new RegExp(`(^|[^a-zà-ü])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).test(text);
}

/** What the owner of a restaurant serving this dish declares: never random, read from the dish. */
export function declareDish(dish: DishSeed): DishDeclaration {
  const text = `${dish.name} ${dish.description}`.toLowerCase();
  const tags = new Set(dish.tags.map((t) => t.toLowerCase()));
  const vegan = tags.has("vegan") || tags.has("plant based");
  const vegetarian = vegan || tags.has("vegetarian");
  const glutenFree = tags.has("gluten free");

  let contains = (Object.keys(CONTAINS) as AllergenId[]).filter((id) => {
    const rule = CONTAINS[id];
    return (rule.arts ?? []).includes(dish.art) || rule.words.some((w) => mentions(text, w));
  });
  if (vegan) contains = contains.filter((id) => !ANIMAL.includes(id));
  else if (vegetarian) contains = contains.filter((id) => !SEAFOOD.includes(id));
  if (glutenFree) contains = contains.filter((id) => id !== "gluten");

  const meat =
    !vegetarian && (MEAT.test(text) || ["chicken", "beef", "lamb", "pork", "bbq"].some((t) => tags.has(t)));
  const seafood =
    contains.some((id) => SEAFOOD.includes(id)) || tags.has("seafood") || tags.has("pescatarian");
  const diets: DietId[] = [
    ...(vegan ? (["vegan"] as const) : []),
    ...(vegetarian ? (["vegetarian"] as const) : []),
    // A vegetarian dish suits a pescatarian too; a fish dish does when nothing else is meat.
    ...(vegetarian || (seafood && !meat) ? (["pescatarian"] as const) : []),
    ...(tags.has("halal") ? (["halal"] as const) : []),
    ...(glutenFree ? (["gluten-free"] as const) : []),
  ];
  return { allergensMask: allergenMask(contains), dietsMask: dietMask(diets) };
}
