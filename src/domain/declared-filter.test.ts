import { describe, expect, it } from "vitest";
import { hiddenDishesMessage, shownUndeclaredMessage, undeclaredFor } from "./declared-filter.ts";

describe("undeclared dishes in filtered lists (issue 30)", () => {
  it("names what was not declared, for one dish or many", () => {
    expect(hiddenDishesMessage(12, { freeFrom: "peanuts" })).toBe(
      "12 dishes hidden: their restaurants have not declared allergens",
    );
    expect(hiddenDishesMessage(1, { diet: "vegan" })).toBe("1 dish hidden: its restaurant has not declared diets");
    expect(shownUndeclaredMessage(3, { diet: "vegan", freeFrom: "milk" })).toMatch(
      /^3 dishes marked “Not declared”: their restaurants have not declared allergens or diets/,
    );
  });

  it("marks a dish only for the declaration the filter needed", () => {
    const noAllergens = { allergens: null, diets: ["vegan"] };
    expect(undeclaredFor(noAllergens, { freeFrom: "milk" })).toBe(true);
    expect(undeclaredFor(noAllergens, { diet: "vegan" })).toBe(false);
    expect(undeclaredFor({ allergens: { contains: [] }, diets: null }, { diet: "vegan" })).toBe(true);
  });
});
