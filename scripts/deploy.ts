// npm run deploy [-- --upload-images] [-- --dry-run]
// One command from a clean checkout to Cloudflare Pages (README "Deploy"): applies the
// migrations to the production database, builds the site with the production origin from that
// database, and runs `wrangler pages deploy`. --upload-images also puts the seed's images
// (DATA_DIR/files) into the R2 bucket. --dry-run only bundles the Functions as a deploy would
// (`wrangler pages functions build --minify`, offline), prints their size and largest inputs,
// and fails when the bundle is over its budget: CI runs it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

const ROOT = resolve(import.meta.dirname, "..");
const WRANGLER = join(ROOT, "node_modules/wrangler/bin/wrangler.js");
/**
 * The Function bundle's JavaScript budget, gzip: over it the dry run, and so CI, fails. The
 * one place in the code the number is; docs/perf/edge-bundle.md, the one page of the docs
 * that states it, says why it is this number, what it was before and what the bundle holds.
 * The .wasm modules are separate modules of the Worker, printed on their own.
 */
const FUNCTION_GZIP_BUDGET = 385 * 1024;
/** How many of the bundle's largest inputs the dry run names. */
const LARGEST_INPUTS = 5;
const PLACEHOLDER_D1_ID = "00000000-0000-0000-0000-000000000000";

const { values } = parseArgs({
  options: {
    "dry-run": { type: "boolean", default: false },
    "upload-images": { type: "boolean", default: false },
  },
});

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`deploy: ${label}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`deploy: ${label} failed (exit ${result.status})`);
    process.exit(1);
  }
}

const wrangler = (label: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  run(label, process.execPath, [WRANGLER, ...args], env);

const COMPATIBILITY_DATE = /^\s*compatibility_date\s*=\s*"([^"]+)"/m.exec(
  readFileSync(join(ROOT, "wrangler.toml"), "utf8"),
)![1]!;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** A package under node_modules (scope included), or a file of ours by its path. */
function inputOwner(path: string): string {
  const at = path.lastIndexOf("node_modules/");
  if (at === -1) return path.replace(/^(\.\.\/)+/, "");
  const [first, second] = path.slice(at + "node_modules/".length).split("/");
  return first!.startsWith("@") ? `${first}/${second}` : first!;
}

interface Metafile {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

/** Minified bytes in the bundle per package or file of ours, largest first. */
function largestInputs(metafile: Metafile): [string, number][] {
  const owners = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
      const owner = inputOwner(path);
      owners.set(owner, (owners.get(owner) ?? 0) + bytesInOutput);
    }
  }
  return [...owners].sort((a, b) => b[1] - a[1]);
}

/** Bundles the Functions as a deploy does, prints their size; false when over the budget. */
function functionBundleWithinBudget(): boolean {
  const out = mkdtempSync(join(tmpdir(), "dishcovery-functions-"));
  const metafilePath = join(out, "bundle-meta.json");
  try {
    wrangler("bundle the Functions (wrangler pages functions build --minify)", [
      "pages",
      "functions",
      "build",
      "functions",
      "--minify",
      "--outdir",
      out,
      "--metafile",
      metafilePath,
      // The build command does not read wrangler.toml's flags; without this it refuses node: imports.
      "--compatibility-flags",
      "nodejs_compat",
      "--compatibility-date",
      COMPATIBILITY_DATE,
    ]);
    const files = readdirSync(out, { recursive: true, encoding: "utf8" })
      .map((name) => join(out, name))
      .filter((path) => statSync(path).isFile() && /\.(m?js)$/.test(path));
    const raw = files.reduce((sum, path) => sum + statSync(path).size, 0);
    const gzip = files.reduce((sum, path) => sum + gzipSync(readFileSync(path), { level: 9 }).length, 0);
    console.log(
      `deploy: Function bundle ${kb(raw)}, ${kb(gzip)} gzip (budget ${kb(FUNCTION_GZIP_BUDGET)} gzip)`,
    );
    const wasm = readdirSync(out, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".wasm"));
    const wasmGzip = wasm.reduce((sum, name) => sum + gzipSync(readFileSync(join(out, name)), { level: 9 }).length, 0);
    console.log(`deploy: and ${wasm.length} WebAssembly modules beside it, ${kb(wasmGzip)} gzip`);
    const metafile = JSON.parse(readFileSync(metafilePath, "utf8")) as Metafile;
    console.log(`deploy: its ${LARGEST_INPUTS} largest inputs, minified:`);
    for (const [owner, bytes] of largestInputs(metafile).slice(0, LARGEST_INPUTS)) {
      console.log(`deploy:   ${kb(bytes).padStart(7)}  ${owner}`);
    }
    if (gzip > FUNCTION_GZIP_BUDGET) {
      console.error(
        `deploy: OVER BUDGET: the Function bundle is larger than ${kb(FUNCTION_GZIP_BUDGET)} gzip: ` +
          "find what grew in the inputs above (docs/perf/edge-bundle.md)",
      );
      return false;
    }
    return true;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (!functionBundleWithinBudget()) process.exit(1);
if (values["dry-run"]) process.exit(0);

const toml = readFileSync(join(ROOT, "wrangler.toml"), "utf8");
const d1Id = /^\s*database_id\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
const usesD1 = /^\s*\[\[d1_databases\]\]/m.test(toml);
const origin = process.env.PUBLIC_ORIGIN ?? /^\s*PUBLIC_ORIGIN\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
if (!origin) {
  console.error("deploy: set PUBLIC_ORIGIN (the site's https:// address) here or in wrangler.toml [vars]");
  process.exit(1);
}
if (usesD1 && (!d1Id || d1Id === PLACEHOLDER_D1_ID)) {
  console.error(
    "deploy: wrangler.toml's D1 database_id is the local placeholder. Run `npx wrangler d1 create dishcovery` " +
      "and put its id there, or delete the [[d1_databases]] block to use Turso (DATABASE_URL).",
  );
  process.exit(1);
}
if (!process.env.DATABASE_URL) {
  console.error(
    "deploy: set DATABASE_URL (and DATABASE_AUTH_TOKEN) to the database the build reads the catalogue from: " +
      "the Turso database, or with D1 a libSQL copy of it (docs/decisions/011).",
  );
  process.exit(1);
}

if (usesD1) wrangler("apply migrations to D1", ["d1", "migrations", "apply", "DB", "--remote"]);
else run("apply migrations to Turso", process.execPath, ["scripts/db-migrate.ts"]);
run("build", process.execPath, [join(ROOT, "node_modules/astro/bin/astro.mjs"), "build"], {
  PUBLIC_ORIGIN: origin,
  NODE_ENV: "production",
});
if (values["upload-images"]) {
  const folder = join(resolve(process.env.DATA_DIR ?? "./data"), "files");
  const bucket = /^\s*bucket_name\s*=\s*"([^"]+)"/m.exec(toml)?.[1] ?? "dishcovery-files";
  for (const name of readdirSync(folder)) {
    wrangler(`upload ${name} to R2`, [
      "r2",
      "object",
      "put",
      `${bucket}/${name}`,
      "--file",
      join(folder, name),
      "--remote",
    ]);
  }
}
wrangler("deploy to Cloudflare Pages", ["pages", "deploy", "dist"]);
