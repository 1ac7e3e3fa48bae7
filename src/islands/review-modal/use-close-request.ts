// ✕, Escape and the browser's own close requests (issue 24): with nothing to lose the modal
// closes at once; with photos, words or ratings it asks first (ConfirmDiscard), and "Keep
// editing" gives the focus back to where it was.
import { useEffect, useRef, useState, type RefObject } from "react";

export function useCloseRequest(options: {
  dialog: RefObject<HTMLDialogElement | null>;
  fallbackFocus: RefObject<HTMLElement | null>;
  /** Posting: nothing closes until it is done. */
  busy: boolean;
  hasWork: boolean;
  /** Leaves the page: `discard` when the unsent review is thrown away too. */
  onClosed: (discard: boolean) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const closing = useRef(false);

  const finish = (discard: boolean) => {
    closing.current = true;
    options.dialog.current?.close();
    options.onClosed(discard);
  };

  const requestClose = () => {
    if (options.busy) return;
    if (!options.hasWork) return finish(true);
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setConfirming(true);
  };

  const keepEditing = () => setConfirming(false);

  // Once the question has gone: while it is open, everything behind it is inert and unfocusable.
  useEffect(() => {
    if (confirming || !returnFocus.current) return;
    const target = returnFocus.current.isConnected ? returnFocus.current : options.fallbackFocus.current;
    returnFocus.current = null;
    target?.focus();
  }, [confirming, options.fallbackFocus]);

  /** The dialog closed without us (the browser's doing): the draft stays for next time. */
  const closedElsewhere = () => {
    if (!closing.current) options.onClosed(false);
  };

  return { confirming, requestClose, keepEditing, finish, closedElsewhere };
}
