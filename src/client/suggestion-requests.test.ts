import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SUGGEST_INTERVAL_MS, suggestionRequester } from "./suggestion-requests.ts";

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

function harness() {
  const sent: { text: string; at: number; signal: AbortSignal; answer: (list: string[]) => void }[] = [];
  const shown: string[][] = [];
  const requester = suggestionRequester<string>({
    fetch: (text, signal) =>
      new Promise((resolve) => sent.push({ text, at: Date.now(), signal, answer: resolve })),
    show: (list) => shown.push(list),
  });
  return { sent, shown, requester };
}

describe("suggestion requests while typing", () => {
  it("asks at most once per 150 ms of typing, and always for the last text", async () => {
    const { sent, requester } = harness();
    const word = "tonkotsu ramen";
    // A keystroke every 40 ms for 14 letters: 520 ms of typing.
    for (let i = 1; i <= word.length; i++) {
      requester.typed(word.slice(0, i));
      await vi.advanceTimersByTimeAsync(40);
    }
    await vi.advanceTimersByTimeAsync(SUGGEST_INTERVAL_MS);
    expect(sent[0]!.text).toBe("t");
    expect(sent.at(-1)!.text).toBe(word);
    // 14 keystrokes, 5 requests: each at least 150 ms after the one before.
    expect(sent.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < sent.length; i++) {
      expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(SUGGEST_INTERVAL_MS);
    }
  });

  it("aborts the request before, so a late answer never replaces a newer one", async () => {
    const { sent, shown, requester } = harness();
    requester.typed("ra");
    await vi.advanceTimersByTimeAsync(SUGGEST_INTERVAL_MS);
    requester.typed("ramen");
    await vi.advanceTimersByTimeAsync(SUGGEST_INTERVAL_MS);
    expect(sent.map((s) => s.text)).toEqual(["ra", "ramen"]);
    expect(sent[0]!.signal.aborted).toBe(true);
    expect(sent[1]!.signal.aborted).toBe(false);
    sent[1]!.answer(["Tonkotsu Ramen"]);
    sent[0]!.answer(["Ragù"]);
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual([["Tonkotsu Ramen"]]);
  });

  it("asks nothing for a blank box and clears what was shown", async () => {
    const { sent, shown, requester } = harness();
    requester.typed("ra");
    requester.typed("   ");
    await vi.advanceTimersByTimeAsync(SUGGEST_INTERVAL_MS * 2);
    expect(sent.map((s) => s.text)).toEqual(["ra"]);
    expect(sent[0]!.signal.aborted).toBe(true);
    expect(shown).toEqual([[]]);
  });

  it("stops its timer and its request when the island goes", async () => {
    const { sent, requester } = harness();
    requester.typed("r");
    requester.typed("ra");
    requester.stop();
    await vi.advanceTimersByTimeAsync(SUGGEST_INTERVAL_MS * 2);
    expect(sent.map((s) => s.text)).toEqual(["r"]);
    expect(sent[0]!.signal.aborted).toBe(true);
  });
});
