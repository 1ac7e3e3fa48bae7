// React 19 adds a preload <link> for an image marked high priority; Astro's React renderer
// removes such links from a component's HTML (the <img> is right there), and so do our static
// renderers (static-html.ts, prerender-html.ts), so a page is the same byte for byte.
export const HOISTED_LINK =
  /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;
