// The write queue on its own (issues 33 and 34): its bound, its cap and 503, members taking
// turns, each member's order, and failures that leave it working. Through the real routes:
// routes/write-queue.test.ts.
import { describe, expect, it } from "vitest";
import { WRITE_QUEUE_LIMITS, WRITE_QUEUE_MESSAGES } from "../../../domain/write-queue.ts";
import { ApiError } from "../http/envelope.ts";
import { createWriteQueue } from "./write-queue.ts";

/** A write that runs until released, recording when it starts. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    work: async () => {
      log.push(name);
      await done;
      return name;
    },
    release: () => release(),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("write queue", () => {
  it("runs one write at a time by default, and never more than its concurrency", async () => {
    const queue = createWriteQueue({ concurrency: 2 });
    let running = 0;
    let most = 0;
    const work = async () => {
      running += 1;
      most = Math.max(most, running);
      await turn();
      running -= 1;
    };
    await Promise.all(Array.from({ length: 12 }, (_, i) => queue.run(i % 4, work)));
    expect(most).toBe(2);
    expect(createWriteQueue().stats().limits.concurrency).toBe(WRITE_QUEUE_LIMITS.concurrency);
  });

  it("lets another member's write in after one of a burst, not after all of it", async () => {
    const queue = createWriteQueue();
    const started: string[] = [];
    const burst = Array.from({ length: 20 }, (_, i) => gate(started, `a${i}`));
    const single = gate(started, "b0");
    const answers = burst.map((g) => queue.run("a", g.work));
    const answerB = queue.run("b", single.work);
    for (const g of [...burst, single]) g.release();
    await Promise.all([...answers, answerB]);
    // a0 was running when b0 came; b0 went after the next of a's, not after all twenty.
    expect(started.indexOf("b0")).toBeLessThanOrEqual(2);
    expect(started.filter((name) => name.startsWith("a"))).toEqual(burst.map((_, i) => `a${i}`));
  });

  it("serves members round-robin, each member's writes in the order sent", async () => {
    const queue = createWriteQueue({ maxWaiting: 100 });
    const started: string[] = [];
    const first = gate(started, "first");
    const running = queue.run("z", first.work);
    const runs: Promise<unknown>[] = [];
    for (const [member, count] of [
      ["a", 4],
      ["b", 2],
      ["c", 3],
    ] as const) {
      for (let i = 0; i < count; i += 1) {
        runs.push(queue.run(member, async () => void started.push(`${member}${i}`)));
      }
    }
    first.release();
    await Promise.all([running, ...runs]);
    expect(started).toEqual(["first", "a0", "b0", "c0", "a1", "b1", "c1", "a2", "c2", "a3"]);
  });

  it("keeps one member's writes in order even with room for more at once", async () => {
    const queue = createWriteQueue({ concurrency: 3 });
    const finished: number[] = [];
    const work = (i: number) => async () => {
      // The earlier writes take longer: run side by side, they would finish in reverse.
      await new Promise((resolve) => setTimeout(resolve, (5 - i) * 3));
      finished.push(i);
    };
    await Promise.all([0, 1, 2, 3, 4].map((i) => queue.run(7, work(i))));
    expect(finished).toEqual([0, 1, 2, 3, 4]);
  });

  it("refuses past its cap with 503 and Retry-After, without running the write", async () => {
    const queue = createWriteQueue({ maxWaiting: 3, maxWaitingPerMember: 3 });
    const started: string[] = [];
    const held = gate(started, "held");
    const running = queue.run(1, held.work);
    await turn(); // a write starts a turn after it is queued
    const waiting = [2, 3, 4].map((m) => queue.run(m, async () => void started.push(`w${m}`)));
    let ran = false;
    const refused = await queue.run(5, async () => void (ran = true)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    const error = refused as ApiError;
    expect(error.status).toBe(503);
    expect(error.message.startsWith(WRITE_QUEUE_MESSAGES.busy)).toBe(true);
    expect(Number(error.headers["Retry-After"])).toBeGreaterThanOrEqual(1);
    expect(queue.stats()).toMatchObject({ running: 1, waiting: 3, refused: 1 });
    held.release();
    await Promise.all([running, ...waiting]);
    expect(ran).toBe(false);
    expect(started).toEqual(["held", "w2", "w3", "w4"]);
    // Room again once the queue drains.
    await expect(queue.run(5, async () => "in")).resolves.toBe("in");
  });

  it("caps one member's line so a burst leaves room for everyone else", async () => {
    const queue = createWriteQueue({ maxWaiting: 10, maxWaitingPerMember: 2 });
    const held = gate([], "held");
    const running = queue.run("a", held.work);
    await turn();
    const a = [queue.run("a", async () => 1), queue.run("a", async () => 2)];
    await expect(queue.run("a", async () => 3)).rejects.toMatchObject({ status: 503 });
    const b = queue.run("b", async () => "b");
    held.release();
    expect(await Promise.all([running, ...a, b])).toEqual(["held", 1, 2, "b"]);
  });

  it("is not wedged by a write that fails or throws before its first await", async () => {
    const queue = createWriteQueue();
    const failing = queue.run(1, async () => {
      throw new Error("rejected");
    });
    const throwing = queue.run(2, () => {
      throw new Error("thrown");
    });
    const after = queue.run(1, async () => "after");
    await expect(failing).rejects.toThrow("rejected");
    await expect(throwing).rejects.toThrow("thrown");
    await expect(after).resolves.toBe("after");
    expect(queue.stats()).toMatchObject({ running: 0, waiting: 0, done: 1, failed: 2 });
  });

  it("is one per app: two queues never wait for each other", async () => {
    const one = createWriteQueue();
    const two = createWriteQueue();
    const held = gate([], "held");
    const running = one.run(1, held.work);
    await expect(two.run(1, async () => "free")).resolves.toBe("free");
    held.release();
    await running;
  });
});
