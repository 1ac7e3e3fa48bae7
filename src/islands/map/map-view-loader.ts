// The List / Map toggle on search, tag and area pages (issue 31): this file is all a page
// carries until Map is pressed; then mount-map-view.tsx brings React, MapLibre and the map's
// CSS (decision 015: the page's JavaScript budget pays for none of it). Escape or List closes
// the map and gives the focus back to the Map button.
import { MAP_FAILED_MESSAGE } from "./map-messages.ts";
import { MAP_SCOPES, type MapScope } from "./map-request.ts";

function installOne(root: HTMLElement): void {
  const scope = root.dataset.mapView as MapScope;
  const listButton = root.querySelector<HTMLButtonElement>("[data-map-show='list']");
  const mapButton = root.querySelector<HTMLButtonElement>("[data-map-show='map']");
  const panel = root.querySelector<HTMLElement>("[data-map-panel]");
  if (!MAP_SCOPES.includes(scope) || !listButton || !mapButton || !panel) return;
  let unmount: (() => void) | null = null;
  let opening = false;
  const press = (map: boolean) => {
    mapButton.setAttribute("aria-pressed", String(map));
    listButton.setAttribute("aria-pressed", String(!map));
    panel.hidden = !map;
  };
  const close = () => {
    unmount?.();
    unmount = null;
    press(false);
    mapButton.focus();
  };
  mapButton.addEventListener("click", () => {
    if (unmount || opening) return;
    opening = true;
    press(true);
    panel.setAttribute("aria-busy", "true");
    panel.textContent = "Loading the map…";
    import("./mount-map-view.tsx")
      .then(({ mountMapView }) => {
        // List pressed while the map was arriving: it stays closed.
        if (panel.hidden) return;
        unmount = mountMapView(panel, scope);
      })
      .catch((error: unknown) => {
        // Offline, or a new deployment removed the old chunk: the page's list is still there.
        panel.textContent = MAP_FAILED_MESSAGE;
        console.warn("The map could not load.", error);
      })
      .finally(() => {
        opening = false;
        panel.removeAttribute("aria-busy");
      });
  });
  listButton.addEventListener("click", () => {
    if (mapButton.getAttribute("aria-pressed") === "true") close();
  });
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || mapButton.getAttribute("aria-pressed") !== "true") return;
    event.preventDefault();
    close();
  });
}

export function installMapViews(doc: Document = document): void {
  for (const root of doc.querySelectorAll<HTMLElement>("[data-map-view]")) installOne(root);
}
