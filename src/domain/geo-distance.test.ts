import { describe, expect, it } from "vitest";
import {
  boundsAround,
  distanceMeters,
  formatDistance,
  GREATER_LONDON_BOUNDS,
  isInsideBounds,
  walkingMinutes,
} from "./geo-distance.ts";

// Two fixed points a reader can check on any map: Angel and Old Street stations (TfL), and the
// length of one degree of latitude.
const angel = { lat: 51.53179, lng: -0.10592 };
const oldStreet = { lat: 51.52586, lng: -0.08777 };

describe("distanceMeters", () => {
  it("is zero from a point to itself and the same both ways", () => {
    expect(distanceMeters(angel, angel)).toBe(0);
    expect(distanceMeters(angel, oldStreet)).toBeCloseTo(distanceMeters(oldStreet, angel), 6);
  });

  it("measures a degree of latitude as about 111.2 km", () => {
    expect(distanceMeters({ lat: 51, lng: 0 }, { lat: 52, lng: 0 })).toBeCloseTo(111_195, -1);
  });

  it("puts Angel about 1.4 km from Old Street", () => {
    expect(distanceMeters(angel, oldStreet)).toBeGreaterThan(1_350);
    expect(distanceMeters(angel, oldStreet)).toBeLessThan(1_450);
  });
});

describe("walkingMinutes", () => {
  it("walks 80 metres a minute, rounding up, never less than a minute", () => {
    expect(walkingMinutes(0)).toBe(1);
    expect(walkingMinutes(80)).toBe(1);
    expect(walkingMinutes(81)).toBe(2);
    expect(walkingMinutes(650)).toBe(9);
    expect(walkingMinutes(1_000)).toBe(13);
  });
});

describe("boundsAround", () => {
  it("holds every point within the radius, and the radius reaches its edges", () => {
    const box = boundsAround(angel, 1_000);
    expect(distanceMeters(angel, { lat: box.north, lng: angel.lng })).toBeCloseTo(1_000, 0);
    expect(distanceMeters(angel, { lat: angel.lat, lng: box.east })).toBeCloseTo(1_000, -1);
    expect(isInsideBounds(oldStreet, boundsAround(angel, 1_500))).toBe(true);
    expect(isInsideBounds(oldStreet, boundsAround(angel, 1_000))).toBe(false);
  });
});

describe("Greater London's box", () => {
  it("holds Angel and leaves out Reading", () => {
    expect(isInsideBounds(angel, GREATER_LONDON_BOUNDS)).toBe(true);
    expect(isInsideBounds({ lat: 51.4585, lng: -0.9719 }, GREATER_LONDON_BOUNDS)).toBe(false);
  });
});

describe("formatDistance", () => {
  it("shows metres under a kilometre and kilometres above", () => {
    expect(formatDistance(4)).toBe("10 m");
    expect(formatDistance(647)).toBe("650 m");
    expect(formatDistance(1_234)).toBe("1.2 km");
  });
});
