// The modal's one React root, made on the first "Post a Review" press and reused after.
// Each opening renders a fresh modal (a new key), so closing always starts the next one
// from step 0 with nothing left over (spec point 4).
import { createRoot, type Root } from "react-dom/client";
import ReviewModal from "./ReviewModal.tsx";
import type { ReviewPreset } from "./review-state.ts";

let root: Root | null = null;
let opened = 0;

export function openReviewModal(opener: HTMLElement, preset: ReviewPreset): void {
  if (!root) {
    const host = document.createElement("div");
    host.setAttribute("data-review-modal-root", "");
    document.body.append(host);
    root = createRoot(host);
  }
  opened += 1;
  const current = root;
  current.render(
    <ReviewModal
      key={opened}
      preset={preset}
      onClosed={() => {
        current.render(null);
        // Focus goes back to the button that opened the modal (WCAG 2.4.3).
        if (opener.isConnected) opener.focus();
      }}
    />,
  );
}
