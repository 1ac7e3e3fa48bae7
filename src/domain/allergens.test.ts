import { describe, expect, it } from "vitest";
import { ALLERGEN_IDS, allergenMask, allergensOfMask } from "./allergens.ts";
import { DIET_IDS, dietMask, dietsOfMask } from "./diets.ts";

describe("allergen and diet masks", () => {
  it("lists the UK's 14 allergens", () => {
    expect(ALLERGEN_IDS).toHaveLength(14);
    expect(new Set(ALLERGEN_IDS).size).toBe(14);
  });

  it("round-trips every id, in the list's order, duplicates once", () => {
    expect(allergensOfMask(allergenMask(["sesame", "celery", "sesame"]))).toEqual(["celery", "sesame"]);
    expect(allergensOfMask(allergenMask(ALLERGEN_IDS))).toEqual(ALLERGEN_IDS);
    expect(allergensOfMask(allergenMask([]))).toEqual([]);
    expect(dietsOfMask(dietMask(["halal", "vegan"]))).toEqual(["vegan", "halal"]);
    expect(dietsOfMask(dietMask(DIET_IDS))).toEqual(DIET_IDS);
  });
});
