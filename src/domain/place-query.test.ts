import { describe, expect, it } from "vitest";
import type { Station } from "./london-gazetteer.ts";
import { buildPlaceNames, normalisePlaceText, parseSearchPlace } from "./place-query.ts";

const station = (slug: string, name: string): Station => ({
  id: slug,
  slug,
  name,
  lat: 51.5,
  lng: -0.1,
  lines: ["northern"],
});
const kingsCross = station(
  "kings-cross-and-st-pancras-international",
  "King's Cross & St Pancras International",
);
const angel = station("angel", "Angel");
const brixton = station("brixton", "Brixton");
const oldStreet = station("old-street", "Old Street");
const highburyIslington = station("highbury-and-islington", "Highbury & Islington");
const cambridgeHeath = station("cambridge-heath-london", "Cambridge Heath (London)");
const names = buildPlaceNames({
  stations: [kingsCross, angel, brixton, oldStreet, highburyIslington, cambridgeHeath],
  districts: ["N1", "EC1V", "SW1A", "SW9"],
  areas: ["Soho", "Brixton", "Islington", "King's Cross"],
});

describe("parseSearchPlace", () => {
  it("understands the issue's three examples", () => {
    expect(parseSearchPlace("ramen near King's Cross", names)).toEqual({
      keyword: "ramen",
      place: { kind: "station", station: kingsCross },
    });
    expect(parseSearchPlace("pizza N1", names)).toEqual({
      keyword: "pizza",
      place: { kind: "district", district: "N1" },
    });
    expect(parseSearchPlace("brunch Angel", names)).toEqual({
      keyword: "brunch",
      place: { kind: "station", station: angel },
    });
  });

  it("reads 'near' as a walk from the station and 'in' or a bare name as the area", () => {
    expect(parseSearchPlace("jerk chicken near Brixton", names).place).toEqual({
      kind: "station",
      station: brixton,
    });
    expect(parseSearchPlace("jerk chicken in Brixton", names).place).toEqual({
      kind: "area",
      name: "Brixton",
    });
    expect(parseSearchPlace("jerk chicken Brixton", names).place).toEqual({ kind: "area", name: "Brixton" });
    expect(parseSearchPlace("dim sum in soho", names)).toEqual({
      keyword: "dim sum",
      place: { kind: "area", name: "Soho" },
    });
  });

  it("ignores case, apostrophes and '&' against 'and', and knows short station names", () => {
    expect(parseSearchPlace("ramen near kings cross", names).place).toEqual({
      kind: "station",
      station: kingsCross,
    });
    expect(parseSearchPlace("ramen close to King's Cross and St Pancras International", names)).toEqual({
      keyword: "ramen",
      place: { kind: "station", station: kingsCross },
    });
    expect(parseSearchPlace("coffee near Cambridge Heath", names).place).toEqual({
      kind: "station",
      station: cambridgeHeath,
    });
    expect(parseSearchPlace("ramen near Old Street", names)).toEqual({
      keyword: "ramen",
      place: { kind: "station", station: oldStreet },
    });
  });

  it("does not cut one word off a two-word name: 'Islington' is the area, not Highbury & Islington", () => {
    expect(parseSearchPlace("pies near Islington", names).place).toEqual({ kind: "area", name: "Islington" });
  });

  it("takes a postcode district in any case, and a full postcode's district", () => {
    expect(parseSearchPlace("pizza ec1v", names).place).toEqual({ kind: "district", district: "EC1V" });
    expect(parseSearchPlace("tacos sw1a", names).place).toEqual({ kind: "district", district: "SW1A" });
    expect(parseSearchPlace("tacos near SW9", names).place).toEqual({ kind: "district", district: "SW9" });
  });

  it("answers a place alone with an empty keyword", () => {
    expect(parseSearchPlace("Angel", names)).toEqual({
      keyword: "",
      place: { kind: "station", station: angel },
    });
    expect(parseSearchPlace("near N1", names)).toEqual({
      keyword: "",
      place: { kind: "district", district: "N1" },
    });
  });

  it("leaves a search without a known place as it is", () => {
    expect(parseSearchPlace("ramen", names)).toEqual({ keyword: "ramen", place: null });
    expect(parseSearchPlace("pizza N99", names)).toEqual({ keyword: "pizza N99", place: null });
    expect(parseSearchPlace("  pad thai near nowhere ", names)).toEqual({
      keyword: "pad thai near nowhere",
      place: null,
    });
    expect(parseSearchPlace("", names)).toEqual({ keyword: "", place: null });
  });
});

describe("normalisePlaceText", () => {
  it("folds case, accents, apostrophes, dots and '&'", () => {
    expect(normalisePlaceText("St. John's Wood")).toBe("st johns wood");
    expect(normalisePlaceText("Elephant & Castle")).toBe("elephant and castle");
    expect(normalisePlaceText("Café’s")).toBe("cafes");
  });
});
