// npm run bench -- --reviews --parts queue: issue 33's write queue (services/write-queue.ts).
// Its own cost per write, in this process; then against the Node entry on CPU 0: a member's
// burst of 20 posts with another member's single post sent just after it (where that post's
// answer comes among the 21), and a crowd of members posting at once past the queue's cap
// (the 503s, their Retry-After, and that no refused post was written).
import { createClient, type Client } from "@libsql/client";
import { rmSync } from "node:fs";
import { WRITE_QUEUE_LIMITS } from "../src/domain/write-queue.ts";
import { createWriteQueue } from "../src/server/api/services/write-queue.ts";
import {
  createPosters,
  ms,
  percentile,
  post,
  readCatalogue,
  reviewForm,
  serve,
  stopServer,
  target,
  workCopy,
  type Catalogue,
  type ReviewsOptions,
} from "./reviews-shared.ts";

const BURST = 20;
const BURST_ROUNDS = 3;
const CROWD = 200;
// The single post may come after the write running when it arrived and the burst's next.
const SINGLE_PLACE_TARGET = 3;
const OVERHEAD_WRITES = 20_000;

type User = { id: number; token: string };

/** The queue's own cost per write, µs: one member after another, and a full line of members. */
async function overhead(): Promise<boolean> {
  const queue = createWriteQueue({ maxWaiting: Infinity, maxWaitingPerMember: Infinity });
  const noop = async () => 0;
  let started = performance.now();
  for (let i = 0; i < OVERHEAD_WRITES; i++) await queue.run(i % 50, noop);
  const sequential = ((performance.now() - started) * 1000) / OVERHEAD_WRITES;
  started = performance.now();
  for (let round = 0; round < OVERHEAD_WRITES / 64; round++)
    await Promise.all(Array.from({ length: 64 }, (_, m) => queue.run(m, noop)));
  const crowded = ((performance.now() - started) * 1000) / OVERHEAD_WRITES;
  console.log(
    `queue cost per write, in process: ${sequential.toFixed(2)} µs one at a time, ${crowded.toFixed(2)} µs with 64 members waiting (limits: ${JSON.stringify(WRITE_QUEUE_LIMITS)})`,
  );
  return target("queue cost per write with 64 waiting", crowded, 50, 0, "µs");
}

async function sendPost(url: string, catalogue: Catalogue, n: number, user: User) {
  const { form, sent } = reviewForm(catalogue, n, user, []);
  return post(url, user.token, form, sent.key);
}

/** A burst of 20 from one member, then one post from another: where the single one answers. */
async function burst(url: string, catalogue: Catalogue, members: User[]): Promise<boolean> {
  const places: number[] = [];
  // Round 0 warms up: it opens the connections, and a post on a connection still being opened
  // comes last whatever the queue does.
  for (let round = 0; round <= BURST_ROUNDS; round++) {
    const [a, b] = [members[2 * round]!, members[2 * round + 1]!];
    const order: string[] = [];
    const timed = (name: string, sending: ReturnType<typeof sendPost>) =>
      sending.then((answer) => {
        order.push(name);
        return answer;
      });
    const burstAnswers = Array.from({ length: BURST }, (_, i) =>
      timed("a", sendPost(url, catalogue, 40_000 + round * 100 + i, a)),
    );
    const single = await timed("b", sendPost(url, catalogue, 41_000 + round, b));
    const answers = await Promise.all(burstAnswers);
    const place = order.indexOf("b") + 1;
    if (round > 0) places.push(place);
    const times = answers.map((x) => x.ms);
    const statuses = [...answers, single].filter((x) => x.status !== 200).map((x) => x.status);
    console.log(
      `burst ${round === 0 ? "warm-up" : `round ${round}`}: the single post answered ${place} of ${BURST + 1} in ${ms(single.ms)}; the burst's p50 ${ms(percentile(times, 50))}, last ${ms(Math.max(...times))}${statuses.length ? `; not 200: ${statuses.join(", ")}` : ""}`,
    );
  }
  return target(
    "a single post's place beside a burst of 20 (worst round)",
    Math.max(...places),
    SINGLE_PLACE_TARGET,
    0,
    "of 21",
  );
}

/** Posts by these members in the database. */
async function postsBy(db: Client, members: User[]): Promise<number> {
  const ids = members.map((m) => m.id);
  const row = await db.execute({
    sql: `SELECT count(*) AS n FROM posts WHERE review_group_id IS NULL AND author_id IN (${ids.map(() => "?").join(",")})`,
    args: ids,
  });
  return Number(row.rows[0]!.n);
}

/** CROWD members post at once: past the cap they get 503 with Retry-After, and nothing is written. */
async function crowd(url: string, db: Client, catalogue: Catalogue, members: User[]): Promise<boolean> {
  const answers = await Promise.all(
    members.map(async (m, i) => {
      const { form, sent } = reviewForm(catalogue, 50_000 + i, m, []);
      const started = performance.now();
      const res = await fetch(`${url}/api/posts/save`, {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${m.token}`, "idempotency-key": sent.key },
      });
      await res.arrayBuffer();
      return {
        status: res.status,
        retryAfter: res.headers.get("retry-after"),
        ms: performance.now() - started,
      };
    }),
  );
  const ok = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status === 503);
  const others = answers.length - ok.length - refused.length;
  const retryAfters = refused.map((a) => Number(a.retryAfter));
  const withoutRetryAfter = retryAfters.filter((s) => !(s >= 1)).length;
  const stored = await postsBy(db, members);
  console.log(
    `${CROWD} members at once: ${ok.length} answered 200 (p50 ${ms(
      percentile(
        ok.map((a) => a.ms),
        50,
      ),
    )}, last ${ms(Math.max(...ok.map((a) => a.ms)))}), ${refused.length} answered 503 in p50 ${ms(
      percentile(
        refused.map((a) => a.ms),
        50,
      ),
    )} with Retry-After ${refused.length ? `${Math.min(...retryAfters)}-${Math.max(...retryAfters)} s` : "(none refused)"}, ${others} other; ${stored} posts stored`,
  );
  return (
    target("posts stored beyond those answered 200", stored - ok.length, 0, others, "posts") &&
    target("503s without a Retry-After", withoutRetryAfter, 0, 0, "answers")
  );
}

export async function queuePart(options: ReviewsOptions): Promise<boolean> {
  console.log("\n## The write queue: its cost, a burst beside a single post, a crowd past its cap");
  const cost = await overhead();
  const work = workCopy(options);
  const db = createClient({ url: work.databaseUrl });
  const catalogue = await readCatalogue(db);
  const pairs = await createPosters(db, 2 * (BURST_ROUNDS + 1), "q");
  const many = await createPosters(db, CROWD, "c");
  const server = await serve(work);
  try {
    const fair = await burst(server.url, catalogue, pairs);
    const capped = await crowd(server.url, db, catalogue, many);
    return cost && fair && capped;
  } finally {
    db.close();
    await stopServer(server);
    rmSync(work.dataDir, { recursive: true, force: true });
  }
}
