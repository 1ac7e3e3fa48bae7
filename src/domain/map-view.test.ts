import { describe, expect, it } from "vitest";
import { distanceMeters } from "./geo-distance.ts";
import { circleAround, intersectBounds, MAP_MESSAGES, parseMapBox } from "./map-view.ts";

describe("parseMapBox", () => {
  it("reads west,south,east,north, rounded to about a metre", () => {
    expect(parseMapBox(" -0.1412345678, 51.5, -0.07,51.53 ")).toEqual({
      west: -0.14123,
      south: 51.5,
      east: -0.07,
      north: 51.53,
    });
  });

  it("says what is wrong with a bad box", () => {
    expect(parseMapBox("1,2,3")).toEqual({ error: MAP_MESSAGES.bboxFormat });
    expect(parseMapBox("1,,3,4")).toEqual({ error: MAP_MESSAGES.bboxFormat });
    expect(parseMapBox("0,91,1,92")).toEqual({ error: MAP_MESSAGES.bboxRange });
    expect(parseMapBox("-181,51,-180,52")).toEqual({ error: MAP_MESSAGES.bboxRange });
    expect(parseMapBox("0,52,1,51")).toEqual({ error: MAP_MESSAGES.bboxOrder });
    expect(parseMapBox("-1.5,51,0.5,51.5")).toEqual({ error: MAP_MESSAGES.bboxSpan });
  });

  it("takes the whole of Greater London", () => {
    expect(parseMapBox("-0.5104,51.2868,0.334,51.6919")).not.toHaveProperty("error");
  });
});

describe("circleAround", () => {
  it("holds every corner of the box", () => {
    const box = { west: -0.2, south: 51.48, east: -0.05, north: 51.56 };
    const { center, radiusMeters } = circleAround(box);
    for (const lat of [box.south, box.north]) {
      for (const lng of [box.west, box.east])
        expect(distanceMeters(center, { lat, lng })).toBeLessThan(radiusMeters);
    }
  });
});

describe("intersectBounds", () => {
  it("keeps what both boxes cover, and an empty box when they do not meet", () => {
    const a = { west: 0, south: 0, east: 2, north: 2 };
    expect(intersectBounds(a, { west: 1, south: 1, east: 3, north: 3 })).toEqual({
      west: 1,
      south: 1,
      east: 2,
      north: 2,
    });
    const apart = intersectBounds(a, { west: 5, south: 5, east: 6, north: 6 });
    expect(apart.south > apart.north).toBe(true);
  });
});
