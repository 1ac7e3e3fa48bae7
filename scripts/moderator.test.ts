// npm run moderator against a folder with no database: a clear refusal, never a stack trace,
// and no empty database left behind for the next command to find.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = new URL("..", import.meta.url).pathname;
const folder = mkdtempSync(join(tmpdir(), "moderator-cli-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function moderator(env: Record<string, string>, ...args: string[]) {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...rest } = process.env;
  return spawnSync(process.execPath, ["scripts/moderator.ts", ...args], {
    cwd: ROOT,
    env: { ...rest, ...env },
    encoding: "utf8",
  });
}

describe("npm run moderator", () => {
  it("refuses a data folder with no database, saying so, and creates nothing", () => {
    const dataDir = join(folder, "empty");
    const run = moderator({ DATA_DIR: dataDir }, "add", "mod@example.com");
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/No Dishcovery database at .*dishcovery\.db.*Nothing changed\./s);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(dataDir, "dishcovery.db"))).toBe(false);
  });

  it("refuses a database that was never migrated, without a stack trace", () => {
    const file = join(folder, "blank.db");
    spawnSync(process.execPath, ["-e", `require("node:fs").writeFileSync(${JSON.stringify(file)}, "")`]);
    const run = moderator({ DATABASE_URL: `file:${file}` }, "add", "mod@example.com");
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/no Dishcovery tables yet/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
