import { describe, expect, it } from "vitest";
import { presetOf } from "./loader.ts";

describe("presetOf", () => {
  it("reads the restaurant page's restaurant and the dish page's dish", () => {
    expect(presetOf({ restaurantId: "7", restaurantName: "Dishoom" })).toEqual({ restaurantId: 7, restaurantName: "Dishoom" });
    expect(presetOf({ restaurantId: "7", restaurantName: "Dishoom", dishId: "42" })).toEqual({ restaurantId: 7, restaurantName: "Dishoom", dishId: 42 });
  });

  it("presets nothing from the header or from ids that are not positive integers", () => {
    expect(presetOf({})).toEqual({});
    expect(presetOf({ restaurantId: "0", dishId: "4" })).toEqual({});
    expect(presetOf({ restaurantId: "1e3" })).toEqual({});
    expect(presetOf({ restaurantId: "3", dishId: "-1" })).toEqual({ restaurantId: 3, restaurantName: "" });
  });
});
