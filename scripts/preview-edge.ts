// npm run preview:edge [-- --scale N] [-- --env-file FILE]
// A local replica of production: the site built as for Cloudflare Pages, run by
// `wrangler pages dev` in workerd on PORT (default 8788) with the local bindings wrangler
// provides: a D1 database (drizzle's D1 driver, the same migrations, the seeded rows) and an
// R2 bucket holding the seed's images. Settings come from .dev.vars (.dev.vars.example), or
// the --env-file given, or else development settings it makes itself (preview-edge-settings.ts). Everything lives in .wrangler/preview-edge/ (git ignores it); delete
// it to start again.
//
// The seed runs on a libSQL file, as for Node (it inserts thousands of rows per statement,
// beyond D1's 100 bound parameters), and its rows are copied into D1 one statement per row.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs, parseEnv } from "node:util";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/d1/migrator";
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import { databaseFromD1, type D1DatabaseLike } from "../src/server/api/db/d1-client.ts";
import { openDatabase } from "../src/server/api/db/node-client.ts";
import type { R2BucketLike } from "../src/server/api/files/r2-file-storage.ts";
import { previewSettings } from "./preview-edge-settings.ts";

const ROOT = resolve(import.meta.dirname, "..");
const WORK = join(ROOT, ".wrangler/preview-edge");
const DATA_DIR = join(WORK, "data");
// Outside the project: built inside it, at this depth, the prerender chunks look for the
// migrations folder relative to themselves and miss it.
const SITE_DIR = join(tmpdir(), "dishcovery-preview-edge", "dist");
const STATE = join(WORK, "state");

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "0.1" },
    "env-file": { type: "string" },
  },
});
const port = Number(process.env.PORT ?? 8788);
const origin = `http://127.0.0.1:${port}`;

function run(label: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`preview:edge: ${label} failed (exit ${result.status})`);
    process.exit(1);
  }
  console.log(`preview:edge: ${label} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Tables whose rows are copied: not SQLite's, not the migrations' log, not FTS5 tables or their
 * shadow tables, and not the tables triggers fill (feed_entries; the search tables too): D1
 * runs the same triggers as the rows they derive from are copied, so copying them too would
 * insert every row twice.
 */
function isCopied(
  name: string,
  createSql: string,
  virtualTables: string[],
  triggerFilled: Set<string>,
): boolean {
  if (name.startsWith("sqlite_") || name.startsWith("_cf_") || name === "__drizzle_migrations") return false;
  if (/^CREATE VIRTUAL TABLE/i.test(createSql) || triggerFilled.has(name)) return false;
  return !virtualTables.some((fts) => name.startsWith(`${fts}_`));
}

/** The tables some trigger inserts into. */
function tablesTriggersFill(triggerSql: string[]): Set<string> {
  const filled = new Set<string>();
  for (const sql of triggerSql)
    for (const match of sql.matchAll(/\bINSERT\s+(?:OR\s+\w+\s+)?INTO\s+["`]?(\w+)/gi)) filled.add(match[1]!);
  return filled;
}

// D1 allows 100 bound parameters per statement; one row per statement, many per batch.
const ROWS_PER_BATCH = 200;

interface D1Binding extends D1DatabaseLike {
  prepare(query: string): { bind(...values: unknown[]): unknown };
}

async function copyRowsToD1(d1: D1Binding) {
  const { client } = await openDatabase(`file:${join(DATA_DIR, "dishcovery.db")}`);
  try {
    const tables = (
      await client.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
    ).rows;
    const virtualTables = tables
      .filter((t) => /^CREATE VIRTUAL TABLE/i.test(String(t.sql)))
      .map((t) => String(t.name));
    const triggers = (await client.execute("SELECT sql FROM sqlite_master WHERE type = 'trigger'")).rows;
    const triggerFilled = tablesTriggersFill(triggers.map((t) => String(t.sql)));
    const copied = tables
      .filter((t) => isCopied(String(t.name), String(t.sql), virtualTables, triggerFilled))
      .map((t) => String(t.name));
    // Parents before the tables that point at them (migrations that rebuild a table move it
    // to the end of sqlite_master, so creation order is not enough).
    const ordered: string[] = [];
    const visit = async (name: string, path: string[]) => {
      if (ordered.includes(name) || path.includes(name)) return;
      const parents = (await client.execute(`PRAGMA foreign_key_list("${name}")`)).rows.map((r) =>
        String(r.table),
      );
      for (const parent of parents)
        if (parent !== name && copied.includes(parent)) await visit(parent, [...path, name]);
      ordered.push(name);
    };
    for (const name of copied) await visit(name, []);
    for (const name of ordered) {
      const rows = (await client.execute(`SELECT * FROM "${name}"`)).rows;
      if (rows.length === 0) continue;
      const columns = Object.keys(rows[0]!).filter((c) => c !== "length");
      const insert = `INSERT INTO "${name}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
      for (let start = 0; start < rows.length; start += ROWS_PER_BATCH) {
        const statements = rows.slice(start, start + ROWS_PER_BATCH).map((row) =>
          d1.prepare(insert).bind(
            ...columns.map((c) => {
              const value = row[c];
              return value instanceof ArrayBuffer
                ? new Uint8Array(value)
                : typeof value === "bigint"
                  ? Number(value)
                  : value;
            }),
          ),
        );
        // Rows of a table may point at later rows of the same table (a reply at its comment).
        await d1.batch([d1.prepare("PRAGMA defer_foreign_keys = ON"), ...statements]);
      }
      console.log(`preview:edge: D1 ${name}: ${rows.length} rows`);
    }
  } finally {
    client.close();
  }
}

async function copyImagesToR2(bucket: R2BucketLike) {
  const folder = join(DATA_DIR, "files");
  if (!existsSync(folder)) return 0;
  const { client } = await openDatabase(`file:${join(DATA_DIR, "dishcovery.db")}`);
  try {
    const types = new Map(
      (await client.execute("SELECT name, content_type FROM files")).rows.map((r) => [
        String(r.name),
        String(r.content_type),
      ]),
    );
    let copied = 0;
    for (const name of readdirSync(folder)) {
      const contentType = types.get(name) ?? "application/octet-stream";
      await bucket.put(name, new Uint8Array(readFileSync(join(folder, name))), {
        httpMetadata: { contentType },
      });
      copied++;
    }
    return copied;
  } finally {
    client.close();
  }
}

/** Migrates the local D1 database and fills it and the local R2 bucket, once. */
async function fillLocalBindings() {
  const proxy = await getPlatformProxy<{ DB: D1Binding; FILES: R2BucketLike }>({
    configPath: join(ROOT, "wrangler.toml"),
    persist: { path: join(STATE, "v3") },
    remoteBindings: false,
    envFiles: [],
  });
  try {
    const { DB, FILES } = proxy.env;
    await migrate(drizzle(DB as never), { migrationsFolder: join(ROOT, "drizzle") });
    const db = databaseFromD1(DB);
    const [seeded] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM restaurants`);
    if ((seeded?.n ?? 0) === 0) {
      await copyRowsToD1(DB);
      console.log(`preview:edge: R2 ${await copyImagesToR2(FILES)} images`);
    }
  } finally {
    await proxy.dispose();
  }
}

const buildEnv = { DATA_DIR, PUBLIC_ORIGIN: origin, DATABASE_URL: "" };
run("seed", ["scripts/db-seed.ts", "--scale", values.scale!], buildEnv);
run("build", [join(ROOT, "node_modules/astro/bin/astro.mjs"), "build", "--outDir", SITE_DIR], buildEnv);
await fillLocalBindings();

const settings = previewSettings(ROOT, WORK, values["env-file"]);
if (settings.source === "generated") {
  console.log(
    settings.created
      ? `preview:edge: no .dev.vars, so development settings with a new local secret were written to ${settings.file} (the outbox keeps mail: GET /api/dev/outbox). Copy .dev.vars.example to .dev.vars to choose your own.`
      : `preview:edge: no .dev.vars: using the development settings in ${settings.file} (the outbox keeps mail).`,
  );
}
const envFile = settings.source === "dev.vars" ? undefined : settings.file;
// `wrangler pages dev` accepts --env-file but ignores it (wrangler 4.164 passes no env files
// to its dev server), so the file's settings go in as bindings; wrangler prints them hidden.
const envBindings = envFile
  ? Object.entries(parseEnv(readFileSync(resolve(envFile), "utf8"))).flatMap(([name, value]) =>
      name === "PUBLIC_ORIGIN" ? [] : ["--binding", `${name}=${value}`],
    )
  : [];
const wrangler = spawn(
  process.execPath,
  [
    join(ROOT, "node_modules/wrangler/bin/wrangler.js"),
    "pages",
    "dev",
    SITE_DIR,
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    STATE,
    "--show-interactive-dev-session=false",
    "--binding",
    `PUBLIC_ORIGIN=${origin}`,
    ...envBindings,
  ],
  { cwd: ROOT, stdio: "inherit" },
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => wrangler.kill(signal));
wrangler.on("exit", (code) => process.exit(code ?? 0));
