import { describe, expect, it } from "vitest";
import { photoProgress } from "./upload-progress.ts";

describe("photoProgress", () => {
  // 100 bytes of text fields and part headers, then photos of 300, 100 and 600 bytes.
  const sizes = [300, 100, 600];
  const total = 1100;

  it("counts nothing while the text fields go", () => {
    expect(photoProgress(50, total, sizes)).toEqual([0, 0, 0]);
  });

  it("fills each photo in body order", () => {
    expect(photoProgress(250, total, sizes)).toEqual([0.5, 0, 0]);
    expect(photoProgress(450, total, sizes)).toEqual([1, 0.5, 0]);
    expect(photoProgress(800, total, sizes)).toEqual([1, 1, 0.5]);
    expect(photoProgress(total, total, sizes)).toEqual([1, 1, 1]);
  });

  it("stays within 0..1 when the sizes do not add up", () => {
    expect(photoProgress(10, 20, [100])).toEqual([0.1]);
    expect(photoProgress(5000, 1000, [10, 10])).toEqual([1, 1]);
    expect(photoProgress(0, 0, [])).toEqual([]);
  });
});
