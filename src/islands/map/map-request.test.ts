import { describe, expect, it } from "vitest";
import { parseMapBox } from "../../domain/map-view.ts";
import { STATION_WALK_KM } from "../../domain/station-pages.ts";
import { mapBoxParam, mapFilterParams } from "./map-request.ts";

describe("mapFilterParams", () => {
  it("reads a search's words, place, filters and station as its lists do", () => {
    expect(
      mapFilterParams("search", {
        pathname: "/search",
        search:
          "?keyword=ramen&location=Soho&price=2&openNow=true&freeFrom=peanuts&station=angel&near=Angel&radiusKm=1",
      }),
    ).toEqual({
      keyword: "ramen",
      location: "Soho",
      price: "2",
      openNow: "true",
      station: "angel",
      radiusKm: "1",
    });
    expect(mapFilterParams("search", { pathname: "/search", search: "?keyword=" })).toBeNull();
  });

  it("reads a tag page's slug and an area page's id from the address", () => {
    expect(mapFilterParams("tag", { pathname: "/tag/ramen", search: "?diet=vegan" })).toEqual({
      tag: "ramen",
      diet: "vegan",
    });
    expect(mapFilterParams("area", { pathname: "/area/12", search: "" })).toEqual({ areaId: "12" });
    expect(mapFilterParams("area", { pathname: "/area/template", search: "" })).toBeNull();
    expect(mapFilterParams("station", { pathname: "/station/angel", search: "" })).toEqual({
      station: "angel",
      radiusKm: String(STATION_WALK_KM),
    });
  });
});

describe("mapBoxParam", () => {
  it("asks for the view inside Greater London, widened to 3 decimals, in a box the API takes", () => {
    const box = mapBoxParam({ west: -0.14123, south: 51.50111, east: -0.07001, north: 51.53 });
    expect(box).toBe("-0.142,51.501,-0.070,51.530");
    const world = mapBoxParam({ west: -180, south: -80, east: 180, north: 80 })!;
    expect(parseMapBox(world)).not.toHaveProperty("error");
    expect(mapBoxParam({ west: 2, south: 48, east: 3, north: 49 })).toBeNull();
  });
});
