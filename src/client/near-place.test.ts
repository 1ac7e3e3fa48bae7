import { describe, expect, it } from "vitest";
import { nearApiParams, nearHref, nearPageParams, readNear, roundCoordinate } from "./near-place.ts";

describe("the place in a page address (issue 31)", () => {
  it("rounds a position to 3 decimals (about 100 m) before it is used", () => {
    expect(roundCoordinate(51.530_718_4)).toBe(51.531);
    expect(roundCoordinate(-0.123_456)).toBe(-0.123);
    const near = readNear("?lat=51.5307184&lng=-0.1234567&radiusKm=1&sort=distance");
    expect(near).toEqual({
      place: { kind: "position", lat: 51.531, lng: -0.123, label: "your location" },
      radiusKm: 1,
      sort: "distance",
    });
    expect(nearApiParams(near)).toEqual({ lat: "51.531", lng: "-0.123", radiusKm: "1", sort: "distance" });
  });

  it("reads a station with its name, or a district, and ignores what the API would refuse", () => {
    expect(readNear("?station=angel&near=Angel")?.place).toEqual({ kind: "station", value: "angel", label: "Angel" });
    expect(readNear("?district=n1")?.place).toEqual({ kind: "district", value: "N1", label: "N1" });
    expect(readNear("?station=Angel Station")).toBeNull();
    expect(readNear("?lat=91&lng=0")).toBeNull();
    expect(readNear("?lat=51.5")).toBeNull();
    expect(readNear("?district=angel")).toBeNull();
    expect(readNear("?station=angel&radiusKm=4")?.radiusKm).toBeUndefined();
  });

  it("replaces the place in an address and keeps every other parameter", () => {
    const near = { place: { kind: "station" as const, value: "kings-cross", label: "King's Cross" }, radiusKm: 1 as const };
    expect(nearPageParams(near)).toEqual({ station: "kings-cross", radiusKm: "1", near: "King's Cross" });
    const href = nearHref("?keyword=ramen&price=2&lat=51.5&lng=-0.1&sort=distance", "/search", near);
    expect(new URLSearchParams(href.split("?")[1]).toString()).toBe(
      "keyword=ramen&price=2&station=kings-cross&radiusKm=1&near=King%27s+Cross",
    );
    expect(nearHref("?keyword=ramen&district=N1&radiusKm=3", "/search", null)).toBe("/search?keyword=ramen");
  });
});
