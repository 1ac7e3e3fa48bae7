import { useEffect, useRef, type RefObject } from "react";

/**
 * Moves the focus once the next render is on screen (WCAG 2.4.3): the element to focus is
 * often one that render creates, such as the button a closed panel gives back.
 */
export function useFocusAfterRender(): (target: RefObject<HTMLElement | null>) => void {
  const pending = useRef<RefObject<HTMLElement | null> | null>(null);
  useEffect(() => {
    if (!pending.current) return;
    pending.current.current?.focus();
    pending.current = null;
  });
  return (target) => {
    pending.current = target;
  };
}
