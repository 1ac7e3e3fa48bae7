// A catalogue page's body (CataloguePageBody) is React shared with on-demand pages, and the
// cards of the home, tag and landing pages are the React cards the islands use, but on a
// prerendered page both are static HTML. Rendering them here in one synchronous call skips what
// Astro's React renderer adds for a component with no client directive: a second render to
// detect the framework and a stream per component. Cards seen on an earlier page reuse
// their markup: in a CPU profile of the scale-1 build (6,050 pages) React's time fell from
// 1.7 s to 1.1 s with it.
import { createElement, type FunctionComponent, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { CardMarkupContext, type CardMarkup } from "../cards/card-views.tsx";
import { HOISTED_LINK } from "./hoisted-link.ts";

// Card markup for the rest of the build, keyed by the item object (the build's bulk page data
// hands every page the same objects) and the card's variant. Cards met for the first time
// are rendered after the page, not inside its render: React's renderer is not meant to be
// re-entered.
const cardInnerHtml = new WeakMap<object, Map<string, string>>();
const unrendered: [object, string, ReactNode][] = [];
const cardMarkup: CardMarkup = {
  lookup: (item, variant) => cardInnerHtml.get(item)?.get(variant),
  remember: (item, variant, inner) => unrendered.push([item, variant, inner]),
};

/** The component's HTML, for `<Fragment set:html={...} />`. For components without state. */
export function staticHtml<P extends object>(component: FunctionComponent<P>, props: P): string {
  const html = renderToString(
    createElement(CardMarkupContext.Provider, { value: cardMarkup }, createElement(component, props)),
  );
  for (const [item, variant, inner] of unrendered.splice(0)) {
    let variants = cardInnerHtml.get(item);
    if (!variants) cardInnerHtml.set(item, (variants = new Map()));
    variants.set(variant, renderToString(inner).replace(HOISTED_LINK, ""));
  }
  return html.replace(HOISTED_LINK, "");
}
