import { describe, expect, it } from "vitest";
import type { Station } from "./london-gazetteer.ts";
import { suggestPlaces } from "./place-suggest.ts";

const station = (slug: string, name: string, lines: string[]): Station => ({
  id: slug,
  slug,
  name,
  lat: 51.5,
  lng: -0.1,
  lines,
});
const places = {
  stations: [
    station("angel", "Angel", ["northern"]),
    station("kings-cross-and-st-pancras-international", "King's Cross & St Pancras International", [
      "victoria",
    ]),
    station("highbury-and-islington", "Highbury & Islington", ["victoria", "mildmay"]),
    station("north-greenwich", "North Greenwich", ["jubilee"]),
  ],
  districts: [
    { district: "N1", lat: 51.54, lng: -0.1 },
    { district: "N1C", lat: 51.54, lng: -0.12 },
    { district: "N10", lat: 51.59, lng: -0.14 },
    { district: "NW1", lat: 51.53, lng: -0.14 },
  ],
  areas: ["Islington", "King's Cross", "Notting Hill"],
};
const labels = (typed: string, limit = 8) =>
  suggestPlaces(typed, places, limit).map((s) => `${s.kind}:${s.label}`);

describe("suggestPlaces", () => {
  it("puts the district typed exactly first, then those it starts", () => {
    expect(labels("n1")).toEqual(["district:N1", "district:N1C", "district:N10"]);
  });

  it("finds stations and areas by the start of any word, ignoring case and apostrophes", () => {
    expect(labels("kings")).toEqual(["station:King's Cross & St Pancras International", "area:King's Cross"]);
    expect(labels("islington")).toEqual(["area:Islington", "station:Highbury & Islington"]);
    expect(labels("gree")).toEqual(["station:North Greenwich"]);
  });

  it("gives a station's slug and line names, an area's name, a district's code", () => {
    const [angel] = suggestPlaces("angel", places, 8);
    expect(angel).toEqual({
      kind: "station",
      label: "Angel",
      value: "angel",
      lat: 51.5,
      lng: -0.1,
      lines: ["Northern"],
    });
    expect(suggestPlaces("notting", places, 8)[0]).toMatchObject({
      kind: "area",
      value: "Notting Hill",
      lat: null,
    });
  });

  it("stops at the limit and answers nothing for nothing typed", () => {
    expect(labels("n", 2)).toHaveLength(2);
    expect(labels("  ")).toEqual([]);
    expect(labels("zzz")).toEqual([]);
  });
});
