// Issue 30: the moderator sees a listing's area and region by name, not by id. The two public
// lists (cached by the site) are read once per page and shared by every queue card.
import { useEffect, useState } from "react";
import { api, outcomeOf } from "../../shared/api-client.ts";

export interface PlaceNames {
  areas: ReadonlyMap<number, string>;
  regions: ReadonlyMap<number, string>;
}

let loading: Promise<PlaceNames | null> | null = null;

function loadPlaceNames(): Promise<PlaceNames | null> {
  loading ??= Promise.all([outcomeOf(api.areas.all.$get()), outcomeOf(api.regions.all.$get())]).then(
    ([areas, regions]) => {
      if (areas.kind !== "ok" || regions.kind !== "ok") {
        loading = null; // a later card tries again
        return null;
      }
      return {
        areas: new Map(areas.data.map((a) => [a.id, `${a.areaName} (${a.regionName})`])),
        regions: new Map(regions.data.map((r) => [r.id, r.regionName])),
      };
    },
  );
  return loading;
}

export function usePlaceNames(wanted: boolean): PlaceNames | null {
  const [names, setNames] = useState<PlaceNames | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void loadPlaceNames().then((loaded) => live && setNames(loaded));
    return () => {
      live = false;
    };
  }, [wanted]);
  return names;
}

/** An area or region field's words: its name, or its id while the names are not read. */
export function placeFieldText(key: string, value: unknown, names: PlaceNames | null): string | null {
  if (typeof value !== "number" || (key !== "areaId" && key !== "regionId")) return null;
  const name = (key === "areaId" ? names?.areas : names?.regions)?.get(value);
  return name ?? `#${value}`;
}
