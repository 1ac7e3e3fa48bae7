import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildStamp } from "./build-stamp.ts";

const root = mkdtempSync(join(tmpdir(), "build-stamp-"));
mkdirSync(join(root, "src"));
writeFileSync(join(root, "src", "page.astro"), "<h1>Home</h1>");
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("buildStamp", () => {
  it("tells a reader of dist/.build-stamp nothing about the server or its database", () => {
    const turso = "libsql://dishcovery-prod.turso.io?authToken=eyJhbGciOiJFZERTQSJ9.secret";
    const stamp = buildStamp(root, turso);
    expect(stamp).toMatch(/^[0-9a-f]{64}$/);
    for (const detail of ["turso", "secret", "authToken", root, "file:"]) expect(stamp).not.toContain(detail);
    expect(buildStamp(root, `file:${join(root, "data", "dishcovery.db")}`)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("changes when a source or the database changes, and only then", () => {
    const db = "file:./data/dishcovery.db";
    const first = buildStamp(root, db);
    expect(buildStamp(root, db)).toBe(first);
    expect(buildStamp(root, "file:./other.db")).not.toBe(first);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, "src", "page.astro"), later, later);
    expect(buildStamp(root, db)).not.toBe(first);
  });

  it("changes with the origin, so a start on another port rebuilds its canonical links", () => {
    const db = "file:./data/dishcovery.db";
    expect(buildStamp(root, db, "http://localhost:5050")).not.toBe(buildStamp(root, db, "http://localhost:4321"));
  });
});
