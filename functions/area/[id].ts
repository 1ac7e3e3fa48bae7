// /area/{id} on Cloudflare Pages: the prerendered page, or the page rendered on demand for an
// item outside the prerendered set (src/server/hosts/cloudflare-pages.ts).
import { onDemandPageHandler } from "../../src/server/hosts/cloudflare-pages.ts";

export const onRequestGet = onDemandPageHandler("area");
export const onRequestHead = onRequestGet;
