// Pieces the signed-in screens built here share (profile, other profile, social search,
// notifications, settings; issue 12): the signed-out sentence, the social error screens, a
// menu button and a modal dialog.
// Dialogs are native <dialog> opened with showModal(): the browser makes the page behind
// inert, keeps Tab inside and closes on Escape; we give the focus back to the opener.
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import "./social.css";
import type { FailedOutcome } from "./failure-text.ts";

/** What a change answered with 401 says on these screens. */
export const SIGNED_OUT = "Your session has ended. Please log in again.";

export type FailedRead = FailedOutcome;

// Point 8's error screen and the "Unexpected Application Error!" fallback are the feed's own
// (error-screens.tsx): one wording and look on every social screen.
export {
  ErrorScreen as ScreenError,
  AppErrorBoundary as ScreenBoundary,
} from "./error-screens.tsx";

export interface MenuItem {
  label: string;
  onSelect: () => void;
}

/**
 * A menu button (WAI-ARIA APG): Enter, Space or Down opens it on the first item, Up on the
 * last; arrows move, Escape closes and gives the focus back, Tab closes it.
 */
export function MenuButton({
  label,
  visibleLabel,
  items,
  className = "btn btn-secondary",
}: {
  label: string;
  visibleLabel: ReactNode;
  items: MenuItem[];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const listRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  // The list opens under the button's left edge; near the right of a phone's screen it ran off
  // it (76 px at 390 px, issue 24), so it moves left by what overflows, never past the left edge.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!open || !list) return;
    list.style.left = "";
    const margin = 8;
    const { left, right } = list.getBoundingClientRect();
    const overflow = right - (document.documentElement.clientWidth - margin);
    if (overflow > 0) list.style.left = `${-Math.min(overflow, left - margin)}px`;
  }, [open]);

  function openAt(index: number) {
    setActive(index);
    setOpen(true);
  }
  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }

  return (
    <div
      className="sp-menu"
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            openAt(0);
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            openAt(items.length - 1);
          }
        }}
      >
        {visibleLabel}
      </button>
      {open && (
        <ul ref={listRef} className="sp-menu__list" role="menu" id={menuId} aria-label={label}>
          {items.map((item, index) => (
            <li key={item.label} role="none">
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={index === active ? 0 : -1}
                onClick={() => {
                  close(true);
                  item.onSelect();
                }}
                onKeyDown={(event) => {
                  const last = items.length - 1;
                  if (event.key === "ArrowDown") setActive(index === last ? 0 : index + 1);
                  else if (event.key === "ArrowUp") setActive(index === 0 ? last : index - 1);
                  else if (event.key === "Home") setActive(0);
                  else if (event.key === "End") setActive(last);
                  else if (event.key === "Escape") close(true);
                  else if (event.key === "Tab") setOpen(false);
                  else return;
                  if (event.key !== "Tab") event.preventDefault();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A modal dialog with a heading: open while `open` is true; `onClose` runs on Escape, the
 * Close button or the caller's own buttons. The focus goes back to `returnFocus` after.
 */
export function Dialog({
  open,
  title,
  onClose,
  returnFocus,
  children,
  initialFocus,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      initialFocus?.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      returnFocus?.current?.focus();
    }
  }, [open, returnFocus, initialFocus]);
  return (
    <dialog
      ref={ref}
      className="sp-dialog"
      aria-labelledby={headingId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <div className="sp-dialog__head">
            <h2 id={headingId}>{title}</h2>
            <button type="button" className="btn btn-secondary sp-dialog__close" onClick={onClose}>
              Close
            </button>
          </div>
          {children}
        </>
      )}
    </dialog>
  );
}
