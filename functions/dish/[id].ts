// /dish/{id} on Cloudflare Pages: the page rendered on demand and kept in the edge cache until
// a write purges it; the prerendered page only when the catalogue cannot be read (src/server/hosts/cloudflare-pages.ts).
import { onDemandPageHandler } from "../../src/server/hosts/cloudflare-pages.ts";

export const onRequestGet = onDemandPageHandler("dish");
export const onRequestHead = onRequestGet;
