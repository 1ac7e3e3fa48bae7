// /review/{id} on Cloudflare Pages: every review's page, rendered on demand
// (src/server/pages/review-page-function.ts).
import { serveReviewPage } from "../../src/server/hosts/cloudflare-review-pages.ts";

export const onRequestGet = serveReviewPage;
export const onRequestHead = onRequestGet;
