// Status lines of the forms (accounts, claim, owner, review modal). Spec point 9's 5-second
// rule is for status messages: a confirmation or a note goes after 5 seconds. An error stays until the person changes
// what they typed (issue 16, WCAG 2.2.1 and 3.3.1): the fields stay marked invalid meanwhile,
// and the message is what says why.
import { useCallback, useEffect, useRef, useState } from "react";

export type Tone = "success" | "error" | "info";

/** A status line's sentence and how it shows (green, red or neutral). */
export interface StatusText {
  text: string;
  tone: Tone;
}

export const STATUS_MESSAGE_MS = 5000;

export function useStatus(): [
  StatusText | null,
  (status: StatusText | null) => void,
  /** Clears the line if it shows an error: call it when the input changes. */
  () => void,
] {
  const [status, setStatus] = useState<StatusText | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback((next: StatusText | null) => {
    clearTimeout(timer.current);
    setStatus(next);
    if (next && next.tone !== "error") timer.current = setTimeout(() => setStatus(null), STATUS_MESSAGE_MS);
  }, []);

  const clearError = useCallback(() => {
    setStatus((current) => (current?.tone === "error" ? null : current));
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return [status, show, clearError];
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
