import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { nextProgress, startLoadingProgress } from "./loading-progress.ts";

describe("nextProgress", () => {
  it("adds 10 and stops at 90", () => {
    expect(nextProgress(0)).toBe(10);
    expect(nextProgress(80)).toBe(90);
    expect(nextProgress(90)).toBe(90);
  });
});

describe("startLoadingProgress", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("advances 10 every 200 ms, holds at 90, and completes at 100", () => {
    const seen: number[] = [];
    const progress = startLoadingProgress((value) => seen.push(value));
    expect(seen).toEqual([0]);
    vi.advanceTimersByTime(199);
    expect(seen).toEqual([0]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([0, 10]);
    vi.advanceTimersByTime(200 * 20);
    expect(seen).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    progress.complete();
    progress.complete();
    vi.advanceTimersByTime(1000);
    expect(seen.at(-1)).toBe(100);
    expect(seen.filter((v) => v === 100)).toHaveLength(1);
  });

  it("completes early without passing through the remaining steps", () => {
    const seen: number[] = [];
    const progress = startLoadingProgress((value) => seen.push(value));
    vi.advanceTimersByTime(400);
    progress.complete();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([0, 10, 20, 100]);
  });
});
