import { describe, expect, it } from "vitest";
import { cursorCodec } from "./keyset-cursor.ts";

const follows = cursorCodec("follows", ["createdAt", "userId"]);
const requests = cursorCodec("requests", ["createdAt", "userId"]);
const offset = cursorCodec("people", ["offset"]);

describe("keyset cursors", () => {
  it("round-trips the sort key of the last row in a short URL-safe text", () => {
    const cursor = follows.encode({ createdAt: 1764072000000, userId: 87 });
    expect(cursor).toBe("follows_mieix6o0_2f");
    expect(encodeURIComponent(cursor)).toBe(cursor);
    expect(follows.decode(cursor)).toEqual({ createdAt: 1764072000000, userId: 87 });
    for (const n of [0, 1, 35, 36, Number.MAX_SAFE_INTEGER]) {
      expect(offset.decode(offset.encode({ offset: n }))).toEqual({ offset: n });
    }
  });

  it("refuses a cursor of another list or order, though its numbers fit", () => {
    const cursor = follows.encode({ createdAt: 5, userId: 6 });
    expect(requests.decode(cursor)).toBeUndefined();
    expect(offset.decode(cursor)).toBeUndefined();
  });

  it("refuses edited and garbage text", () => {
    for (const text of [
      "",
      "follows",
      "follows_1",
      "follows_1_2_3",
      "follows__2",
      "follows_1_",
      "Follows_1_2",
      "follows_A_2",
      "follows_-1_2",
      "follows_1.5_2",
      "follows_01_2", // not the spelling encode writes
      "follows_zzzzzzzzzzz_1", // past the largest safe integer
      "follows_1_2 ",
      "follows_1_%32",
      "WyJ6IiwxLDFd", // the base64 JSON cursors of before
    ]) {
      expect(follows.decode(text), text).toBeUndefined();
    }
  });

  it("refuses to write what it could not read back", () => {
    expect(() => follows.encode({ createdAt: -1, userId: 1 })).toThrow();
    expect(() => follows.encode({ createdAt: 1.5, userId: 1 })).toThrow();
    expect(() => follows.encode({ createdAt: Number.NaN, userId: 1 })).toThrow();
    expect(() => cursorCodec("Bad_kind", ["a"])).toThrow();
  });
});
