import { describe, expect, it } from "vitest";
import { decidedItemHref, decisionNoticeText, mayAppealAs, sideAgainst } from "./moderation-notices.ts";

describe("moderation notices", () => {
  it("lets only the side a decision went against appeal", () => {
    expect(sideAgainst("keep")).toBe("reporter");
    expect(sideAgainst("remove")).toBe("author");
    expect(sideAgainst("approve-claim")).toBeNull();
    expect(mayAppealAs("author", "remove")).toBe(true);
    expect(mayAppealAs("reporter", "remove")).toBe(false);
    expect(mayAppealAs("author", "keep")).toBe(false);
    expect(mayAppealAs("reporter", "keep")).toBe(true);
  });

  it("names the item and the outcome for each side, and a restoration on appeal", () => {
    const base = { kind: "review", reasonLabel: "Spam or fake", appealed: null } as const;
    expect(decisionNoticeText({ ...base, action: "remove", role: "author" })).toBe("removed your review (Spam or fake).");
    expect(decisionNoticeText({ ...base, action: "keep", role: "reporter" })).toBe(
      "kept the review you reported (Spam or fake).",
    );
    expect(decisionNoticeText({ ...base, action: "keep", role: "author", appealed: "remove" })).toBe(
      "restored your review on appeal. This decision was made on appeal and is final.",
    );
    expect(decisionNoticeText({ ...base, kind: "comment", action: "remove", role: "reporter", appealed: "keep" })).toBe(
      "removed the comment you reported (Spam or fake). This decision was made on appeal and is final.",
    );
  });

  it("links to the decided item", () => {
    expect(decidedItemHref("review", 4, null)).toBe("/review/4");
    expect(decidedItemHref("comment", 9, 3)).toBe("/review/3#comment-9");
    expect(decidedItemHref("comment", 9, null)).toBeNull();
    expect(decidedItemHref("user", 2, null)).toBe("/user/2");
  });
});
