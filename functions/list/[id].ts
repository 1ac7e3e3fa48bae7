// /list/{id} on Cloudflare Pages: every list's page, rendered on demand (src/server/hosts/cloudflare-pages.ts).
import { onDemandPageHandler } from "../../src/server/hosts/cloudflare-pages.ts";

export const onRequestGet = onDemandPageHandler("list");
export const onRequestHead = onRequestGet;
