// deps.referenceData on Cloudflare: the files the build copied into the site
// (src/build/reference-data-integration.ts), read through the Pages ASSETS binding once per
// isolate, rather than bundled into the Function script (docs/perf/edge-bundle.md). The Node
// host reads the same files from data/ (api/reference-data-disk.ts); both parse them with the
// same code (api/reference-data.ts).
import type { ReferenceData } from "../api/deps.ts";
import { REFERENCE_DATA_PATH, referenceDataFrom } from "../api/reference-data.ts";
import type { AssetFetcher } from "./cloudflare-pages.ts";

/** `origin`: the site's own address (PUBLIC_ORIGIN); the asset server answers by path. */
export function assetsReferenceData(assets: AssetFetcher, origin: string): ReferenceData {
  return referenceDataFrom(async (name) => {
    const url = new URL(`${REFERENCE_DATA_PATH}${name}`, origin);
    const response = await assets.fetch(new Request(url, { method: "GET" }));
    if (!response.ok)
      throw new Error(`${url.pathname} answered ${response.status}: is the site built and deployed?`);
    return response.text();
  });
}
