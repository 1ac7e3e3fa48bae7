// The save control's markup on every card and item page (issue 32): plain HTML, so cards stay
// static. src/client/save/save-control.ts (loaded by the layout, a few hundred bytes) wakes it
// on the first tap and loads the sheet; nothing else is downloaded until then (decision 015).
import { saveItemValue, type SaveKind } from "../../client/save/pending-save.ts";

export function SaveButton({
  kind,
  id,
  name,
  eager = false,
}: {
  kind: SaveKind;
  id: number;
  name: string;
  /** An item page asks at once which lists hold the item, for a signed-in member. */
  eager?: boolean;
}) {
  return (
    <div className="save-control" data-save-item={saveItemValue({ kind, id })} data-save-eager={eager ? "" : undefined}>
      <button type="button" className="save-button" aria-haspopup="dialog" data-save-name={name}>
        <svg className="save-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 3h12a1 1 0 0 1 1 1v17l-7-4.5L5 21V4a1 1 0 0 1 1-1z" />
        </svg>
        <span className="save-button-text">Save</span>
        <span className="visually-hidden">{` ${name}`}</span>
      </button>
      <p className="save-state" role="status" />
      {/* A card's "2 you follow rated it 4.5", for a signed-in member (src/client/save/friend-lines.ts). */}
      {!eager && <p className="friend-card-line" data-friend-line={saveItemValue({ kind, id })} hidden />}
    </div>
  );
}
