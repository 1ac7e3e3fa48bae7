// Where an item page shows what the people a signed-in member follows think of it (issue 32):
// empty in the HTML, which is the same for everyone; src/client/save/friend-signal.ts fills it
// for a member and leaves it empty (and hidden) for a visitor.
import { saveItemValue, type SaveKind } from "../../client/save/pending-save.ts";

export function FriendSignal({ kind, id }: { kind: SaveKind; id: number }) {
  return <section className="friend-signal" data-friend-signal={saveItemValue({ kind, id })} aria-label="People you follow" hidden />;
}
