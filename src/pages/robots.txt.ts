// robots.txt, generated so its Sitemap line carries the deployment's own origin (Astro.site,
// from PUBLIC_ORIGIN). Every page may be crawled; the JSON API may not, except the images
// it serves, so dish and restaurant photos can appear in image search.
import type { APIRoute } from "astro";

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL("/sitemap-index.xml", site).href;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Allow: /api/files/",
    "Disallow: /api/",
    "",
    `Sitemap: ${sitemap}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
