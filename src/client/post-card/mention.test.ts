import { describe, expect, it } from "vitest";
import { textAfterMention } from "./mention.ts";

describe("textAfterMention (issue 24: a reply does not show its @mention twice)", () => {
  it("drops a leading @name that matches the mention, in any case, with the punctuation after it", () => {
    expect(textAfterMention("@ann thanks!", "ann")).toBe("thanks!");
    expect(textAfterMention("  @Ann, thanks!", "ann")).toBe("thanks!");
    expect(textAfterMention("@ann: agreed", "Ann")).toBe("agreed");
    expect(textAfterMention("@ann.lee — yes", "ann.lee")).toBe("yes");
  });

  it("keeps text that does not start with the mentioned name", () => {
    expect(textAfterMention("thanks @ann", "ann")).toBe("thanks @ann");
    expect(textAfterMention("@bob thanks", "ann")).toBe("@bob thanks");
    // A longer name that starts like the mentioned one is someone else.
    expect(textAfterMention("@anna thanks", "ann")).toBe("@anna thanks");
    expect(textAfterMention("@ann_b thanks", "ann")).toBe("@ann_b thanks");
  });

  it("keeps the text when there is no mention, or nothing after the @name", () => {
    expect(textAfterMention("@ann thanks", null)).toBe("@ann thanks");
    expect(textAfterMention("@ann", "ann")).toBe("@ann");
    expect(textAfterMention("@ann  ", "ann")).toBe("@ann  ");
  });
});
