// Loaded by filtered-lists-loader.ts only when the address carries filters.
import { createRoot } from "react-dom/client";
import FilteredLists from "./FilteredLists.tsx";

export function mountFilteredLists(element: HTMLElement): void {
  createRoot(element).render(<FilteredLists />);
}
