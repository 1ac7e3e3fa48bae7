// The lines a station in our open data can serve (TfL's line ids), in the order a station lists
// them, with the names TfL shows. Pure: no I/O.

export const LINE_NAMES: Record<string, string> = {
  bakerloo: "Bakerloo",
  central: "Central",
  circle: "Circle",
  district: "District",
  "hammersmith-city": "Hammersmith & City",
  jubilee: "Jubilee",
  metropolitan: "Metropolitan",
  northern: "Northern",
  piccadilly: "Piccadilly",
  victoria: "Victoria",
  "waterloo-city": "Waterloo & City",
  elizabeth: "Elizabeth line",
  liberty: "Liberty",
  lioness: "Lioness",
  mildmay: "Mildmay",
  suffragette: "Suffragette",
  weaver: "Weaver",
  windrush: "Windrush",
  dlr: "DLR",
  tram: "Tram",
};

/** Underground first, then the Elizabeth line, the Overground's six lines, DLR and trams. */
export const LINE_ORDER: readonly string[] = Object.keys(LINE_NAMES);

export function lineName(lineId: string): string {
  return LINE_NAMES[lineId] ?? lineId;
}
