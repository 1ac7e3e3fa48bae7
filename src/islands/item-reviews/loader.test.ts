import { describe, expect, it } from "vitest";
import { mountPointOf } from "./loader.ts";

describe("mountPointOf", () => {
  it("reads the kind and the id the page was built with", () => {
    expect(mountPointOf({ itemReviews: "dish", itemId: "42" }, "/dish/42")).toEqual({ kind: "dish", itemId: 42 });
    expect(mountPointOf({ itemReviews: "restaurant", itemId: "7" }, "/anything")).toEqual({ kind: "restaurant", itemId: 7 });
  });

  it("reads the id from the address on a page rendered from a template", () => {
    expect(mountPointOf({ itemReviews: "restaurant" }, "/restaurant/900123")).toEqual({ kind: "restaurant", itemId: 900123 });
    expect(mountPointOf({ itemReviews: "dish", itemId: "" }, "/dish/5/")).toEqual({ kind: "dish", itemId: 5 });
  });

  it("mounts nothing for an unknown kind or without a usable id", () => {
    expect(mountPointOf({ itemReviews: "offers", itemId: "3" }, "/offers/3")).toBeNull();
    expect(mountPointOf({ itemReviews: "dish" }, "/dish/_image")).toBeNull();
    expect(mountPointOf({ itemReviews: "dish", itemId: "0" }, "/dish/abc")).toBeNull();
    expect(mountPointOf({ itemReviews: "dish", itemId: "1e3" }, "/restaurant/4")).toBeNull();
  });
});
