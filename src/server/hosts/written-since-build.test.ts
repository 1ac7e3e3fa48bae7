import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { servedBuildStart, writtenSinceBuild } from "./written-since-build.ts";

let base: string;
const problems: unknown[] = [];
const log = (_message: string, error: unknown) => void problems.push(error);

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "written-since-build-"));
  problems.length = 0;
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe("the writes the served build does not hold (issue 30)", () => {
  it("outlive the process: a restart reads what the last one recorded, a line cut short aside", () => {
    const siteDir = join(base, "dist");
    const first = writtenSinceBuild(siteDir, log);
    first.record({ at: 1000, changes: { dishIds: [7], restaurantIds: [3], offers: [] } });
    first.record({ at: 2000, changes: { dishIds: [], restaurantIds: [4], offers: [{ id: 5, restaurantId: 4 }] } });
    // A crash while appending.
    appendFileSync(`${siteDir}.written`, '{"at":3000,"changes":{"dishIds":[');

    const restarted = writtenSinceBuild(siteDir, log);
    expect(restarted.since(-Infinity)).toEqual([
      { at: 1000, changes: { dishIds: [7], restaurantIds: [3], offers: [] } },
      { at: 2000, changes: { dishIds: [], restaurantIds: [4], offers: [{ id: 5, restaurantId: 4 }] } },
    ]);
    // A build that started after the first write holds it.
    expect(restarted.since(1500).map((w) => w.at)).toEqual([2000]);
    expect(problems).toEqual([]);
  });

  it("forget what a swapped-in build holds, and keep a write it may not", () => {
    const siteDir = join(base, "dist");
    const written = writtenSinceBuild(siteDir, log);
    written.record({ at: 1000, changes: { dishIds: [7] } });
    written.record({ at: 2000, changes: { dishIds: [8] } });
    written.keepFrom(2000);
    expect(written.since(-Infinity)).toEqual([{ at: 2000, changes: { dishIds: [8] } }]);
    expect(readFileSync(`${siteDir}.written`, "utf8").trim().split("\n")).toHaveLength(1);
    // A start with nothing recorded leaves no file beside the site.
    writtenSinceBuild(join(base, "other"), log).keepFrom(5000);
    expect(existsSync(join(base, "other.written"))).toBe(false);
  });

  it("start from the time in the served folder's name; any other folder counts every write", () => {
    const folder = join(base, "dist-1764151200000");
    mkdirSync(folder);
    symlinkSync("dist-1764151200000", join(base, "dist"));
    expect(servedBuildStart(join(base, "dist"))).toBe(1764151200000);
    mkdirSync(join(base, "plain"));
    expect(servedBuildStart(join(base, "plain"))).toBe(-Infinity);
    expect(servedBuildStart(join(base, "missing"))).toBe(-Infinity);
  });
});
