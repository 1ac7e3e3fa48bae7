import { describe, expect, it } from "vitest";
import { photoSrc, photoSrcset } from "./post-media.ts";

describe("photos", () => {
  const photo = {
    name: "p-1600.jpg",
    width: 1600,
    height: 1200,
    srcset: [
      { name: "p-400.jpg", width: 400 },
      { name: "p-800.jpg", width: 800 },
      { name: "p-1600.jpg", width: 1600 },
    ],
  };

  it("offer every width the API wrote", () => {
    expect(photoSrcset(photo)).toBe("/api/files/p-400.jpg 400w, /api/files/p-800.jpg 800w, /api/files/p-1600.jpg 1600w");
  });

  it("fall back to a width that fills a thumbnail, or the only one there is", () => {
    expect(photoSrc(photo)).toBe("/api/files/p-400.jpg");
    expect(photoSrc({ ...photo, srcset: [{ name: "small.jpg", width: 240 }] })).toBe("/api/files/small.jpg");
    expect(photoSrc({ ...photo, srcset: [] })).toBe("/api/files/p-1600.jpg");
  });
});
