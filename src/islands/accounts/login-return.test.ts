import { describe, expect, it } from "vitest";
import { afterLoginPath, loginHref } from "./login-return.ts";

describe("afterLoginPath", () => {
  it("returns to the page the Login link came from", () => {
    expect(afterLoginPath(loginHref({ pathname: "/restaurant/12", search: "" }).split("?")[1]!)).toBe(
      "/restaurant/12",
    );
    expect(afterLoginPath(`?next=${encodeURIComponent("/search?keyword=daal&location=Soho")}`)).toBe(
      "/search?keyword=daal&location=Soho",
    );
  });

  it("goes to the feed without a next, or with one that leaves the site", () => {
    for (const next of [
      "",
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "/a b",
      "/x\n",
    ]) {
      expect(afterLoginPath(`?next=${encodeURIComponent(next)}`)).toBe("/home");
    }
    expect(afterLoginPath("")).toBe("/home");
  });
});
