// The on-demand page renderer for the Node entry. Node runs our TypeScript by stripping
// types (docs/decisions/001), which leaves JSX alone, so the page components (.tsx) the
// renderer shares with the build cannot load as they are. A load hook compiles .tsx files
// with esbuild (astro's own dependency) as Node loads them: the same source the build and
// the Cloudflare Function (bundled by wrangler) compile, no second copy to drift.
import { readFileSync } from "node:fs";
import { registerHooks } from "node:module";
import { fileURLToPath } from "node:url";
import { transformSync } from "esbuild";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { HOISTED_LINK } from "../../components/catalogue/hoisted-link.ts";
import type { HtmlRenderer } from "../../components/catalogue/page-view.ts";

let hooked = false;

function compileTsxOnLoad() {
  if (hooked) return;
  hooked = true;
  registerHooks({
    load(url, context, nextLoad) {
      // A component's stylesheet is already linked from the built template it renders into.
      if (url.startsWith("file:") && url.endsWith(".css")) return { format: "module", source: "", shortCircuit: true };
      if (!url.startsWith("file:") || !url.endsWith(".tsx")) return nextLoad(url, context);
      const path = fileURLToPath(url);
      const { code } = transformSync(readFileSync(path, "utf8"), {
        loader: "tsx",
        jsx: "automatic",
        format: "esm",
        sourcefile: path,
        sourcemap: "inline",
      });
      return { format: "module", source: code, shortCircuit: true };
    },
  });
}

/**
 * Every kind of on-demand page (on-demand-pages.ts), with .tsx loading in place. Under vitest,
 * Vite compiles the modules itself and the hook is never asked.
 */
export async function loadOnDemandPages(): Promise<typeof import("./on-demand-pages.ts")> {
  compileTsxOnLoad();
  return import("./on-demand-pages.ts");
}

/**
 * A page body's static HTML with React's synchronous renderToString: the bytes of
 * prerender-html.ts (the build's static-html.ts renders the same way; on-demand-node.test.ts
 * compares them) for about a sixth less CPU than its stream, measured at scale 100 (issue 23).
 */
export const renderHtmlSync: HtmlRenderer = (component, props) =>
  renderToString(createElement(component, props)).replace(HOISTED_LINK, "");
