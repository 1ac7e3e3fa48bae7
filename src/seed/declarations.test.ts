import { describe, expect, it } from "vitest";
import { allergensOfMask } from "../domain/allergens.ts";
import { dietsOfMask } from "../domain/diets.ts";
import { declareDish } from "./declarations.ts";
import { CUISINES } from "./menu.ts";

const dish = (name: string) => CUISINES.flatMap((c) => c.dishes).find((d) => d.name === name)!;
const declared = (name: string) => {
  const d = declareDish(dish(name));
  return { allergens: allergensOfMask(d.allergensMask), diets: dietsOfMask(d.dietsMask) };
};

describe("seeded owner declarations (issue 30)", () => {
  it("reads each dish's allergens and diets from its own menu line", () => {
    expect(declared("Margherita Pizza")).toEqual({ allergens: ["gluten", "milk"], diets: ["vegetarian", "pescatarian"] });
    expect(declared("Linguine alle Vongole").allergens).toEqual(
      expect.arrayContaining(["gluten", "molluscs", "sulphites"]),
    );
    expect(declared("Spaghetti Carbonara").diets).toEqual([]);
    expect(declared("Wild Mushroom Risotto").diets).toContain("gluten-free");
    expect(declared("Wild Mushroom Risotto").allergens).not.toContain("gluten");
  });

  it("never declares milk, eggs or seafood for a vegan dish, nor meat dishes vegetarian", () => {
    for (const d of CUISINES.flatMap((c) => c.dishes)) {
      const { allergens, diets } = {
        allergens: allergensOfMask(declareDish(d).allergensMask),
        diets: dietsOfMask(declareDish(d).dietsMask),
      };
      if (diets.includes("vegan")) {
        expect(allergens.filter((a) => ["milk", "eggs", "fish", "crustaceans", "molluscs"].includes(a)), d.name).toEqual([]);
        expect(diets, d.name).toContain("vegetarian");
      }
      if (diets.includes("gluten-free")) expect(allergens, d.name).not.toContain("gluten");
      if (d.tags.includes("Chicken") || d.tags.includes("Beef")) expect(diets, d.name).not.toContain("vegetarian");
    }
  });
});
