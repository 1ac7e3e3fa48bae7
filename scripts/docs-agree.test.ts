// The docs say what the code and migrations are (issue 34, "Docs that agree"): every decision
// record has a status, README's folder tree names every trigger and every hand-written
// migration, and the Functions bundle budget is stated in scripts/deploy.ts only.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabaseCopy } from "../src/server/api/db/node-client.ts";
import { migratedTemplate } from "../src/server/api/testing/templates.ts";

const ROOT = resolve(import.meta.dirname, "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const README = read("README.md");

/** README's folder-tree entry for drizzle/: its line and the indented lines under it. */
function drizzleEntry(): string {
  const lines = README.split("\n");
  const start = lines.findIndex((line) => line.startsWith("drizzle/"));
  const end = lines.findIndex((line, i) => i > start && /^\S/.test(line));
  return lines.slice(start, end).join("\n");
}

/** Migrations drizzle-kit generated with --custom: their snapshot is the previous one's. */
function handWrittenMigrations(): string[] {
  const meta = join(ROOT, "drizzle/meta");
  // Keys sorted: drizzle-kit does not always write them in the same order.
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, canonical(v)]))
        : value;
  const schemaOf = (tag: string) => {
    const { id: _id, prevId: _prevId, ...schema } = JSON.parse(readFileSync(join(meta, `${tag}_snapshot.json`), "utf8"));
    return JSON.stringify(canonical(schema));
  };
  const tags = readdirSync(meta)
    .filter((name) => name.endsWith("_snapshot.json"))
    .map((name) => name.slice(0, 4))
    .sort();
  return tags.filter((tag, i) => i > 0 && schemaOf(tag) === schemaOf(tags[i - 1]!));
}

describe("docs/decisions", () => {
  const records = readdirSync(join(ROOT, "docs/decisions")).filter((name) => /^\d{3}-.*\.md$/.test(name));

  it.each(records)("%s says its status, and a supersession both ways", (name) => {
    const text = read(`docs/decisions/${name}`);
    const status = /^Status: (accepted|superseded by (\d{3}))\b.*$/m.exec(text);
    expect(status, `${name} needs a "Status: accepted" or "Status: superseded by NNN" line`).not.toBeNull();
    const by = status![2];
    if (by) {
      const successor = records.find((other) => other.startsWith(`${by}-`));
      expect(successor, `${name} is superseded by ${by}, which does not exist`).toBeDefined();
      expect(read(`docs/decisions/${successor}`)).toMatch(new RegExp(`^Status: accepted; supersedes ${name.slice(0, 3)}`, "m"));
    }
  });
});

describe("README's folder tree", () => {
  it("names every hand-written (--custom) migration on drizzle/'s line", () => {
    const entry = drizzleEntry();
    const missing = handWrittenMigrations().filter((tag) => !new RegExp(`\\b${tag}\\b`).test(entry));
    expect(missing, "add them to README's drizzle/ entry").toEqual([]);
  });

  it("counts and names the triggers a migrated database has", async () => {
    const folder = mkdtempSync(join(tmpdir(), "dishcovery-docs-"));
    const { client } = await openDatabaseCopy(await migratedTemplate(), join(folder, "triggers.db"));
    try {
      const triggers = (await client.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")).rows.map(
        (row) => String(row.name),
      );
      const entry = drizzleEntry();
      expect(entry, "README's drizzle/ entry gives the number of triggers").toMatch(
        new RegExp(`triggers\\s+${triggers.length}\\b`),
      );
      // Named one by one or by a family: catalogue_search_* names every catalogue_search_ trigger.
      const named = [...entry.matchAll(/\b([a-z]+(?:_[a-z]+)*)(_\*)?/g)].map(([, name, family]) => ({ name, family }));
      const unnamed = triggers.filter(
        (trigger) => !named.some(({ name, family }) => (family ? trigger.startsWith(`${name}_`) : trigger === name)),
      );
      expect(unnamed, "name them in README's drizzle/ entry").toEqual([]);
    } finally {
      client.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("names the review pages", () => {
    for (const path of ["src/pages/review", "functions/review"]) {
      if (existsSync(join(ROOT, path))) expect(README).toContain(`${path}/`);
    }
  });
});

describe("the Functions bundle budget", () => {
  it("is stated in scripts/deploy.ts only; README, .ci/run and decision 011 point to docs/perf/edge-bundle.md", () => {
    const budget = /^const FUNCTION_GZIP_BUDGET = (\d+) \* 1024;$/m.exec(read("scripts/deploy.ts"))?.[1];
    expect(budget).toBeDefined();
    for (const path of ["README.md", ".ci/run", "docs/decisions/011-edge-and-on-demand-pages.md"]) {
      expect(read(path), path).not.toContain(`${budget} KB`);
      expect(read(path), path).toContain("docs/perf/edge-bundle.md");
    }
    expect(read("docs/perf/edge-bundle.md")).toContain("`FUNCTION_GZIP_BUDGET` in `scripts/deploy.ts`");
  });
});
