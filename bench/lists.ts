// npm run bench -- --lists [--scale N --data-dir DIR]
// Issue 32's "fast at scale", through the Node entry as production runs it (only HTTP is timed):
// on a copy of the seeded database, a member with a list of 500 items (GET /api/lists/{id}, by
// added date and by distance) who follows 1,000 reviewers, and the friend signal of the item
// most of them reviewed and saved (GET /api/items/dish/{id}/following) and of a page of 20
// cards. Requests go one at a time, in slices alternating with the bare node:http baseline
// answering the list's bytes. Target at scale 100: p99 <= 10 ms for the list and the signal.
import { rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import {
  measureSequential,
  migratedCopy,
  printSequentialRows,
  startApp,
  startBaseline,
  type SequentialRow,
} from "./harness.ts";
import { benchToken, inChunks, insertPeople } from "./seed-people.ts";

export interface ListsOptions {
  dataDir: string;
  databaseUrl: string;
}

const SECRET = "bench-lists-secret-bench-lists-secret-01234";
const ITEMS = 500;
const FOLLOWS = 1_000;
const TARGET_MS = 10;

/** The member, their 500-item list, their 1,000 follows, each of whom reviewed and saved one dish. */
async function buildWorld(databaseUrl: string) {
  const db = createClient({ url: databaseUrl });
  try {
    const now = Date.now();
    const [me] = (await insertPeople(db, [{ username: "bench_lists", name: "Bench lists" }], now)) as [number];
    // The most prolific reviewers: they are the people a keen member follows.
    const people = (
      await db.execute({
        sql: "SELECT author_id AS id FROM posts GROUP BY author_id ORDER BY count(*) DESC LIMIT ?",
        args: [FOLLOWS],
      })
    ).rows.map((r) => Number(r.id));
    const dish = Number(
      (await db.execute("SELECT dish_id AS id FROM posts WHERE dish_id IS NOT NULL GROUP BY dish_id ORDER BY count(*) DESC LIMIT 1")).rows[0]!.id,
    );
    const dishes = (await db.execute({ sql: "SELECT id FROM dishes ORDER BY id LIMIT ?", args: [ITEMS] })).rows.map((r) => Number(r.id));
    const statements = [
      {
        sql: "INSERT INTO lists (owner_id, name, visibility, link_token, created_at) VALUES (?, 'Bench 500', 'public', 'bench-lists-token-0000000000', ?)",
        args: [me, now],
      },
      ...people.map((id, i) => ({
        sql: "INSERT OR IGNORE INTO follows (follower_id, following_id, created_at) VALUES (?, ?, ?)",
        args: [me, id, now - i],
      })),
      ...people.map((id) => ({
        sql: "INSERT OR IGNORE INTO lists (owner_id, system, name, visibility, link_token, created_at) VALUES (?, 'want', 'Want to try', 'followers', 'bench-want-' || ?, ?)",
        args: [id, id, now],
      })),
      ...people.map((id, i) => ({
        sql: "INSERT OR IGNORE INTO list_items (list_id, owner_id, item_kind, item_id, note, added_at) SELECT id, owner_id, 'dish', ?, '', ? FROM lists WHERE owner_id = ? AND system = 'want'",
        args: [dish, now - i, id],
      })),
    ];
    await inChunks(db, statements);
    const listId = Number((await db.execute("SELECT id FROM lists WHERE link_token = 'bench-lists-token-0000000000'")).rows[0]!.id);
    await inChunks(
      db,
      dishes.map((id, i) => ({
        sql: "INSERT INTO list_items (list_id, owner_id, item_kind, item_id, note, added_at) VALUES (?, ?, 'dish', ?, 'A note of a few words', ?)",
        args: [listId, me, id, now - i],
      })),
    );
    return { me, listId, dish, cards: dishes.slice(0, 20), token: await benchToken(me, SECRET) };
  } finally {
    db.close();
  }
}

export async function runLists(options: ListsOptions): Promise<void> {
  console.log("Copying and migrating the seeded database…");
  const work = await migratedCopy(options.databaseUrl, "lists");
  const world = await buildWorld(work.databaseUrl);
  const server = await startApp({ ...work, env: { JWT_SECRET: SECRET, SITE_REFRESH_MINUTES: "0" } });
  let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined;
  try {
    const api = `${server.url}/api`;
    const headers = { authorization: `Bearer ${world.token}` };
    const list = await fetch(`${api}/lists/${world.listId}`, { headers });
    const body = (await list.json()) as { data: { items: unknown[] } };
    if (list.status !== 200 || body.data.items.length !== ITEMS) throw new Error(`the list answered ${list.status}`);
    const bodyFile = join(work.dataDir, "baseline-body.json");
    writeFileSync(bodyFile, JSON.stringify(body));
    baseline = await startBaseline(bodyFile);
    const servers = { pid: server.process.pid, baselineUrl: baseline.url, baselinePid: baseline.process.pid };
    const target = { percentile: 99, ms: TARGET_MS } as const;
    const rows: SequentialRow[] = [];
    console.log(`host load (1, 5, 15 min): ${loadavg().map((l) => l.toFixed(2)).join(", ")}\n`);
    rows.push(await measureSequential(`list of ${ITEMS} items, by added date`, `${api}/lists/${world.listId}`, headers, servers, target));
    rows.push(
      await measureSequential(
        `list of ${ITEMS} items, by distance`,
        `${api}/lists/${world.listId}?sort=distance&lat=51.513&lng=-0.134`,
        headers,
        servers,
        target,
      ),
    );
    rows.push(
      await measureSequential(
        `friend signal, ${FOLLOWS} follows`,
        `${api}/items/dish/${world.dish}/following`,
        headers,
        servers,
        target,
      ),
    );
    rows.push(
      await measureSequential(
        "friend signal, 20 cards",
        `${api}/items/following?kind=dish&ids=${world.cards.join(",")}`,
        headers,
        servers,
      ),
    );
    printSequentialRows(rows, `the bytes of the ${ITEMS}-item list`);
    console.log(`host load after (1, 5, 15 min): ${loadavg().map((l) => l.toFixed(2)).join(", ")}`);
  } finally {
    server.process.kill();
    baseline?.process.kill();
    // The copy is the size of the seeded database (2 GB at scale 100).
    rmSync(work.dataDir, { recursive: true, force: true });
  }
}
