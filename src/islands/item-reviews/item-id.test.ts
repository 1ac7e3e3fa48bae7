import { describe, expect, it } from "vitest";
import { idFromPath } from "./item-id.ts";

describe("idFromPath", () => {
  it("reads a positive integer id from /{kind}/{id}", () => {
    expect(idFromPath("/dish/42", "dish")).toBe(42);
    expect(idFromPath("/offers/7/", "offers")).toBe(7);
  });

  it("gives null for anything that cannot be an id, so the page shows its no-data state", () => {
    for (const path of [
      "/dish/abc",
      "/dish/0",
      "/dish/-3",
      "/dish/1.5",
      "/dish/",
      "/restaurant/4",
      "/dish/4/x",
      "/dish/99999999999999999",
    ]) {
      expect(idFromPath(path, "dish"), path).toBeNull();
    }
  });
});
