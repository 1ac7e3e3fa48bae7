import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  arrowVisibility,
  CAROUSEL_INTERVAL_MS,
  createCarouselTimer,
  nextScrollLeft,
  previousScrollLeft,
  wrapIndex,
} from "./carousel.ts";

describe("carousel timer", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("advances every 3000 ms once started", () => {
    const advance = vi.fn();
    const timer = createCarouselTimer(advance);
    timer.start();
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1);
    expect(advance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(advance).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 2);
    expect(advance).toHaveBeenCalledTimes(3);
  });

  it("does nothing before start and after stop", () => {
    const advance = vi.fn();
    const timer = createCarouselTimer(advance);
    timer.restart();
    vi.advanceTimersByTime(10_000);
    expect(advance).not.toHaveBeenCalled();
    timer.start();
    timer.stop();
    vi.advanceTimersByTime(10_000);
    expect(advance).not.toHaveBeenCalled();
  });

  it("restarts the full interval after a manual move", () => {
    const advance = vi.fn();
    const timer = createCarouselTimer(advance);
    timer.start();
    vi.advanceTimersByTime(2500);
    timer.restart();
    vi.advanceTimersByTime(2500);
    expect(advance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(advance).toHaveBeenCalledTimes(1);
  });

  it("stays still while hovered or focused and resumes with a full interval", () => {
    const advance = vi.fn();
    const timer = createCarouselTimer(advance);
    timer.start();
    timer.pause("hover");
    timer.pause("focus");
    vi.advanceTimersByTime(10_000);
    expect(advance).not.toHaveBeenCalled();
    timer.resume("hover");
    vi.advanceTimersByTime(10_000);
    expect(advance).not.toHaveBeenCalled();
    timer.resume("focus");
    expect(timer.isRunning()).toBe(true);
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS);
    expect(advance).toHaveBeenCalledTimes(1);
  });

  it("never moves under reduced motion, even after a manual move", () => {
    const advance = vi.fn();
    const timer = createCarouselTimer(advance);
    timer.pause("reduced-motion");
    timer.start();
    timer.restart();
    vi.advanceTimersByTime(60_000);
    expect(advance).not.toHaveBeenCalled();
    expect(timer.isRunning()).toBe(false);
  });

  it("the pause button holds until the user resumes", () => {
    const advance = vi.fn();
    const timer = createCarouselTimer(advance);
    timer.start();
    timer.pause("user");
    timer.resume("hover"); // not paused by hover: no effect
    vi.advanceTimersByTime(10_000);
    expect(advance).not.toHaveBeenCalled();
    expect(timer.isPausedBy("user")).toBe(true);
    timer.resume("user");
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS);
    expect(advance).toHaveBeenCalledTimes(1);
  });
});

describe("carousel positions", () => {
  it("wraps indexes at both ends", () => {
    expect(wrapIndex(1, 1, 2)).toBe(0);
    expect(wrapIndex(0, -1, 2)).toBe(1);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
  it("moves a page forward and wraps from the end to the start", () => {
    expect(nextScrollLeft(0, 300, 900)).toBe(300);
    expect(nextScrollLeft(500, 300, 900)).toBe(600);
    expect(nextScrollLeft(600, 300, 900)).toBe(0);
  });
  it("moves a page back and wraps from the start to the end", () => {
    expect(previousScrollLeft(600, 300, 900)).toBe(300);
    expect(previousScrollLeft(100, 300, 900)).toBe(0);
    expect(previousScrollLeft(0, 300, 900)).toBe(600);
  });
  it("shows arrows only when content overflows, the left one only after scrolling", () => {
    expect(arrowVisibility(0, 900, 900)).toEqual({ left: false, right: false });
    expect(arrowVisibility(0, 300, 900)).toEqual({ left: false, right: true });
    expect(arrowVisibility(300, 300, 900)).toEqual({ left: true, right: true });
    expect(arrowVisibility(600, 300, 900)).toEqual({ left: true, right: false });
  });
});
