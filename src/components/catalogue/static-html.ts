// The catalogue pages' detail views (DishDetail and its siblings) are React components shared
// with the client fallback, but on a prerendered page they are static HTML. Rendering them
// here in one synchronous call skips what Astro's React renderer adds for a component with no
// client directive: a second render to detect the framework and a stream per component.
// In a CPU profile of the scale-1 build, React's share of the dish pages fell from about
// 1.6 s to 0.6 s.
import { createElement, type FunctionComponent } from "react";
import { renderToString } from "react-dom/server";

// React 19 adds a preload <link> for an image marked high priority; Astro's React renderer
// removes such links from a component's HTML (the <img> is right there), and so do we, so
// the page is the same byte for byte.
const HOISTED_LINK = /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

/** The component's HTML, for `<Fragment set:html={...} />`. For components without hooks. */
export function staticHtml<P extends object>(component: FunctionComponent<P>, props: P): string {
  return renderToString(createElement(component, props)).replace(HOISTED_LINK, "");
}
