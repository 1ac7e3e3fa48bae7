// After a review is posted (issue 32): if what was reviewed is in the member's "Want to try",
// offer to move it to "Been". Asks once when it appears; says nothing when there is nothing to
// move, so a review of an item never saved looks as before.
import { useEffect, useState } from "react";
import { failureText } from "../failure-text.ts";
import { listsApi } from "./lists-api.ts";
import type { SaveTarget } from "./pending-save.ts";

type Offer = { state: "asking" } | { state: "offer"; items: SaveTarget[] } | { state: "moving"; items: SaveTarget[] } | { state: "done"; text: string; items: SaveTarget[] };

/** "This place is in your Want to try." / "This dish …" / "2 of these are …". */
export function wantLine(items: readonly SaveTarget[]): string {
  if (items.length > 1) return `${items.length} of these are in your Want to try.`;
  return items[0]?.kind === "dish" ? "This dish is in your Want to try." : "This place is in your Want to try.";
}

async function inWantToTry(token: string, items: readonly SaveTarget[]): Promise<SaveTarget[]> {
  const held = await Promise.all(
    items.map(async (item) => {
      const outcome = await listsApi.holding(token, item);
      return outcome.kind === "ok" && outcome.data.lists.some((list) => list.system === "want" && list.holds);
    }),
  );
  return items.filter((_, i) => held[i]);
}

export function MoveToBeenOffer({ token, items }: { token: string; items: readonly SaveTarget[] }) {
  const [offer, setOffer] = useState<Offer>({ state: "asking" });
  useEffect(() => {
    let live = true;
    void inWantToTry(token, items).then((found) => live && setOffer({ state: "offer", items: found }));
    return () => {
      live = false;
    };
  }, [token, items]);

  if (offer.state === "asking" || offer.items.length === 0) return null;
  const move = async () => {
    if (offer.state !== "offer") return;
    setOffer({ state: "moving", items: offer.items });
    for (const item of offer.items) {
      const outcome = await listsApi.moveToBeen(token, item);
      if (outcome.kind !== "ok") {
        const text = failureText(outcome, "Could not move it. Please try again.", "Log in again to move it.");
        return setOffer({ state: "done", text, items: offer.items });
      }
    }
    setOffer({ state: "done", text: "Moved to Been.", items: offer.items });
  };
  return (
    <div className="rm-move-been">
      {offer.state === "done" ? (
        <p className="rm-success" role="status">
          {offer.text}
        </p>
      ) : (
        <>
          <p>{wantLine(offer.items)}</p>
          <button
            type="button"
            className="btn btn-secondary"
            aria-disabled={offer.state === "moving" ? "true" : undefined}
            onClick={() => void move()}
          >
            Move to Been
          </button>
        </>
      )}
    </div>
  );
}
