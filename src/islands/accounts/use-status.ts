// Status lines of the accounts screens disappear after 5 seconds (spec point 9).
import { useCallback, useEffect, useRef, useState } from "react";
import type { StatusText } from "./outcome-messages.ts";

export const STATUS_MESSAGE_MS = 5000;

export function useStatus(): [StatusText | null, (status: StatusText | null) => void] {
  const [status, setStatus] = useState<StatusText | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback((next: StatusText | null) => {
    clearTimeout(timer.current);
    setStatus(next);
    if (next) timer.current = setTimeout(() => setStatus(null), STATUS_MESSAGE_MS);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return [status, show];
}

/** Goes to `path` after `ms`; the timer dies with the screen. */
export function useDelayedNavigation(): (path: string, ms: number) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback((path: string, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => window.location.assign(path), ms);
  }, []);
}
