// What the item's owner keeps true, live (issue 22): the page was built with "Claimed by its
// owner" and the dish's allergen panel as they were then; once the island has read the item
// (the same read as the live rating), the same components render over those slots, so a claim
// or an allergen edit shows before the next rebuild. A failed read leaves the built ones.
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { AllergenPanel, ClaimedLabel, LIVE_SLOT } from "../../components/catalogue/owner-parts.tsx";
import type { ItemSummary } from "./reviews-api.ts";

/** The slot's host for a portal: a new element in the slot's place (its static content goes). */
function useSlotHost(slot: string, ready: boolean): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const target = ready ? document.querySelector(`[data-live="${slot}"]`) : null;
    if (!target?.parentNode) return;
    const element = document.createElement("div");
    element.dataset.live = slot;
    target.parentNode.replaceChild(element, target);
    setHost(element);
  }, [slot, ready]);
  return host;
}

export function LiveItemFacts({ summary }: { summary: ItemSummary | null }) {
  const claimedHost = useSlotHost(LIVE_SLOT.claimed, summary?.claimedAt !== undefined);
  const allergensHost = useSlotHost(LIVE_SLOT.allergens, summary?.allergens !== undefined);
  if (!summary) return null;
  return (
    <>
      {claimedHost &&
        summary.claimedAt !== undefined &&
        createPortal(<ClaimedLabel claimedAt={summary.claimedAt} />, claimedHost)}
      {allergensHost &&
        summary.allergens !== undefined &&
        createPortal(<AllergenPanel allergens={summary.allergens} diets={summary.diets ?? null} />, allergensHost)}
    </>
  );
}
