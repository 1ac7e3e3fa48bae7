// /station/{slug} on Cloudflare Pages (issue 31): the prerendered page of a station with places
// within a walk, or the page rendered on demand for one that gained its first since the deploy;
// any other slug answers the 404 page (src/server/hosts/cloudflare-pages.ts).
import { onDemandPageHandler } from "../../src/server/hosts/cloudflare-pages.ts";

export const onRequestGet = onDemandPageHandler("station");
export const onRequestHead = onRequestGet;
