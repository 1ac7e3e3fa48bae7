// Focus inside the review modal's dialogs (docs/accessibility.md, "For a dialog"): Tab and
// Shift+Tab wrap inside, past what is hidden or inert, and a failed post lands on its first
// field that needs something.
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest("[inert]") && !el.closest("[hidden]") && el.getClientRects().length > 0,
  );
}

/** Tab and Shift+Tab wrap inside `container`; `start` (a heading) counts as its beginning. */
export function keepTabInside(
  event: React.KeyboardEvent,
  container: HTMLElement | null,
  start?: HTMLElement | null,
) {
  if (event.key !== "Tab" || !container) return;
  const focusable = focusableIn(container);
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || (start && active === start))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/** The first field marked invalid, or the first control inside a marked group (the stars). */
export function focusFirstInvalid(container: HTMLElement | null): void {
  const invalid = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  const target = invalid.matches(FOCUSABLE) ? invalid : invalid.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus();
}
