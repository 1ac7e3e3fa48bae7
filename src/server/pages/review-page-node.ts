// The review page renderer for the Node entry (issue 24). Its components are .tsx, which Node
// loads only through the esbuild hook catalogue-page-node.ts registers: loading the catalogue
// renderer first puts the hook in place, then this renderer loads through it.
import { loadCatalogueRenderer } from "./catalogue-page-node.ts";

export async function loadReviewRenderer(): Promise<typeof import("./review-page-render.ts")> {
  await loadCatalogueRenderer();
  return import("./review-page-render.ts");
}
