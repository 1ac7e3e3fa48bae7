import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./keyset-cursor.ts";

describe("keyset cursors", () => {
  it("round-trips the sort key of the last row", () => {
    const cursor = encodeCursor([1764072000000, 87]);
    expect(cursor).toMatch(/^[0-9a-z_]+$/);
    expect(decodeCursor(cursor, 2)).toEqual([1764072000000, 87]);
  });

  it("refuses anything that is not its own numbers", () => {
    expect(decodeCursor("abc", 2)).toBeUndefined();
    expect(decodeCursor("a_b_c", 2)).toBeUndefined();
    expect(decodeCursor("A_1", 2)).toBeUndefined();
    expect(decodeCursor("zzzzzzzzzzzzz_1", 2)).toBeUndefined();
    expect(decodeCursor("", 1)).toBeUndefined();
  });
});
