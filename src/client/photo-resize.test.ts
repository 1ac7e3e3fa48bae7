import { describe, expect, it } from "vitest";
import { fitWithin, jpegName, MAX_AVATAR_EDGE, MAX_IMAGE_EDGE } from "./photo-resize.ts";

describe("fitWithin", () => {
  it("scales the long edge to 2048 px and keeps the aspect ratio", () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin(8000, 8000)).toEqual({ width: 2048, height: 2048 });
  });

  it("never enlarges a small photo", () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(MAX_IMAGE_EDGE, 10)).toEqual({ width: 2048, height: 10 });
  });

  it("keeps a panorama at least one pixel high and within the limit", () => {
    expect(fitWithin(100_000, 20)).toEqual({ width: 2048, height: 1 });
    expect(fitWithin(4097, 4096).width).toBe(2048);
  });

  it("scales an avatar's long edge to 1024 px, so a 12-megapixel phone photo goes out under 8 megapixels", () => {
    expect(fitWithin(4032, 3024, MAX_AVATAR_EDGE)).toEqual({ width: 1024, height: 768 });
    expect(fitWithin(3024, 4032, MAX_AVATAR_EDGE)).toEqual({ width: 768, height: 1024 });
    expect(fitWithin(600, 400, MAX_AVATAR_EDGE)).toEqual({ width: 600, height: 400 });
  });

  it("refuses an image without a size", () => {
    expect(() => fitWithin(0, 10)).toThrow(RangeError);
    expect(() => fitWithin(Number.NaN, 10)).toThrow(RangeError);
  });
});

describe("jpegName", () => {
  it("names the re-encoded file .jpg and keeps no path", () => {
    expect(jpegName("IMG_0001.HEIC")).toBe("IMG_0001.jpg");
    expect(jpegName("a/b\\c.png")).toBe("a_b_c.jpg");
    expect(jpegName(".png")).toBe("photo.jpg");
    expect(jpegName("noext")).toBe("noext.jpg");
  });
});
