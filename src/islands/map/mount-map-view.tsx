// Loaded by map-view-loader.ts only when someone presses Map: React, MapLibre and their styles
// arrive with this chunk, never with the page (decision 015).
import "maplibre-gl/dist/maplibre-gl.css";
import "./map-view.css";
import { createRoot } from "react-dom/client";
import MapView from "./MapView.tsx";
import type { MapScope } from "./map-request.ts";

/** Draws the Map view into the panel; the function it returns takes it down again. */
export function mountMapView(panel: HTMLElement, scope: MapScope): () => void {
  panel.replaceChildren();
  const root = createRoot(panel);
  root.render(<MapView scope={scope} />);
  return () => root.unmount();
}
