import { describe, expect, it } from "vitest";
import { mountPointOf } from "./loader.ts";

describe("mountPointOf", () => {
  it("takes the kind from the page and the id from the address", () => {
    expect(mountPointOf({ itemReviews: "dish" }, "/dish/42")).toEqual({ kind: "dish", itemId: 42 });
    expect(mountPointOf({ itemReviews: "restaurant" }, "/restaurant/900123/")).toEqual({ kind: "restaurant", itemId: 900123 });
  });

  it("mounts nothing for an unknown kind or an address without an item id", () => {
    expect(mountPointOf({ itemReviews: "offers" }, "/offers/3")).toBeNull();
    expect(mountPointOf({}, "/dish/3")).toBeNull();
    expect(mountPointOf({ itemReviews: "dish" }, "/dish/_template")).toBeNull();
    expect(mountPointOf({ itemReviews: "dish" }, "/restaurant/4")).toBeNull();
    expect(mountPointOf({ itemReviews: "dish" }, "/dish/0")).toBeNull();
  });
});
