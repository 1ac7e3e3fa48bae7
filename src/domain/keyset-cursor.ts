// Keyset cursors for lists paged newest first (follow lists, requests, notifications): the
// last row's sort key, written as non-negative integers in base 36 joined by "_". Short, safe
// in a URL, and checked on the way back in, so a cursor is never more than numbers.

/** "lz3k1a_2f" for [1764072000000, 87]. */
export function encodeCursor(parts: readonly number[]): string {
  return parts.map((part) => Math.max(0, Math.trunc(part)).toString(36)).join("_");
}

/** The numbers of a cursor with `count` parts, or undefined when it is not one of ours. */
export function decodeCursor(cursor: string, count: number): number[] | undefined {
  const pieces = cursor.split("_");
  if (pieces.length !== count) return undefined;
  const parts: number[] = [];
  for (const piece of pieces) {
    if (!/^[0-9a-z]{1,13}$/.test(piece)) return undefined;
    const value = parseInt(piece, 36);
    if (!Number.isSafeInteger(value)) return undefined;
    parts.push(value);
  }
  return parts;
}
