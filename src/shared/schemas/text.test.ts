import { describe, expect, it } from "vitest";
import { hasUnsafeCharacters, safeText, unsafeTextMessage } from "./text.ts";
import type { z } from "./zod.ts";

const name = safeText("Name").min(1, "Name is required.");
const message = (value: unknown, schema: z.ZodType = name) =>
  schema.safeParse(value).error?.issues[0]?.message;

describe("safeText", () => {
  it.each([
    ["a right-to-left override (U+202E)", "Ada\u202Emoc.live"],
    ["a zero-width space (U+200B)", "Ad\u200Ba"],
    ["a NUL (U+0000)", "Ada\u0000"],
    ["a byte-order mark at the start (U+FEFF), which trim would silently drop", "\uFEFFAda"],
    ["a byte-order mark at the end", "Ada\uFEFF"],
    ["a zero-width joiner between letters (U+200D)", "A\u200Dda"],
    ["a left-to-right isolate (U+2066)", "\u2066Ada\u2069"],
    ["a soft hyphen (U+00AD)", "A\u00ADda"],
    ["an escape sequence (U+001B)", "Ada\u001B[31m"],
    ["a C1 control (U+0085)", "Ada\u0085"],
    ["a tab", "Ada\tOkafor"],
    ["a line feed", "Ada\nOkafor"],
    ["a carriage return", "Ada\rOkafor"],
    ["a line separator (U+2028)", "Ada\u2028Okafor"],
    ["a lone surrogate", "Ada\uD800"],
    ["a tag character (U+E0041)", "Ada\u{E0041}"],
  ])("refuses %s with a message naming the field", (_label, value) => {
    expect(message(value)).toBe("Name must not contain control or invisible characters.");
  });

  it("accepts ordinary names in any script, trimmed", () => {
    for (const value of ["Ada Okafor", "Zoë O'Brien-Smith", "Łukasz", "陈静", "محمد", "Ἀλέξανδρος"]) {
      expect(name.parse(` ${value}  `)).toBe(value);
    }
  });

  it("keeps surrounding spaces when trimming is off, and still refuses invisible ones", () => {
    const raw = safeText("Password", { trim: false });
    expect(raw.parse("  two spaces  ")).toBe("  two spaces  ");
    expect(message("secret\u200B", raw)).toBe("Password must not contain control or invisible characters.");
  });

  it("lets multi-line text keep its line breaks and tabs, but nothing else invisible", () => {
    const body = safeText("Comment", { multiline: true });
    expect(body.parse("Great ramen.\r\n\tWould go again.\n")).toBe("Great ramen.\r\n\tWould go again.");
    expect(message("Great\u202E ramen", body)).toBe(unsafeTextMessage("Comment"));
    expect(message("Great\u0000 ramen", body)).toBe(unsafeTextMessage("Comment"));
    expect(message("Great\u000B ramen", body)).toBe(unsafeTextMessage("Comment"));
  });

  it("allows emoji sequences only where emoji are welcome, and only as emoji", () => {
    const body = safeText("Comment", { emoji: true });
    const chef = "👩🏽\u200D🍳";
    const england = "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}";
    expect(body.parse(`Chef's kiss ${chef} ${england}`)).toBe(`Chef's kiss ${chef} ${england}`);
    // A joiner between letters, or tag characters hiding text after something else, is not an emoji.
    expect(message("ab\u200Dcd", body)).toBe(unsafeTextMessage("Comment"));
    expect(message("hi\u{E0068}\u{E0069}", body)).toBe(unsafeTextMessage("Comment"));
    expect(message(`${chef}\u200B`, body)).toBe(unsafeTextMessage("Comment"));
    // Without the option the same emoji are refused: names have no use for them.
    expect(message(chef)).toBe(unsafeTextMessage("Name"));
  });

  it("refuses what is not a string with a message naming the field", () => {
    expect(message(42)).toBe("Name must be text.");
    expect(message(null, safeText("Name", { typeMessage: "First name is required." }))).toBe(
      "First name is required.",
    );
  });

  it("answers the chained rules after its own", () => {
    expect(message("   ")).toBe("Name is required.");
  });
});

describe("hasUnsafeCharacters", () => {
  it("is false for plain text and true for a hidden character", () => {
    expect(hasUnsafeCharacters("alice@example.com")).toBe(false);
    expect(hasUnsafeCharacters("alice\u200B@example.com")).toBe(true);
  });
});
