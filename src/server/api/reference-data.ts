// deps.referenceData over a host's way of reading a file: the data the API reads rarely and
// never changes between deploys (London's open data, the common-password list), kept out of
// the Functions bundle (docs/perf/edge-bundle.md) and read once per process or isolate: from
// data/ on disk under Node (reference-data-disk.ts), from the built site's static files on
// Cloudflare (hosts/cloudflare-reference-data.ts). Runtime-neutral: no Node modules here.
import {
  londonPlaces,
  type DistrictRow,
  type LondonPlaces,
  type StationRow,
} from "../../domain/london-place-index.ts";
import type { ReferenceData } from "./deps.ts";

/** The files, by their name in data/ and in the built site's REFERENCE_DATA_PATH. */
export const REFERENCE_FILES = {
  stations: "london-stations.json",
  districts: "london-postcode-districts.json",
  commonPasswords: "common-passwords.txt",
} as const;

export type ReferenceFileName = (typeof REFERENCE_FILES)[keyof typeof REFERENCE_FILES];

/** Where the build copies the files in the site (src/build/reference-data-integration.ts). */
export const REFERENCE_DATA_PATH = "/reference-data/";

/** The list one entry a line, lower-cased already (data/README.md says where it comes from). */
export function parseCommonPasswords(text: string): ReadonlySet<string> {
  return new Set(text.split("\n").filter((line) => line.length > 0));
}

/**
 * The port over `readText`, which throws when a file cannot be read. Each set is read once and
 * shared by every later call; a failed read is forgotten, so the next request tries again
 * rather than an isolate failing until it is recycled.
 */
export function referenceDataFrom(readText: (name: ReferenceFileName) => Promise<string>): ReferenceData {
  const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
    let loaded: Promise<T> | undefined;
    return () => {
      if (!loaded) {
        loaded = load();
        loaded.catch(() => (loaded = undefined));
      }
      return loaded;
    };
  };
  const json = async <T>(name: ReferenceFileName) => JSON.parse(await readText(name)) as T;
  return {
    londonPlaces: once(async () => {
      const [stations, districts] = await Promise.all([
        json<StationRow[]>(REFERENCE_FILES.stations),
        json<DistrictRow[]>(REFERENCE_FILES.districts),
      ]);
      return londonPlaces(stations, districts);
    }),
    commonPasswords: once(async () => parseCommonPasswords(await readText(REFERENCE_FILES.commonPasswords))),
  };
}

export type { LondonPlaces };
