import { describe, expect, it } from "vitest";
import { maskEmail } from "./mask-email.ts";

describe("maskEmail", () => {
  it("keeps the first character of the local part and the whole domain", () => {
    expect(maskEmail("jane.doe@example.com")).toBe("j***@example.com");
  });

  it("hides the length of short local parts too", () => {
    expect(maskEmail("j@example.com")).toBe("j***@example.com");
    expect(maskEmail("jo@example.com")).toBe("j***@example.com");
  });

  it("splits at the last @ and ignores surrounding spaces", () => {
    expect(maskEmail('  "a@b"@example.com ')).toBe('"***@example.com');
  });

  it("keeps a non-ASCII first character whole", () => {
    expect(maskEmail("😀x@example.com")).toBe("😀***@example.com");
  });

  it("reveals nothing of something that is not an address", () => {
    expect(maskEmail("not-an-address")).toBe("***");
    expect(maskEmail("@example.com")).toBe("***");
    expect(maskEmail("jane@")).toBe("***");
    expect(maskEmail("")).toBe("***");
  });
});
