// Which basemap the Map view draws (issue 31): PUBLIC_MAP_STYLE_URL at build (src/domain/map-style-setting.ts
// reads it), and the bundled style whenever the configured one cannot be reached: offline, in
// the browser tests (which block every request that leaves the site), or while it is down.
import type { StyleSpecification } from "maplibre-gl";
import { mapStyleSetting } from "../../domain/map-style-setting.ts";
import { bundledStyle } from "./bundled-style.ts";

/** How long the configured style may take before the bundled one is drawn instead. */
export const REMOTE_STYLE_TIMEOUT_MS = 5000;

export interface ChosenStyle {
  style: StyleSpecification | string;
  /** bundled: our own open data; remote: the configured basemap. */
  source: "bundled" | "remote";
}

export async function chooseMapStyle(
  configured: string | undefined,
  origin: string,
  send: typeof fetch = fetch,
): Promise<ChosenStyle> {
  const setting = mapStyleSetting(configured);
  if (setting.kind === "bundled") return { style: bundledStyle(origin), source: "bundled" };
  const url = new URL(setting.url, origin).href;
  try {
    // Asked once here so a failure is known before the map starts; MapLibre's own request for
    // the same URL then comes from the browser's cache.
    const response = await send(url, { signal: AbortSignal.timeout(REMOTE_STYLE_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${response.status}`);
    await response.json();
    return { style: url, source: "remote" };
  } catch {
    return { style: bundledStyle(origin), source: "bundled" };
  }
}
