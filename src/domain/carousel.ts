// Carousel timing and scroll positions (spec points 4 and 9: auto-advance every 3000 ms with
// wrap-around; a manual move restarts the timer). WCAG 2.2.2 adds: pause while hovered or
// focused, a visible pause control, and no movement at all under prefers-reduced-motion.
export const CAROUSEL_INTERVAL_MS = 3000;

export type PauseReason = "hover" | "focus" | "user" | "reduced-motion" | "hidden" | "offscreen";

export interface CarouselTimer {
  /** Starts the countdown unless something pauses the carousel. */
  start(): void;
  /** After a manual previous/next: the next automatic move is a full interval away. */
  restart(): void;
  pause(reason: PauseReason): void;
  resume(reason: PauseReason): void;
  isPausedBy(reason: PauseReason): boolean;
  /** True while a countdown to the next automatic move is running. */
  isRunning(): boolean;
  stop(): void;
}

export function createCarouselTimer(onAdvance: () => void, intervalMs = CAROUSEL_INTERVAL_MS): CarouselTimer {
  const reasons = new Set<PauseReason>();
  let handle: ReturnType<typeof setTimeout> | undefined;
  let started = false;

  const clear = () => {
    if (handle !== undefined) clearTimeout(handle);
    handle = undefined;
  };
  const schedule = () => {
    clear();
    if (!started || reasons.size > 0) return;
    handle = setTimeout(() => {
      handle = undefined;
      onAdvance();
      schedule();
    }, intervalMs);
  };

  return {
    start() {
      started = true;
      schedule();
    },
    restart: schedule,
    pause(reason) {
      reasons.add(reason);
      clear();
    },
    resume(reason) {
      if (reasons.delete(reason) && reasons.size === 0) schedule();
    },
    isPausedBy: (reason) => reasons.has(reason),
    isRunning: () => handle !== undefined,
    stop() {
      started = false;
      clear();
    },
  };
}

/** Index after moving by `step`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

// Scroll-snap carousels move a page (the visible width) at a time; the snap points settle
// the exact position. Two pixels of slack absorb sub-pixel widths.
const SLACK = 2;

export function overflows(clientWidth: number, scrollWidth: number): boolean {
  return scrollWidth - clientWidth > SLACK;
}

export function nextScrollLeft(scrollLeft: number, clientWidth: number, scrollWidth: number): number {
  const max = scrollWidth - clientWidth;
  return scrollLeft >= max - SLACK ? 0 : Math.min(max, scrollLeft + clientWidth);
}

export function previousScrollLeft(scrollLeft: number, clientWidth: number, scrollWidth: number): number {
  const max = scrollWidth - clientWidth;
  return scrollLeft <= SLACK ? max : Math.max(0, scrollLeft - clientWidth);
}

/** Spec point 4: arrows only when content overflows; the left one only after scrolling. */
export function arrowVisibility(scrollLeft: number, clientWidth: number, scrollWidth: number): { left: boolean; right: boolean } {
  if (!overflows(clientWidth, scrollWidth)) return { left: false, right: false };
  return { left: scrollLeft > SLACK, right: scrollLeft + clientWidth < scrollWidth - SLACK };
}
