// The Map view's offline basemap (issue 31): the river Thames, every station and the postcode
// district and area names, from our own open data (public/map/, written by
// scripts/map-open-data.ts from data/). It needs no network beyond this site, so the map works
// in tests, offline and when the configured basemap is down. It names no `glyphs`: MapLibre
// then draws the labels with the browser's own fonts.
import type { StyleSpecification } from "maplibre-gl";

/** The bundled style's layers that draw our open data; the tests look for them on screen. */
export const BUNDLED_LAYERS = [
  "thames",
  "stations",
  "district-labels",
  "area-labels",
  "station-labels",
] as const;

/** Local font families; with a `glyphs` URL a remote style uses its own fonts of this name. */
export const MAP_FONT = ["Noto Sans Regular", "Noto Sans", "DejaVu Sans", "sans-serif"];

const LAND = "#f4efe6";
const INK = "#4a3f38";

export function bundledStyle(origin: string): StyleSpecification {
  const file = (name: string) => new URL(`/map/${name}`, origin).href;
  return {
    version: 8,
    name: "Dishcovery offline London",
    sources: {
      thames: { type: "geojson", data: file("thames.geo.json"), attribution: "River: Natural Earth" },
      stations: {
        type: "geojson",
        data: file("stations.geo.json"),
        attribution: "Stations: Powered by TfL Open Data",
      },
      "place-labels": {
        type: "geojson",
        data: file("place-labels.geo.json"),
        attribution: "Postcode districts: Contains OS data © Crown copyright and database right 2014",
      },
    },
    layers: [
      { id: "land", type: "background", paint: { "background-color": LAND } },
      {
        id: "thames",
        type: "line",
        source: "thames",
        layout: { "line-cap": "round", "line-join": "round" },
        // About the river's width in central London (250 m) from zoom 13 on.
        paint: {
          "line-color": "#9ec5e8",
          "line-width": ["interpolate", ["exponential", 2], ["zoom"], 9, 2, 13, 20, 16, 160],
        },
      },
      {
        id: "stations",
        type: "circle",
        source: "stations",
        minzoom: 11,
        paint: {
          "circle-radius": ["interpolate", ["linear"], ["zoom"], 11, 2, 16, 6],
          "circle-color": "#ffffff",
          "circle-stroke-color": "#1d3557",
          "circle-stroke-width": 1.5,
        },
      },
      {
        id: "area-labels",
        type: "symbol",
        source: "place-labels",
        filter: ["==", ["get", "kind"], "area"],
        maxzoom: 15,
        layout: { "text-field": ["get", "name"], "text-font": MAP_FONT, "text-size": 14 },
        paint: { "text-color": INK, "text-halo-color": LAND, "text-halo-width": 2 },
      },
      {
        id: "district-labels",
        type: "symbol",
        source: "place-labels",
        filter: ["==", ["get", "kind"], "district"],
        minzoom: 12,
        layout: { "text-field": ["get", "name"], "text-font": MAP_FONT, "text-size": 12 },
        paint: { "text-color": "#7a6a5f", "text-halo-color": LAND, "text-halo-width": 1.5 },
      },
      {
        id: "station-labels",
        type: "symbol",
        source: "stations",
        minzoom: 14,
        layout: {
          "text-field": ["get", "name"],
          "text-font": MAP_FONT,
          "text-size": 11,
          "text-anchor": "top",
          "text-offset": [0, 0.8],
        },
        paint: { "text-color": "#1d3557", "text-halo-color": LAND, "text-halo-width": 1.5 },
      },
    ],
  };
}
