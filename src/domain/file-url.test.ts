import { describe, expect, it } from "vitest";
import { fileUrl } from "./file-url.ts";

describe("fileUrl", () => {
  it("serves a file name from the files API", () => {
    expect(fileUrl("dish-12.webp")).toBe("/api/files/dish-12.webp");
  });
  it("encodes names so they stay one path segment", () => {
    expect(fileUrl("a b/c.png")).toBe("/api/files/a%20b%2Fc.png");
  });
  it("passes absolute URLs through and maps empty to null", () => {
    expect(fileUrl("https://x.test/a.png")).toBe("https://x.test/a.png");
    expect(fileUrl("")).toBeNull();
    expect(fileUrl(null)).toBeNull();
  });
});
