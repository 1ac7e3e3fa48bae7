// /restaurant/{id} on Cloudflare Pages: the prerendered page, or the client-rendering fallback for
// an item added after the build (see src/server/catalogue-page-function.ts).
import { cataloguePageHandler } from "../../src/server/catalogue-page-function.ts";

export const onRequestGet = cataloguePageHandler("restaurant");
export const onRequestHead = onRequestGet;
