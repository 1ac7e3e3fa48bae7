// /review/{id} on Cloudflare Pages: every review's page, rendered on demand
// (src/server/hosts/cloudflare-pages.ts).
import { onDemandPageHandler } from "../../src/server/hosts/cloudflare-pages.ts";

export const onRequestGet = onDemandPageHandler("review");
export const onRequestHead = onRequestGet;
