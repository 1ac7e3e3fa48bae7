// npm run bench -- --moderation [--scale N --data-dir DIR]
// Issue 21's "Benchmark": the moderation queue's first page with 10,000 open reports answers in
// under 50 ms p95 on the Node entry. On a migrated copy of the seeded database (scale 100 by
// the issue; the seeded one is reused), 10,000 open reports of reviews, comments and people
// from 2,000 reporters are written in bulk (their triggers open the queue's items, as for any
// report), a moderator is granted through the `npm run moderator` code, and GET
// /api/moderation/queue is timed: the first page, the first page by kind and by reason, and the
// second page by cursor. Requests go one at a time, in slices alternating with the bare
// node:http baseline answering the bytes of the first page, as bench/social.ts does; each
// figure is printed beside its target with PASS or MISS. The queue page's query plans are
// printed first (EXPLAIN QUERY PLAN). Figures: docs/perf/moderation.md.
import { rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { createClient, type Client, type InStatement } from "@libsql/client";
import { sql } from "drizzle-orm";
import { REPORT_REASON_IDS } from "../src/domain/report-reasons.ts";
import { queuePageQuery } from "../src/server/api/db/queries/moderation-items.ts";
import { openDatabase } from "../src/server/api/db/node-client.ts";
import { runModeratorCommand } from "../src/server/api/services/moderator-command.ts";
import {
  measureSequential,
  migratedCopy,
  printSequentialRows,
  startApp,
  startBaseline,
  type SequentialRow,
} from "./harness.ts";
import { benchToken, inChunks, insertPeople } from "./seed-people.ts";

export interface ModerationOptions {
  dataDir: string;
  databaseUrl: string;
}

const SECRET = "bench-moderation-secret-bench-moderation-0123";
const REPORTS = 10_000;
const REPORTERS = 2_000;
/** Each target is reported by this many people, so 5,000 open items hold the 10,000 reports. */
const REPORTS_PER_TARGET = 2;
/** Of the 5,000 targets: reviews, comments and people (comments and people fall back to reviews). */
const TARGETS = { review: 3_000, comment: 1_250, user: 750 } as const;
/** The reports arrive over the last three days, so the queue's oldest are from all three kinds. */
const SPREAD_MS = 3 * 24 * 60 * 60 * 1000;
/** Issue 21: the queue's first page under 50 ms p95 at scale 100 with 10,000 open reports. */
const TARGET_P95_MS = 50;

const ids = async (db: Client, query: string, args: number[]) =>
  (await db.execute({ sql: query, args })).rows.map((row) => Number(row.id));

/**
 * The reporters, then REPORTS reports: each target reported by REPORTS_PER_TARGET different
 * reporters with reasons spread over the report reasons, at times spread over three days.
 * Returns the moderator's id.
 */
async function writeReports(
  databaseUrl: string,
  now: number,
): Promise<{ moderatorId: number; kinds: Record<string, number> }> {
  const db = createClient({ url: databaseUrl });
  try {
    const reporterPeople = Array.from({ length: REPORTERS }, (_, i) => ({
      username: `bench_reporter_${i}`,
      email: `bench.reporter.${i}@bench.invalid`,
      createdAt: now - SPREAD_MS * 2,
    }));
    const [moderatorId, ...reporters] = await insertPeople(
      db,
      [{ username: "bench_moderator", email: "bench.moderator@bench.invalid" }, ...reporterPeople],
      now,
    );
    const comments = await ids(db, "SELECT id FROM comments ORDER BY id DESC LIMIT ?", [TARGETS.comment]);
    const people = await ids(
      db,
      "SELECT id FROM users WHERE email NOT LIKE '%@bench.invalid' ORDER BY id LIMIT ?",
      [TARGETS.user],
    );
    const reviewCount = TARGETS.review + (TARGETS.comment - comments.length) + (TARGETS.user - people.length);
    const reviews = await ids(
      db,
      "SELECT id FROM posts WHERE review_group_id IS NULL ORDER BY id DESC LIMIT ?",
      [reviewCount],
    );
    // Interleaved, so the oldest open items (the first page) hold every kind.
    const targets: { kind: "review" | "comment" | "user"; id: number }[] = [];
    const lists = [
      reviews.map((id) => ({ kind: "review" as const, id })),
      comments.map((id) => ({ kind: "comment" as const, id })),
      people.map((id) => ({ kind: "user" as const, id })),
    ];
    for (let i = 0; targets.length < REPORTS / REPORTS_PER_TARGET; i++) {
      const list = lists[i % 3]!;
      const next = list.shift();
      if (next) targets.push(next);
      else if (lists.every((l) => l.length === 0))
        throw new Error("not enough reviews, comments and people to report");
    }
    const reports: InStatement[] = [];
    targets.forEach((target, j) => {
      for (let k = 0; k < REPORTS_PER_TARGET; k++) {
        const reporter = reporters[(j * REPORTS_PER_TARGET + k) % reporters.length]!;
        const reason = REPORT_REASON_IDS[(j * 7 + k * 3) % REPORT_REASON_IDS.length]!;
        const at = now - SPREAD_MS + Math.floor((j * SPREAD_MS) / targets.length) + k * 1000;
        const note = `Bench report ${j}.${k}`;
        reports.push(
          target.kind === "review"
            ? {
                sql: "INSERT INTO review_reports (post_id, reporter_id, reason, note, created_at) VALUES (?, ?, ?, ?, ?)",
                args: [target.id, reporter, reason, note, at],
              }
            : target.kind === "comment"
              ? {
                  sql: "INSERT INTO comment_reports (comment_id, reporter_id, reason, note, created_at) VALUES (?, ?, ?, ?, ?)",
                  args: [target.id, reporter, reason, note, at],
                }
              : {
                  sql: "INSERT INTO user_reports (target_id, reporter_id, reason, note, created_at) VALUES (?, ?, ?, ?, ?)",
                  args: [target.id, reporter, reason, note, at],
                },
        );
      }
    });
    await inChunks(db, reports);
    const kinds = Object.fromEntries(
      (
        await db.execute(
          "SELECT kind, count(*) AS n FROM moderation_items WHERE state = 'open' GROUP BY kind",
        )
      ).rows.map((row) => [String(row.kind), Number(row.n)]),
    );
    return { moderatorId: moderatorId!, kinds };
  } finally {
    db.close();
  }
}

/** The moderator, granted as `npm run moderator -- add` does; then the queue page's plans. */
async function grantAndExplain(databaseUrl: string, moderatorId: number, now: number): Promise<void> {
  const { db, client } = await openDatabase(databaseUrl);
  try {
    const granted = await runModeratorCommand(db, ["add", "bench.moderator@bench.invalid"], now);
    if (!granted.ok) throw new Error(granted.message);
    console.log(granted.message);
    const filters = [
      ["first page", {}],
      ["kind=comment", { kind: "comment" as const }],
      ["reason=harassment", { reason: "harassment" }],
      ["kind=review&reason=spam-or-fake", { kind: "review" as const, reason: "spam-or-fake" }],
    ] as const;
    console.log("\nQuery plans of the queue page (EXPLAIN QUERY PLAN):");
    for (const [name, filter] of filters) {
      const plan = await db.all<{ detail: string }>(
        sql`EXPLAIN QUERY PLAN ${queuePageQuery({ ...filter, moderatorId, limit: 21 })}`,
      );
      console.log(`  ${name}: ${plan.map((row) => row.detail).join("; ")}`);
    }
  } finally {
    client.close();
  }
}

export async function runModeration(options: ModerationOptions): Promise<void> {
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(", ");
  console.log(`Load average at the start: ${load()}`);
  console.log("Copying and migrating the seeded database…");
  const work = await migratedCopy(options.databaseUrl, "moderation");
  let server: Awaited<ReturnType<typeof startApp>> | undefined;
  let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined;
  try {
    const now = Date.now();
    const started = performance.now();
    const { moderatorId, kinds } = await writeReports(work.databaseUrl, now);
    console.log(
      `${REPORTS} open reports from ${REPORTERS} reporters written in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
        `open items by kind: ${JSON.stringify(kinds)}`,
    );
    await grantAndExplain(work.databaseUrl, moderatorId, now);
    server = await startApp({ ...work, env: { JWT_SECRET: SECRET, SITE_REFRESH_MINUTES: "0" } });
    const token = await benchToken(moderatorId, SECRET);
    const headers = { authorization: `Bearer ${token}` };
    const queue = `${server.url}/api/moderation/queue`;
    const first = await fetch(queue, { headers });
    const firstBody = await first.text();
    const page = JSON.parse(firstBody) as { data?: { items: unknown[]; nextCursor: string | null } };
    if (first.status !== 200 || !page.data || page.data.items.length === 0)
      throw new Error(`the queue answered ${first.status}: ${firstBody.slice(0, 300)}`);
    const bodyFile = join(work.dataDir, "baseline-body.json");
    writeFileSync(bodyFile, firstBody);
    baseline = await startBaseline(bodyFile);
    console.log(`\nThe first page: ${page.data.items.length} items, ${firstBody.length} bytes\n`);

    const servers = { pid: server.process.pid, baselineUrl: baseline.url, baselinePid: baseline.process.pid };
    const rows: SequentialRow[] = [];
    const target = { percentile: 95, ms: TARGET_P95_MS } as const;
    const row = async (name: string, url: string) =>
      rows.push(await measureSequential(name, url, headers, servers, target));
    await row("queue, first page", queue);
    await row("queue, first page, kind=review", `${queue}?kind=review`);
    await row("queue, first page, kind=comment", `${queue}?kind=comment`);
    await row("queue, first page, kind=user", `${queue}?kind=user`);
    await row("queue, first page, reason=harassment", `${queue}?reason=harassment`);
    await row(
      "queue, first page, kind=review&reason=spam-or-fake",
      `${queue}?kind=review&reason=spam-or-fake`,
    );
    await row("queue, second page by cursor", `${queue}?cursor=${page.data.nextCursor}`);
    const ok = printSequentialRows(rows, "the bytes of the queue's first page", 44);
    console.log(`Load average at the end: ${load()}`);
    console.log(
      ok ? "\nEvery target met." : "\nA target was missed: see the plans above and docs/perf/moderation.md.",
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    baseline?.process.kill();
    server?.process.kill();
    rmSync(work.dataDir, { recursive: true, force: true });
  }
}
