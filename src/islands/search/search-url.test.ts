import { describe, expect, it } from "vitest";
import { searchUrl } from "./search-url.ts";

describe("searchUrl", () => {
  it("carries keyword and location, trimmed and encoded", () => {
    expect(searchUrl(" fish & chips ", "Islington")).toBe("/search?keyword=fish+%26+chips&location=Islington");
    expect(searchUrl("ramen", "")).toBe("/search?keyword=ramen&location=");
  });
});
