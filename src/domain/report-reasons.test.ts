import { describe, expect, it } from "vitest";
import {
  isReportReasonId,
  REPORT_REASON_IDS,
  REPORT_REASONS,
  REPORT_RECEIVED_MESSAGE,
  reportReasonLabel,
} from "./report-reasons.ts";

describe("report reasons (issue 15)", () => {
  it("lists the issue's nine reasons under stable ids, in its order", () => {
    // Ids are stored with every report: this list changes only by adding.
    expect(REPORT_REASON_IDS).toEqual([
      "off-topic",
      "spam-or-fake",
      "conflict-of-interest",
      "undisclosed-incentive",
      "offensive",
      "harassment",
      "hate",
      "personal-information",
      "unsafe-food-safety-claim",
    ]);
  });

  it("gives every reason a distinct, non-empty label", () => {
    const labels = REPORT_REASONS.map((reason) => reason.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label.trim()).not.toBe("");
    expect(reportReasonLabel("hate")).toBe("Hate speech");
  });

  it("accepts only the listed ids", () => {
    expect(isReportReasonId("spam-or-fake")).toBe(true);
    for (const bad of ["", "Spam", "spam", "SPAM-OR-FAKE", " off-topic", "constructor", 1, null, undefined, {}]) {
      expect(isReportReasonId(bad), String(bad)).toBe(false);
    }
  });

  it("thanks the reporter word for word", () => {
    expect(REPORT_RECEIVED_MESSAGE).toBe("Thanks, we'll review this");
  });
});
