// Where the lists are asked near (issue 31): a station, a postcode district, or the device's
// position. The page address carries it (?station=, ?district=, or ?lat=&lng=, with ?radiusKm=
// and ?sort=distance), so a list near a place can be shared and reloaded. A position is
// rounded here, on the device, before it goes anywhere (3 decimals: about 100 m), and only
// ever as those query parameters; a station or district chosen is remembered on this device
// as the header's Change location is (localStorage), a position never is.
import { RADIUS_OPTIONS_KM, type RadiusKm } from "../domain/near-search.ts";

export type NearPlace =
  | { kind: "station" | "district"; value: string; label: string }
  | { kind: "position"; lat: number; lng: number; label: string };

export interface Near {
  place: NearPlace;
  radiusKm?: RadiusKm;
  sort?: "distance";
}

export const MY_POSITION_LABEL = "your location";
const STORAGE_KEY = "dishcovery.near-place";

/** 3 decimals of a degree: about 110 m north-south, 70 m east-west in London. */
export function roundCoordinate(degrees: number): number {
  return Math.round(degrees * 1000) / 1000;
}

const isRadius = (value: number): value is RadiusKm =>
  (RADIUS_OPTIONS_KM as readonly number[]).includes(value);

/** The place in a page address, or null; a bad value is no place (the API would refuse it). */
export function readNear(search: string): Near | null {
  const params = new URLSearchParams(search);
  const radius = Number(params.get("radiusKm"));
  const rest = {
    ...(isRadius(radius) ? { radiusKm: radius } : {}),
    ...(params.get("sort") === "distance" ? { sort: "distance" as const } : {}),
  };
  const label = (params.get("near") ?? "").trim().slice(0, 80);
  const station = params.get("station") ?? "";
  if (/^[a-z0-9-]{1,100}$/.test(station))
    return { place: { kind: "station", value: station, label: label || station }, ...rest };
  const district = (params.get("district") ?? "").trim().toUpperCase();
  if (/^[A-Z]{1,2}[0-9][0-9A-Z]?$/.test(district))
    return { place: { kind: "district", value: district, label: label || district }, ...rest };
  const lat = Number(params.get("lat"));
  const lng = Number(params.get("lng"));
  if (params.get("lat") && params.get("lng") && Math.abs(lat) <= 90 && Math.abs(lng) <= 180) {
    const place = { kind: "position" as const, lat: roundCoordinate(lat), lng: roundCoordinate(lng) };
    return { place: { ...place, label: MY_POSITION_LABEL }, ...rest };
  }
  return null;
}

/** The API's query parameters for a place (docs/api.md, "Near"). */
export function nearApiParams(near: Near | null): Record<string, string> {
  if (!near) return {};
  const { place } = near;
  return {
    ...(place.kind === "position"
      ? { lat: String(roundCoordinate(place.lat)), lng: String(roundCoordinate(place.lng)) }
      : { [place.kind]: place.value }),
    ...(near.radiusKm ? { radiusKm: String(near.radiusKm) } : {}),
    ...(near.sort ? { sort: near.sort } : {}),
  };
}

/** The page address's parameters: the API's, and the name to show for a station. */
export function nearPageParams(near: Near | null): Record<string, string> {
  if (!near) return {};
  const label: Record<string, string> = near.place.kind === "station" ? { near: near.place.label } : {};
  return { ...nearApiParams(near), ...label };
}

/** "King's Cross", "N1", "your location": what the lists say they are near. */
export function nearLabel(near: Near): string {
  return near.place.label;
}

/** The station or district last chosen on this device, or null. */
export function readRememberedPlace(): NearPlace | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "null") as NearPlace | null;
    return stored && (stored.kind === "station" || stored.kind === "district") ? stored : null;
  } catch {
    return null;
  }
}

export function rememberPlace(place: NearPlace): void {
  if (place.kind === "position") return;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(place));
  } catch {
    // Storage refused (private mode, full): the choice still holds on this page.
  }
}

/** The header's location became a region or an area (chosen-location.ts): no place to measure from. */
export function forgetPlace(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused: nothing was kept.
  }
}

const NEAR_KEYS = ["lat", "lng", "station", "district", "radiusKm", "sort", "near"];

/** This page's address with its place replaced (null: none); the other parameters stay. */
export function nearHref(search: string, pathname: string, near: Near | null): string {
  const params = new URLSearchParams(search);
  for (const key of NEAR_KEYS) params.delete(key);
  for (const [key, value] of Object.entries(nearPageParams(near))) params.set(key, value);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
