import { describe, expect, it } from "vitest";
import { DEFAULT_MAP_STYLE_URL, mapStyleSetting } from "./map-style-setting.ts";

describe("mapStyleSetting", () => {
  it("defaults to OpenFreeMap's Liberty, takes bundled, a path or an https URL, and refuses the rest", () => {
    expect(mapStyleSetting(undefined)).toEqual({
      kind: "remote",
      url: DEFAULT_MAP_STYLE_URL,
      origin: "https://tiles.openfreemap.org",
    });
    expect(mapStyleSetting("")).toEqual(mapStyleSetting(undefined));
    expect(mapStyleSetting("bundled")).toEqual({ kind: "bundled" });
    expect(mapStyleSetting("/map/style.json")).toEqual({
      kind: "remote",
      url: "/map/style.json",
      origin: null,
    });
    expect(mapStyleSetting("https://maps.example.org/style.json")).toMatchObject({
      origin: "https://maps.example.org",
    });
    expect(() => mapStyleSetting("http://maps.example.org/style.json")).toThrow(/https/);
    expect(() => mapStyleSetting("javascript:alert(1)")).toThrow(/https/);
    expect(() => mapStyleSetting("//evil.example/style.json")).toThrow();
  });
});
