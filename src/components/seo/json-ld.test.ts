import { describe, expect, it } from "vitest";
import { jsonLdScriptText } from "./json-ld.ts";

describe("jsonLdScriptText", () => {
  it("cannot close the script element or open a comment, yet parses back to the same data", () => {
    const data = { name: "</script><script>alert(1)</script>", note: "<!-- x --> & \u2028" };
    const text = jsonLdScriptText(data);
    expect(text).not.toMatch(/<|>/);
    expect(text).not.toContain("\u2028");
    expect(JSON.parse(text)).toEqual(data);
  });
});
