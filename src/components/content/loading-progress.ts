// The landing page's progress bar (spec points 4 and 9): while the page loads it advances by
// 10 every 200 ms up to 90, then jumps to 100 when loading completes.
export const PROGRESS_STEP = 10;
export const PROGRESS_INTERVAL_MS = 200;
export const PROGRESS_CAP = 90;
export const PROGRESS_DONE = 100;

export function nextProgress(value: number): number {
  return Math.min(value + PROGRESS_STEP, PROGRESS_CAP);
}

export interface ProgressTimers {
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

/** Starts ticking at once; `complete()` stops the ticks and reports 100 exactly once. */
export function startLoadingProgress(
  render: (value: number) => void,
  timers: ProgressTimers = {
    setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
    clearInterval: (handle) => globalThis.clearInterval(handle as number),
  },
) {
  let value = 0;
  let done = false;
  render(value);
  const handle = timers.setInterval(() => {
    const next = nextProgress(value);
    if (next === value) return;
    value = next;
    render(value);
  }, PROGRESS_INTERVAL_MS);
  return {
    complete() {
      if (done) return;
      done = true;
      timers.clearInterval(handle);
      value = PROGRESS_DONE;
      render(value);
    },
  };
}
