// @ts-check
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import { defineConfig } from "astro/config";
import { catalogueSitemapIntegration } from "./src/build/catalogue-sitemap.ts";
import { cspIntegration } from "./src/build/csp-integration.ts";
import { interactionDirectiveIntegration } from "./src/build/interaction-integration.ts";
import { referenceDataIntegration } from "./src/build/reference-data-integration.ts";
import { isIndexablePage, withoutTrailingSlash } from "./src/build/sitemap-pages.ts";

// Every catalogue item's URL, filled in at the end of the build (most item pages are rendered
// on demand, not built) and read by the sitemap integration after it.
/** @type {string[]} */
const catalogueUrls = [];

export default defineConfig({
  site: process.env.PUBLIC_ORIGIN || "http://localhost:4321",
  output: "static",
  trailingSlash: "ignore",
  integrations: [
    react(),
    interactionDirectiveIntegration(),
    catalogueSitemapIntegration(catalogueUrls),
    sitemap({ filter: isIndexablePage, serialize: withoutTrailingSlash, customPages: catalogueUrls }),
    cspIntegration(),
    referenceDataIntegration(),
  ],
  // Pages render while earlier ones are still being written: with one at a time the build's
  // thread sat idle in mkdir/writeFile for about a quarter of the prerender phase (CPU
  // profile of the scale-1 build: 8.8 s of 34 s idle at 1, 1.6 s of 27 s at 4).
  // Stylesheets are files, never inlined: every distinct inline <style> needs a CSP hash, and
  // with 25 of them the policy outgrew the line Cloudflare allows in _headers, which forced
  // style-src to fall back to 'unsafe-inline' (src/build/csp-integration.ts).
  build: { format: "directory", concurrency: 4, inlineStylesheets: "never" },
  // `npm run dev` runs the API on PORT+1; the dev server forwards /api to it.
  vite: {
    server: {
      proxy: { "/api": `http://127.0.0.1:${process.env.API_PORT ?? 4322}` },
    },
  },
});
