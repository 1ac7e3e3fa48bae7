import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ALLERGEN_NOTICE, ALLERGENS_NOT_PROVIDED } from "../../domain/allergens.ts";
import { DishDetail } from "./DishDetail.tsx";
import { RestaurantDetail } from "./RestaurantDetail.tsx";
import { sampleDish, sampleRestaurant } from "./fixtures.test-data.ts";

const text = (markup: string) => markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the dish page's allergen panel (issue 22)", () => {
  it("says the information has not been provided when the owner has not filled it, never a guess", () => {
    const out = text(renderToStaticMarkup(createElement(DishDetail, { dish: sampleDish })));
    expect(out).toContain(ALLERGENS_NOT_PROVIDED);
    expect(out).not.toContain("Contains");
    expect(out).not.toContain("Last updated by the owner");
    expect(out).toContain(ALLERGEN_NOTICE);
  });

  it("lists what the owner declared, with the day and the notice", () => {
    const dish = {
      ...sampleDish,
      allergens: { contains: ["peanuts" as const, "sulphites" as const], updatedAt: "2026-12-03T18:00:00.000Z" },
      diets: ["vegan" as const],
    };
    const out = text(renderToStaticMarkup(createElement(DishDetail, { dish })));
    expect(out).toContain("Contains Peanuts Sulphur dioxide and sulphites");
    expect(out).toContain("Suitable for Vegan");
    expect(out).toContain("Last updated by the owner on 3 December 2026");
    expect(out).toContain(ALLERGEN_NOTICE);
    expect(out).not.toContain(ALLERGENS_NOT_PROVIDED);
  });

  it("says none when the owner declared none of the 14", () => {
    const dish = { ...sampleDish, allergens: { contains: [], updatedAt: "2026-12-03T18:00:00.000Z" } };
    expect(text(renderToStaticMarkup(createElement(DishDetail, { dish })))).toContain("None of the 14 allergens.");
  });
});

describe("a claimed restaurant (issue 22)", () => {
  it("says so with the day, and says nothing while unclaimed", () => {
    const claimed = renderToStaticMarkup(
      createElement(RestaurantDetail, { restaurant: { ...sampleRestaurant, claimedAt: "2026-11-30" } }),
    );
    expect(text(claimed)).toContain("Claimed by its owner since 30 November 2026");
    const unclaimed = renderToStaticMarkup(createElement(RestaurantDetail, { restaurant: sampleRestaurant }));
    expect(text(unclaimed)).not.toContain("Claimed by its owner");
    expect(unclaimed).toContain('data-live="claimed"');
  });
});
