// Spec point 9: tag chip rows start at 12/10/8/6/4 chips by window width (thresholds
// 1600/1400/1200/1000), each following row has two fewer, never fewer than four.
export const CHIP_ROW_BREAKPOINTS: ReadonlyArray<readonly [minWidth: number, firstRow: number]> = [
  [1600, 12],
  [1400, 10],
  [1200, 8],
  [1000, 6],
  [0, 4],
];
export const MIN_CHIPS_PER_ROW = 4;

export function firstRowSize(windowWidth: number): number {
  for (const [minWidth, size] of CHIP_ROW_BREAKPOINTS) if (windowWidth >= minWidth) return size;
  return MIN_CHIPS_PER_ROW;
}

/** Sizes of consecutive rows holding `count` chips; the last row holds what is left. */
export function chipRowSizes(count: number, windowWidth: number): number[] {
  const sizes: number[] = [];
  let size = firstRowSize(windowWidth);
  for (let left = count; left > 0; left -= size, size = Math.max(MIN_CHIPS_PER_ROW, size - 2)) {
    sizes.push(Math.min(size, left));
  }
  return sizes;
}

export function chipRows<T>(items: readonly T[], windowWidth: number): T[][] {
  const rows: T[][] = [];
  let start = 0;
  for (const size of chipRowSizes(items.length, windowWidth)) {
    rows.push(items.slice(start, start + size));
    start += size;
  }
  return rows;
}
