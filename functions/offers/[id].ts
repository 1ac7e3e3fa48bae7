// /offers/{id} on Cloudflare Pages: the prerendered page, or the page rendered on demand for an
// item outside the prerendered set (src/server/pages/catalogue-page-function.ts).
import { cataloguePageHandler } from "../../src/server/hosts/cloudflare-pages.ts";

export const onRequestGet = cataloguePageHandler("offers");
export const onRequestHead = onRequestGet;
