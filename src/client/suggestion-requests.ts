// When the search box asks the API for suggestions (issue 23): at most once per 150 ms of
// typing, the last text always asked in the end (a trailing request), and each new request
// aborts the one before, so a slow answer to "ra" never replaces the answer to "ramen".

export const SUGGEST_INTERVAL_MS = 150;

export interface SuggestionRequester {
  /** The text now in the box; blank clears the suggestions and asks nothing. */
  typed(text: string): void;
  /** Stops the timer and the request in flight (the island unmounts). */
  stop(): void;
}

export interface RequesterOptions<T> {
  fetch: (text: string, signal: AbortSignal) => Promise<T[]>;
  show: (suggestions: T[]) => void;
  intervalMs?: number;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export function suggestionRequester<T>({
  fetch,
  show,
  intervalMs = SUGGEST_INTERVAL_MS,
  now = () => Date.now(),
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: RequesterOptions<T>): SuggestionRequester {
  let lastSent = -Infinity;
  let timer: unknown;
  let inFlight: AbortController | undefined;

  const send = (text: string) => {
    timer = undefined;
    lastSent = now();
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    fetch(text, controller.signal).then(
      (suggestions) => {
        if (!controller.signal.aborted) show(suggestions);
      },
      () => {
        // A failed or aborted request leaves the last suggestions as they were.
      },
    );
  };

  return {
    typed(text) {
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      if (!text.trim()) {
        inFlight?.abort();
        show([]);
        return;
      }
      const wait = lastSent + intervalMs - now();
      if (wait <= 0) send(text);
      else timer = setTimer(() => send(text), wait);
    },
    stop() {
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      inFlight?.abort();
    },
  };
}
