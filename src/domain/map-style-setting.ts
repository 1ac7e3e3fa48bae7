// Which basemap the Map view draws (issue 31), from PUBLIC_MAP_STYLE_URL at build: read by the
// map island and by the build's CSP (src/build/map-origins.ts), never by the API, so the
// Functions bundle does not carry it. Pure: no I/O.
/**
 * The basemap when PUBLIC_MAP_STYLE_URL is unset: OpenFreeMap's Liberty style, open vector tiles
 * from OpenStreetMap with no key, no registration and no limit on views (openfreemap.org). Its
 * style, tiles, glyphs and sprites all come from this one origin.
 */
export const DEFAULT_MAP_STYLE_URL = "https://tiles.openfreemap.org/styles/liberty";

/** PUBLIC_MAP_STYLE_URL=bundled: always the offline style drawn from our own open data. */
export const BUNDLED_MAP_STYLE = "bundled";

export type MapStyleSetting = { kind: "bundled" } | { kind: "remote"; url: string; origin: string | null };

/**
 * What PUBLIC_MAP_STYLE_URL asks for: the bundled style, or a style URL and the origin it (and,
 * as with OpenFreeMap or a self-hosted PMTiles style, its tiles, glyphs and sprites) loads
 * from; a path on this site ("/map/style.json") needs no origin of its own. Anything that is
 * not an https:// URL (http:// only for this machine) is refused, so the CSP never widens.
 */
export function mapStyleSetting(value: string | undefined): MapStyleSetting {
  const text = value?.trim() ?? "";
  if (text === BUNDLED_MAP_STYLE) return { kind: "bundled" };
  if (text === "")
    return { kind: "remote", url: DEFAULT_MAP_STYLE_URL, origin: new URL(DEFAULT_MAP_STYLE_URL).origin };
  if (text.startsWith("/") && !text.startsWith("//")) return { kind: "remote", url: text, origin: null };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(
      `PUBLIC_MAP_STYLE_URL must be "bundled", a path on this site or an https:// URL, not "${text}"`,
    );
  }
  const loopback = url.protocol === "http:" && ["localhost", "127.0.0.1"].includes(url.hostname);
  if (url.protocol !== "https:" && !loopback) {
    throw new Error(`PUBLIC_MAP_STYLE_URL must be an https:// URL, not "${text}"`);
  }
  return { kind: "remote", url: url.href, origin: url.origin };
}
