// The MapLibre side of the Map view (issue 31): the map, the restaurants as a clustered GeoJSON
// source, the selected marker, and what the browser tests read off the container. Loaded only
// with the Map view (mount-map-view.tsx), so no page pays for MapLibre until Map is pressed.
import {
  LngLatBounds,
  Map as MapLibreMap,
  NavigationControl,
  setWorkerUrl,
  type GeoJSONSource,
  type MapGeoJSONFeature,
  type StyleSpecification,
} from "maplibre-gl";
import type { FeatureCollection, Point } from "geojson";
// The worker as its own file on our origin: the CSP's worker-src 'self' allows it, no blob: needed.
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import type { Bounds } from "../../domain/geo-distance.ts";
import { GREATER_LONDON_BOUNDS } from "../../domain/geo-distance.ts";
import type { MapPlace } from "../../shared/schemas/map.ts";
import { BUNDLED_LAYERS, MAP_FONT } from "./bundled-style.ts";

setWorkerUrl(workerUrl);

const PLACES = "places";
const PLACE_LAYERS = ["place-clusters", "place-cluster-count", "place-points", "place-selected"] as const;
/** Past this zoom every restaurant is its own marker: a street's worth of places. */
const CLUSTER_MAX_ZOOM = 15;
const SELECTED_ZOOM = 16;
const BRAND = "#b83a0e"; // --color-brand

export interface MapEngine {
  showPlaces(places: MapPlace[]): void;
  select(place: MapPlace | null, options: { ease: boolean }): void;
  fitPlaces(places: MapPlace[]): void;
  view(): Bounds;
  destroy(): void;
}

export interface MapEngineEvents {
  /** The view settled after a pan or zoom (and once at the start): time to ask for its markers. */
  onViewChange(view: Bounds): void;
  onSelect(id: number): void;
}

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function toFeatures(places: MapPlace[]): FeatureCollection<Point> {
  return {
    type: "FeatureCollection",
    features: places.map((place) => ({
      type: "Feature",
      id: place.id,
      geometry: { type: "Point", coordinates: [place.lng, place.lat] },
      properties: { id: place.id, name: place.name },
    })),
  };
}

function addPlaceLayers(map: MapLibreMap): void {
  map.addSource(PLACES, {
    type: "geojson",
    data: toFeatures([]),
    cluster: true,
    clusterRadius: 44,
    clusterMaxZoom: CLUSTER_MAX_ZOOM,
  });
  map.addLayer({
    id: "place-clusters",
    type: "circle",
    source: PLACES,
    filter: ["has", "point_count"],
    paint: {
      "circle-color": BRAND,
      "circle-opacity": 0.85,
      "circle-radius": ["step", ["get", "point_count"], 14, 10, 18, 50, 24],
      "circle-stroke-color": "#ffffff",
      "circle-stroke-width": 2,
    },
  });
  map.addLayer({
    id: "place-cluster-count",
    type: "symbol",
    source: PLACES,
    filter: ["has", "point_count"],
    layout: { "text-field": ["get", "point_count_abbreviated"], "text-font": MAP_FONT, "text-size": 12 },
    paint: { "text-color": "#ffffff" },
  });
  map.addLayer({
    id: "place-points",
    type: "circle",
    source: PLACES,
    filter: ["!", ["has", "point_count"]],
    paint: {
      "circle-color": BRAND,
      "circle-radius": 7,
      "circle-stroke-color": "#ffffff",
      "circle-stroke-width": 2,
    },
  });
  map.addLayer({
    id: "place-selected",
    type: "circle",
    source: PLACES,
    filter: ["==", ["get", "id"], -1],
    paint: {
      "circle-color": "#1d3557",
      "circle-radius": 11,
      "circle-stroke-color": "#ffffff",
      "circle-stroke-width": 3,
    },
  });
}

/** How many drawn markers reportRendered places: a browser test needs one to click, not all. */
const REPORTED_MARKERS = 50;

/**
 * What the browser tests read: which layers drew something, how many markers show, and where
 * the first of them are drawn (the container's pixels; a place's id, or a cluster's count). The
 * markers are circles painted on the canvas, not elements: this is how a test clicks one on
 * the map itself, as a finger would.
 */
function reportRendered(map: MapLibreMap, container: HTMLElement): void {
  const drawn = [...BUNDLED_LAYERS, ...PLACE_LAYERS].filter(
    (id) => map.getLayer(id) && map.queryRenderedFeatures({ layers: [id] }).length > 0,
  );
  container.dataset.mapLayers = drawn.join(" ");
  const markers = map.queryRenderedFeatures({ layers: ["place-points", "place-clusters"] });
  container.dataset.mapMarkers = String(markers.length);
  const positions = markers.slice(0, REPORTED_MARKERS).flatMap((marker) => {
    if (marker.geometry.type !== "Point") return [];
    const { x, y } = map.project(marker.geometry.coordinates as [number, number]);
    const at = { x: Math.round(x), y: Math.round(y) };
    const count = Number(marker.properties.point_count);
    return [
      Number.isInteger(count) && count > 0
        ? { ...at, cluster: count }
        : { ...at, id: Number(marker.properties.id) },
    ];
  });
  container.dataset.mapDrawn = JSON.stringify(positions);
}

export function startMapEngine(
  container: HTMLElement,
  style: StyleSpecification | string,
  events: MapEngineEvents,
): Promise<MapEngine> {
  const london = GREATER_LONDON_BOUNDS;
  const map = new MapLibreMap({
    container,
    style,
    bounds: [london.west, london.south, london.east, london.north],
    maxBounds: [london.west - 0.3, london.south - 0.2, london.east + 0.3, london.north + 0.2],
    attributionControl: { compact: true },
    // The page scrolls past the map with one finger; two move the map (a phone's own habit).
    cooperativeGestures: true,
    fadeDuration: reducedMotion() ? 0 : 300,
  });
  map.addControl(new NavigationControl({ showCompass: false }), "top-right");
  const bounds = (): Bounds => {
    const b = map.getBounds();
    return { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
  };
  const move = (options: { center: [number, number]; zoom: number }) =>
    reducedMotion() ? map.jumpTo(options) : map.easeTo({ ...options, duration: 600 });

  map.on("click", "place-points", (event) => {
    const feature = event.features?.[0] as MapGeoJSONFeature | undefined;
    const id = Number(feature?.properties.id);
    if (Number.isInteger(id)) events.onSelect(id);
  });
  map.on("click", "place-clusters", (event) => {
    const feature = event.features?.[0] as MapGeoJSONFeature | undefined;
    const source = map.getSource<GeoJSONSource>(PLACES);
    const geometry = feature?.geometry;
    if (!feature || !source || geometry?.type !== "Point") return;
    void source
      .getClusterExpansionZoom(Number(feature.properties.cluster_id))
      .then((zoom) => move({ center: geometry.coordinates as [number, number], zoom }));
  });
  for (const layer of ["place-points", "place-clusters"]) {
    map.on("mouseenter", layer, () => (map.getCanvas().style.cursor = "pointer"));
    map.on("mouseleave", layer, () => (map.getCanvas().style.cursor = ""));
  }
  map.on("moveend", () => events.onViewChange(bounds()));
  map.on("idle", () => reportRendered(map, container));

  return new Promise((resolve, reject) => {
    map.once("error", (event) => {
      if (!map.isStyleLoaded()) reject(event.error);
    });
    map.once("load", () => {
      addPlaceLayers(map);
      resolve({
        showPlaces(places) {
          map.getSource<GeoJSONSource>(PLACES)?.setData(toFeatures(places));
        },
        select(place, { ease }) {
          map.setFilter("place-selected", ["==", ["get", "id"], place?.id ?? -1]);
          if (place && ease)
            move({ center: [place.lng, place.lat], zoom: Math.max(map.getZoom(), SELECTED_ZOOM) });
        },
        fitPlaces(places) {
          if (places.length === 0) return;
          const box = new LngLatBounds();
          for (const place of places) box.extend([place.lng, place.lat]);
          map.fitBounds(box, { padding: 48, maxZoom: CLUSTER_MAX_ZOOM, animate: !reducedMotion() });
        },
        view: bounds,
        destroy: () => map.remove(),
      });
      // After the caller holds the engine: the first view's places are drawn through it.
      setTimeout(() => events.onViewChange(bounds()), 0);
    });
  });
}
