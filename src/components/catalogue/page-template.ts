// The built templates of the catalogue pages that hosts render on-demand pages into
// (src/server/pages/catalogue-page-render.ts). No JSX here: the Node host loads this before it can
// compile the components.

/**
 * The values a kind's template page carries where an item's own go (CataloguePage.astro with
 * `template`). Plain ASCII that no escaping changes, so each appears verbatim in the built
 * HTML and a host puts the item's values in their place.
 */
export const TEMPLATE_MARKS = {
  title: "@@dishcovery:title@@",
  description: "@@dishcovery:description@@",
  canonicalPath: "/@@dishcovery:path@@",
  ogImage: "/@@dishcovery:image@@",
  jsonLd: { "@dishcovery": "json-ld" },
  body: "<!--@@dishcovery:body@@-->",
} as const;

/**
 * A kind's templates: an item's page with its own Open Graph image, one with the default card,
 * and the page of an item that does not exist (or could not be read), which is noindex.
 * Their ids begin with "_": catalogue ids are positive integers, so no item can take them.
 */
export type TemplateVariant = "image" | "default-image" | "no-item";
export const TEMPLATE_IDS: Record<TemplateVariant, string> = {
  image: "_template",
  "default-image": "_template-default-image",
  "no-item": "_template-no-item",
};

/** getStaticPaths entries of a kind's templates, beside its items' pages. */
export function templatePaths(): { params: { id: string }; props: { template: TemplateVariant } }[] {
  return (Object.entries(TEMPLATE_IDS) as [TemplateVariant, string][]).map(([template, id]) => ({
    params: { id },
    props: { template },
  }));
}
