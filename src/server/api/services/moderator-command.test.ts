// npm run moderator (issue 21): the command grants and revokes roles on the database it is
// given, says what it did, and refuses unknown addresses and bad arguments, changing nothing.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type TestUser } from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { MODERATOR_USAGE, runModeratorCommand } from "./moderator-command.ts";

let t: TestApp;
let person: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  person = await createUser(t);
});
afterAll(() => t.close());

const roleOf = async (id: number) =>
  (await t.db.all<{ role: string }>(sql`SELECT role FROM users WHERE id = ${id}`))[0]!.role;

describe("npm run moderator", () => {
  it("adds a moderator, an admin, and removes the role, saying what it did", async () => {
    expect(await runModeratorCommand(t.db, ["add", person.email.toUpperCase()], 1)).toEqual({
      ok: true,
      message: `${person.email} is now a moderator (was a plain user).`,
    });
    expect(await roleOf(person.userId)).toBe("moderator");
    expect((await runModeratorCommand(t.db, ["add", "--admin", person.email], 2)).message).toBe(
      `${person.email} is now an admin (was a moderator).`,
    );
    expect(await roleOf(person.userId)).toBe("admin");
    expect((await runModeratorCommand(t.db, ["remove", person.email], 3)).message).toBe(
      `${person.email} is now a plain user (was an admin).`,
    );
    expect(await roleOf(person.userId)).toBe("user");
    const log = await t.db.all<{ action: string; actor_label: string }>(
      sql`SELECT action, actor_label FROM moderation_log WHERE target_id = ${person.userId} ORDER BY id`,
    );
    expect(log).toEqual([
      { action: "role:grant", actor_label: "cli" },
      { action: "role:grant", actor_label: "cli" },
      { action: "role:revoke", actor_label: "cli" },
    ]);
  });

  it("refuses an unknown address and bad arguments, changing nothing", async () => {
    expect(await runModeratorCommand(t.db, ["add", "nobody@example.com"], 4)).toEqual({
      ok: false,
      message: "No account has the e-mail address nobody@example.com. Nothing changed.",
    });
    for (const args of [[], ["promote", person.email], ["add"], ["remove", "--admin", person.email]]) {
      expect(await runModeratorCommand(t.db, args, 5)).toEqual({ ok: false, message: MODERATOR_USAGE });
    }
    expect(await roleOf(person.userId)).toBe("user");
  });
});
