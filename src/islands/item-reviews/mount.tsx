// The reviews list's React root, made when its section nears the viewport (loader.ts).
import { createRoot } from "react-dom/client";
import ItemReviews from "./ItemReviews.tsx";
import type { MountPoint } from "./loader.ts";

/** The rating line the page was built with (view-parts.tsx Rating), updated live. */
const SUMMARY_SELECTOR = ".cat-detail .cat-rating";

export function mountItemReviews(element: HTMLElement, { kind, itemId }: MountPoint): void {
  createRoot(element).render(
    <ItemReviews kind={kind} itemId={itemId} summaryTarget={document.querySelector(SUMMARY_SELECTOR)} />,
  );
}
