// The write queue through the real routes (issues 33 and 34): each test app has its own
// (deps.writes), and review posts, edits, deletions and moderation decisions wait in it. A
// member's burst does not stand in front of another member's post; a full queue answers 503
// with Retry-After and writes nothing; a decision waits its turn with the posts.
import { describe, expect, it, vi } from "vitest";
import { WRITE_QUEUE_LIMITS, WRITE_QUEUE_MESSAGES } from "../../../domain/write-queue.ts";
import { posts, rateLimits } from "../db/schema.ts";
import { setRole } from "../services/moderation-roles.ts";
import { createUser, sendJson, type TestUser } from "../testing/accounts.ts";
import { moreDishes, useCatalogueTestApp } from "../testing/fixture.ts";

const { t, f } = useCatalogueTestApp();

function postReview(who: TestUser, dishId: number) {
  const form = new FormData();
  form.append("dishId", String(dishId));
  form.append("content", `A fair turn for dish ${dishId}`);
  form.append("rating", "4");
  return sendJson(t, "POST", "/api/posts/save", who, form);
}

/** Takes the queue's one slot with a write that runs until released. */
async function holdTheQueue() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const running = t.deps.writes.run("held", () => held);
  // A write starts a turn of the event loop after it is queued.
  await vi.waitFor(() => expect(t.deps.writes.stats().running).toBe(1));
  return {
    release: async () => {
      release();
      await running;
    },
  };
}

/** Until `count` writes wait in the queue (a request's reads before it queues take a moment). */
const waitingIs = (count: number) => vi.waitFor(() => expect(t.deps.writes.stats().waiting).toBe(count));

describe("the write queue behind POST /posts/save", () => {
  it("answers another member's post after one of a burst of 20, not after all of them", async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const dishes = await moreDishes(t.db, f, 21);
    const order: string[] = [];
    const answered = (who: string, res: Response | Promise<Response>) =>
      Promise.resolve(res).then((r) => {
        order.push(who);
        return r;
      });
    // The burst is all waiting when the single post comes (held: a post without photos runs
    // its SQL synchronously, so unheld, a request is often done before the next is parsed).
    const holder = await holdTheQueue();
    const burst = dishes.slice(0, 20).map((dishId) => answered("a", postReview(a, dishId)));
    await waitingIs(20);
    const single = answered("b", postReview(b, dishes[20]!));
    await waitingIs(21);
    await holder.release();
    const statuses = (await Promise.all([...burst, single])).map((r) => r.status);
    expect(statuses).toEqual(Array(21).fill(200));
    // In turn: after the burst's first, not after all 20 (first come, first served: 21st).
    expect(order.indexOf("b")).toBe(1);
  });

  it("answers 503 with Retry-After when the queue is full, and writes nothing", async () => {
    const poster = await createUser(t);
    const dishes = await moreDishes(t.db, f, 1);
    const holder = await holdTheQueue();
    // Waiting writes from several members fill it (each member has a line of its own).
    const waiting = Array.from({ length: WRITE_QUEUE_LIMITS.maxWaiting }, (_, i) =>
      t.deps.writes.run(`filler-${i % 4}`, async () => undefined),
    );
    const before = { posts: await t.db.$count(posts), limits: await t.db.$count(rateLimits) };
    const res = await postReview(poster, dishes[0]!);
    const answer = (await res.json()) as { code: number; message: string };
    expect(res.status).toBe(503);
    expect(answer.code).toBe(503);
    expect(answer.message).toMatch(
      new RegExp(`^${WRITE_QUEUE_MESSAGES.busy} Please try again in \\d+ seconds?\\.$`),
    );
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Refused before any check: no post, and no rate limit counted against the poster.
    expect({ posts: await t.db.$count(posts), limits: await t.db.$count(rateLimits) }).toEqual(before);
    await holder.release();
    await Promise.all(waiting);
    // Room again: the same post goes through.
    expect((await postReview(poster, dishes[0]!)).status).toBe(200);
  });

  it("keeps one member's burst to its own line, so a burst past it is refused and others still get in", async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const dishes = await moreDishes(t.db, f, 2);
    const holder = await holdTheQueue();
    const line = Array.from({ length: WRITE_QUEUE_LIMITS.maxWaitingPerMember }, () =>
      t.deps.writes.run(a.userId, async () => undefined),
    );
    expect((await postReview(a, dishes[0]!)).status).toBe(503);
    const fromB = postReview(b, dishes[1]!);
    await waitingIs(WRITE_QUEUE_LIMITS.maxWaitingPerMember + 1);
    await holder.release();
    await Promise.all(line);
    expect((await fromB).status).toBe(200);
  });
});

describe("moderation decisions in the same queue", () => {
  it("waits its turn behind the writes before it, then rewrites the aggregates", async () => {
    const [author, moderator] = [await createUser(t), await createUser(t)];
    await setRole(t.db, moderator.email, "moderator", { id: null, label: "cli" }, t.clock.now());
    const [dishId] = await moreDishes(t.db, f, 1);
    const posted = (await (await postReview(author, dishId!)).json()) as { data: { postId: number } };
    const holder = await holdTheQueue();
    let answered = false;
    const decision = Promise.resolve(
      sendJson(t, "POST", "/api/moderation/actions", moderator, {
        kind: "review",
        id: posted.data.postId,
        action: "remove",
        reason: "spam-or-fake",
        note: "Copied text",
      }),
    ).then((res) => {
      answered = true;
      return res;
    });
    await waitingIs(1);
    expect(answered).toBe(false);
    await holder.release();
    const res = await decision;
    expect(res.status, await res.clone().text()).toBe(200);
    const dish = (await (await t.app.request(`/api/dishes/${dishId}`)).json()) as {
      data: { reviewCount: number };
    };
    expect(dish.data.reviewCount).toBe(0);
  });
});
