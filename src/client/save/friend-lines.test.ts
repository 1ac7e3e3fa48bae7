import { describe, expect, it } from "vitest";
import { MAX_SIGNAL_IDS } from "../../domain/lists.ts";
import { signalCalls } from "./friend-lines.ts";

describe("the cards' friend-signal calls", () => {
  it("ask each id once, at most MAX_SIGNAL_IDS a call", () => {
    const ids = Array.from({ length: MAX_SIGNAL_IDS + 3 }, (_, i) => i + 1);
    const calls = signalCalls([...ids, 1, 2]);
    expect(calls.map((call) => call.length)).toEqual([MAX_SIGNAL_IDS, 3]);
    expect(calls.flat()).toEqual(ids);
    expect(signalCalls([])).toEqual([]);
  });
});
