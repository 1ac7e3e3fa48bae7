// Spec point 9: counts of 1000 or more are shown as one decimal plus "k" (1234 → "1.2k").
export function formatCount(count: number): string {
  if (!Number.isFinite(count)) return "0";
  if (Math.abs(count) < 1000) return String(Math.trunc(count));
  // Truncate rather than round so 1999 reads "1.9k", never "2.0k" before it is 2000.
  const tenths = Math.trunc(count / 100) / 10;
  return `${tenths.toFixed(1)}k`;
}
