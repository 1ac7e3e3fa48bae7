import { describe, expect, it } from "vitest";
import { sampleDish } from "../../components/catalogue/fixtures.test-data.ts";
import { draftOf, EMPTY_DISH, menuDishOf, priceOf, toggled } from "./menu-form.ts";

describe("the menu editor's dish", () => {
  it("sends allergens as not provided until the owner says they are, never as none", () => {
    const draft = draftOf(sampleDish);
    expect(draft.allergensProvided).toBe(false);
    expect(menuDishOf(draft)).toMatchObject({ id: 12, allergens: null, diets: null, price: 14.5 });
  });

  it("sends an empty list when the owner declares none of the 14", () => {
    const draft = { ...draftOf(sampleDish), allergensProvided: true };
    expect(menuDishOf(draft)).toMatchObject({ allergens: [], diets: [] });
  });

  it("sends the ticked allergens and diets, and a new dish without an id", () => {
    const draft = { ...EMPTY_DISH, dishName: " Satay ", price: "£8", allergensProvided: true, contains: toggled([], "peanuts", true), diets: toggled([], "vegan", true) };
    expect(menuDishOf(draft)).toEqual({ dishName: "Satay", price: 8, description: "", allergens: ["peanuts"], diets: ["vegan"] });
  });

  it("reads prices in pounds, empty as not listed, and leaves nonsense for the server to name", () => {
    expect(priceOf("12.50")).toBe(12.5);
    expect(priceOf(" £1,200 ")).toBe(1200);
    expect(priceOf("")).toBeNull();
    expect(priceOf("twelve")).toBeNaN();
  });

  it("toggles an id once", () => {
    expect(toggled(["milk", "eggs"], "milk", true)).toEqual(["milk", "eggs"]);
    expect(toggled(["milk", "eggs"], "milk", false)).toEqual(["eggs"]);
  });
});
