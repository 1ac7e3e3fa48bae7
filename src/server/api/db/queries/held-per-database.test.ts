// heldPerDatabase keeps areas, regions and tags for the life of a database object, which is
// right only while nothing the server runs writes them. This holds the code to that: a new
// route, query or trigger that inserts, renames or deletes one of them fails here, and must
// then call forgetHeld (or stop holding that table).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../../../../../", import.meta.url).pathname;
const HELD = ["areas", "regions", "tags"];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(dir, name));
}

/** Lines of `text` that write one of the held tables, by drizzle or by SQL. */
function writesToHeld(text: string): string[] {
  const table = `(${HELD.join("|")})`;
  const patterns = [
    new RegExp(`\\.(insert|update|delete)\\(\\s*${table}\\s*\\)`),
    new RegExp(
      `\\b(INSERT\\s+(OR\\s+\\w+\\s+)?INTO|UPDATE|DELETE\\s+FROM)\\s+[\`"]?${table}[\`"]?[\\s(]`,
      "i",
    ),
  ];
  return text.split("\n").filter((line) => patterns.some((pattern) => pattern.test(line)));
}

describe("the tables held per database", () => {
  it("are written by no code the server runs: not the API, the pages, the hosts or the Functions", () => {
    // The seed and the test fixture write them into databases of their own (the header of
    // held-per-database.ts); everything else must not.
    const served = [...sourceFiles("src/server"), ...sourceFiles("functions")].filter(
      (path) => !path.startsWith("src/server/api/testing/"),
    );
    expect(served.length).toBeGreaterThan(100);
    const writers = served.flatMap((path) =>
      writesToHeld(readFileSync(join(ROOT, path), "utf8")).map((line) => `${path}: ${line.trim()}`),
    );
    expect(writers).toEqual([]);
  });

  it("are written by no trigger, which would change them while the server holds them", () => {
    const migrations = readdirSync(join(ROOT, "drizzle")).filter((name) => name.endsWith(".sql"));
    let triggers = 0;
    const triggerWriters = migrations.flatMap((name) => {
      const found =
        readFileSync(join(ROOT, "drizzle", name), "utf8").match(/CREATE TRIGGER[\s\S]*?\bEND\b/gi) ?? [];
      triggers += found.length;
      return found.flatMap((trigger) =>
        writesToHeld(trigger).map((line) => `drizzle/${name}: ${line.trim()}`),
      );
    });
    expect(triggers).toBeGreaterThan(50);
    expect(triggerWriters).toEqual([]);
  });

  it("would be caught: the check finds a drizzle write and a SQL write", () => {
    expect(writesToHeld("await db.update(tags).set({ name })")).toHaveLength(1);
    expect(writesToHeld("sql`INSERT INTO areas (name) VALUES (${name})`")).toHaveLength(1);
    expect(writesToHeld("sql`DELETE FROM regions WHERE id = 1`")).toHaveLength(1);
    expect(writesToHeld("db.update(dishTags).set({})\nSELECT * FROM tags")).toEqual([]);
  });
});
