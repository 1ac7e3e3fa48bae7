// The one codec of keyset cursors (every list paged by a cursor: feed, search, comments,
// reviews, follow lists, notifications...). A cursor is the last row's sort key under a name
// saying which list and order made it: the name, then each number in base 36, joined by "_"
// ("f_lz3k1a_2f"). Short and safe in a URL without escaping; opaque to clients, who only pass
// it back. Decoding checks the name, the count and that every part is a non-negative safe
// integer, so a cursor of another list or order, or any edited text, is refused instead of
// starting a page at a wrong place, and a cursor never reaches SQL as more than numbers.

/** The answer to a cursor this codec refuses; routes send it as the cursor field's 400. */
export const INVALID_CURSOR_MESSAGE = "Invalid cursor: must be a cursor from a previous page";

const KIND = /^[a-z][a-z0-9]{0,15}$/;
// 36^11 > 2^53: eleven base-36 digits hold every safe integer, and longer text cannot be one.
const PART = /^[0-9a-z]{1,11}$/;

export interface CursorCodec<K extends string> {
  /** The list and order this codec's cursors belong to. */
  readonly kind: string;
  encode(key: Readonly<Record<K, number>>): string;
  /** The sort key, or undefined when `text` is not a cursor of this kind. */
  decode(text: string): Record<K, number> | undefined;
}

/**
 * A codec for cursors named `kind` carrying the numbers `keys`, in that order. Kinds must be
 * distinct per list and order: that is what refuses one list's cursor in another.
 */
export function cursorCodec<const K extends string>(kind: string, keys: readonly K[]): CursorCodec<K> {
  if (!KIND.test(kind)) throw new Error(`A cursor kind is a short lower-case word: ${kind}`);
  return {
    kind,
    encode(key) {
      return [kind, ...keys.map((name) => encodePart(key[name]))].join("_");
    },
    decode(text) {
      const pieces = text.split("_");
      if (pieces.length !== keys.length + 1 || pieces[0] !== kind) return undefined;
      const key = {} as Record<K, number>;
      for (const [index, name] of keys.entries()) {
        const value = decodePart(pieces[index + 1]!);
        if (value === undefined) return undefined;
        key[name] = value;
      }
      return key;
    },
  };
}

function encodePart(value: number): string {
  // Sort keys are ids, times, counts and ratings in tenths: a caller passing anything else
  // has a bug that a silently rounded cursor would hide.
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`A cursor holds non-negative integers: ${value}`);
  return value.toString(36);
}

function decodePart(piece: string): number | undefined {
  if (!PART.test(piece)) return undefined;
  const value = parseInt(piece, 36);
  // Only the spelling encode writes ("1", never "01"): one key, one cursor.
  return Number.isSafeInteger(value) && value.toString(36) === piece ? value : undefined;
}
