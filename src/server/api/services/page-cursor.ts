// Reads a list's cursor parameter with the one codec (src/domain/keyset-cursor.ts): absent is
// the first page; anything the codec refuses answers 400 on the cursor field, before any read.
import { INVALID_CURSOR_MESSAGE, type CursorCodec } from "../../../domain/keyset-cursor.ts";
import { fieldError } from "../http/envelope.ts";

export function readCursor<K extends string>(
  codec: CursorCodec<K>,
  text: string | undefined,
): Record<K, number> | undefined {
  if (text === undefined) return undefined;
  const key = codec.decode(text);
  if (!key) throw invalidCursor();
  return key;
}

export const invalidCursor = () => fieldError(400, "cursor", INVALID_CURSOR_MESSAGE);
