// A component's static HTML for pages rendered on demand (catalogue-page-render.ts), on Node
// and in the Cloudflare Function alike. `react-dom/static` resolves to one React server build
// per runtime (static.edge on workerd), where every `react-dom/server` entry loads two, which
// cost the Function 31 KB gzip (docs/perf/edge-bundle.md). The build keeps static-html.ts
// (synchronous, with its card-markup reuse); both give the same bytes (prerender-html.test.ts).
import { createElement, type FunctionComponent } from "react";
import { prerender } from "react-dom/static";
import { HOISTED_LINK } from "./hoisted-link.ts";

export async function prerenderHtml<P extends object>(
  component: FunctionComponent<P>,
  props: P,
): Promise<string> {
  const { prelude } = await prerender(createElement(component, props));
  const html = await new Response(prelude).text();
  return html.replace(HOISTED_LINK, "");
}
