import { describe, expect, it } from "vitest";
import { afterLoginPath, loginHref, returnPathOf, safeReturnPath, withReturnPath } from "./login-return.ts";

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

describe("the return address through sign-up (issue 22)", () => {
  it("keeps a path on this site and drops anything else", () => {
    expect(safeReturnPath("/claim-my-restaurant")).toBe("/claim-my-restaurant");
    for (const next of [null, "", "https://evil.example/", "//evil.example", "/a b"]) {
      expect(safeReturnPath(next)).toBeNull();
    }
    expect(returnPathOf("?next=%2Fclaim-my-restaurant")).toBe("/claim-my-restaurant");
    expect(returnPathOf("?next=%2F%2Fevil.example")).toBeNull();
  });

  it("adds it to a screen's address only when there is one", () => {
    expect(withReturnPath("/email-verification-users", "/claim-my-restaurant")).toBe(
      "/email-verification-users?next=%2Fclaim-my-restaurant",
    );
    expect(withReturnPath("/sign-in-users", null)).toBe("/sign-in-users");
  });
});
