// Follow-list search on a long list (issue 12 "Measured", docs/social.md): past the first
// FOLLOW_SEARCH_WINDOW rows a search goes through people_trigrams, and the answer must be the
// one reading the whole list would give: the same people, order, cursors, relations and block
// rules. Each case compares the API's answer with that list filtered here.
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEOPLE_QUERY_MAX_LENGTH, SOCIAL_MESSAGES } from "../../../domain/social-rules.ts";
import { FOLLOW_SEARCH_WINDOW, followListQueries } from "../db/queries/social-graph.ts";
import { createUser, NO_SCRYPT, sendJson, type TestUser } from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let owner: TestUser;
let viewer: TestUser;
/** The owner's followers, newest follow first: what the list shows without a search. */
let followers: Person[];
/** The people the owner follows, newest first. */
let followed: Person[];

interface Person {
  userId: number;
  username: string;
  name: string;
}

interface Entry extends Person {
  avatar: string | null;
  isFollowing: boolean;
  isFollower: boolean;
}

const FOLLOWERS = FOLLOW_SEARCH_WINDOW * 2 + 200;
const FIRST = ["Amara", "Ben", "Chloe", "Dev", "Ella", "Femi", "Grace", "Hiro", "Isla", "Jamal", "Zoë"];
const LAST = ["Adeyemi", "Baker", "Chen", "Da Silva", "Evans", "Ito", "O'Brien", "Patel", "Rossi"];
/** Every 97th follower has this surname: too rare for a page in the window, so the index answers. */
const RARE = "Quayle";

function personAt(i: number): { username: string; name: string } {
  const first = FIRST[i % FIRST.length]!;
  const last = i % 97 === 5 ? RARE : LAST[(i * 7) % LAST.length]!;
  const handle = `${first}${last}`
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase();
  return { username: `${handle}${i}`, name: `${first} ${last}` };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, NO_SCRYPT);
  viewer = await createUser(t, NO_SCRYPT);
  const start = t.clock.now();
  const people: (Person & { at: number })[] = [];
  // Straight into the tables (the follow call allows 200 a day); the triggers index names.
  await inOneBatch(
    Array.from({ length: FOLLOWERS }, (_, i) => {
      const { username } = personAt(i);
      return sql`INSERT INTO users (username, email, password_hash, email_verified, created_at)
        VALUES (${username}, ${`${username}@example.com`}, 'x', 1, ${start})`;
    }),
  );
  const ids = await t.db.all<{ id: number; username: string }>(
    sql`SELECT id, username FROM users WHERE email LIKE '%@example.com' AND id NOT IN (${owner.userId}, ${viewer.userId}) ORDER BY id`,
  );
  const writes: SQL[] = [];
  for (const [i, { id, username }] of ids.entries()) {
    const { name } = personAt(Number(username.match(/\d+$/)![0]));
    // Two followers share each time, so the user id breaks the tie in the order.
    const at = start - Math.floor(i / 2) * 1000;
    people.push({ userId: id, username, name, at });
    writes.push(sql`INSERT INTO profiles (user_id, name) VALUES (${id}, ${name})`);
    writes.push(
      sql`INSERT INTO follows (follower_id, following_id, created_at) VALUES (${id}, ${owner.userId}, ${at})`,
    );
    if (i % 2 === 0)
      writes.push(
        sql`INSERT INTO follows (follower_id, following_id, created_at) VALUES (${owner.userId}, ${id}, ${at})`,
      );
    // The viewer follows some and is followed by others, so the relations vary by row.
    if (i % 5 === 0)
      writes.push(
        sql`INSERT INTO follows (follower_id, following_id, created_at) VALUES (${viewer.userId}, ${id}, ${at})`,
      );
    if (i % 7 === 0)
      writes.push(
        sql`INSERT INTO follows (follower_id, following_id, created_at) VALUES (${id}, ${viewer.userId}, ${at})`,
      );
  }
  await inOneBatch(writes);
  const newestFirst = (a: { at: number; userId: number }, b: { at: number; userId: number }) =>
    b.at - a.at || b.userId - a.userId;
  followers = [...people].sort(newestFirst);
  followed = people.filter((_, i) => i % 2 === 0).sort(newestFirst);
}, 60_000);
afterAll(() => t.close());

async function inOneBatch(statements: SQL[]) {
  const [first, ...rest] = statements.map((statement) => t.db.run(statement));
  await t.db.batch([first!, ...rest]);
}

type Direction = "getFollower" | "getFollowing";

/** `who` null: a visitor. */
async function page(direction: Direction, query: Record<string, string>, who: TestUser | null = viewer) {
  const path = `/api/follower/${direction}/${owner.userId}?${new URLSearchParams(query)}`;
  const res = await sendJson(t, "GET", path, who ?? undefined);
  const body = (await res.json()) as {
    message: string;
    data: {
      followers?: Entry[];
      following?: Entry[];
      nextCursor: string | null;
      fields?: Record<string, string>;
    };
  };
  return { status: res.status, body, entries: body.data.followers ?? body.data.following ?? [] };
}

/** Every page of a list by cursor. */
async function all(
  direction: Direction,
  q: string | undefined,
  limit: number,
  who: TestUser | null = viewer,
) {
  const entries: Entry[] = [];
  let cursor: string | null = null;
  do {
    const answer = await page(
      direction,
      { limit: String(limit), ...(q === undefined ? {} : { q }), ...(cursor ? { cursor } : {}) },
      who,
    );
    expect(answer.status).toBe(200);
    entries.push(...answer.entries);
    cursor = answer.body.data.nextCursor;
    if (cursor) expect(answer.entries).toHaveLength(limit);
  } while (cursor);
  return entries;
}

// SQLite's lower() folds ASCII letters only (docs/social.md, "Known limits").
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

function expected(list: Person[], q: string): number[] {
  const text = q.trim().toLowerCase();
  return list
    .filter((p) => asciiLower(p.username).includes(text) || asciiLower(p.name).includes(text))
    .map((p) => p.userId);
}

describe("searching a follow list of more than a thousand people", () => {
  it("answers a text that matches nobody with an empty last page", async () => {
    for (const q of ["zzqx", "Quaylez", "baker da"]) {
      const answer = await page("getFollower", { q });
      expect(answer.status).toBe(200);
      expect(answer.entries).toEqual([]);
      expect(answer.body.data.nextCursor).toBeNull();
    }
  });

  it("finds a prefix, and a text inside a word, as reading the whole list would", async () => {
    for (const q of ["amara", "Jamal", "baker", "rabak", "sil", "e"]) {
      const found = await all("getFollower", q, 20);
      expect(
        found.map((e) => e.userId),
        q,
      ).toEqual(expected(followers, q));
      expect(found.length, q).toBeGreaterThan(0);
    }
  });

  it("matches the name or the username, whichever holds the text", async () => {
    // "da silva" (with its space) is in names only; a number only in usernames.
    const byName = await all("getFollower", "Da Silva", 50);
    expect(byName.map((e) => e.userId)).toEqual(expected(followers, "Da Silva"));
    expect(byName.every((e) => !e.username.includes("da silva") && e.name.includes("Da Silva"))).toBe(true);
    const target = followers[FOLLOWERS - 3]!;
    const number = target.username.match(/\d+$/)![0];
    const byUsername = await all("getFollower", `${number}`, 50);
    expect(byUsername.map((e) => e.userId)).toContain(target.userId);
    expect(byUsername.map((e) => e.userId)).toEqual(expected(followers, number));
    // The apostrophe, a quote and FTS5 syntax are only text.
    for (const q of ["o'brien", 'ab"c', "NEAR(a b)", "chen*", "name: baker"]) {
      expect(
        (await all("getFollower", q, 50)).map((e) => e.userId),
        q,
      ).toEqual(expected(followers, q));
    }
  });

  it("pages through rare results by cursor with the same people, order and relations as the whole list", async () => {
    const whole = new Map((await all("getFollower", undefined, 100)).map((e) => [e.userId, e]));
    expect(whole.size).toBe(FOLLOWERS);
    const rare = expected(followers, RARE);
    expect(rare.length).toBeGreaterThan(8);
    for (const limit of [1, 3, 7, 100]) {
      const found = await all("getFollower", RARE.toUpperCase(), limit);
      expect(found.map((e) => e.userId)).toEqual(rare);
      for (const entry of found) expect(entry).toEqual(whole.get(entry.userId));
    }
    // Visitors see the same people with no relations.
    const asVisitor = await all("getFollower", RARE, 5, null);
    expect(asVisitor.map((e) => e.userId)).toEqual(rare);
    expect(asVisitor.every((e) => !e.isFollowing && !e.isFollower)).toBe(true);
  });

  it("searches the other direction, the people the owner follows, the same way", async () => {
    for (const q of [RARE, "zzqx", "ito", "be"]) {
      expect(
        (await all("getFollowing", q, 6)).map((e) => e.userId),
        q,
      ).toEqual(expected(followed, q));
    }
  });

  it("leaves out people with a block either way, and follows renames", async () => {
    const rare = expected(followers, RARE);
    const [hidden, blocker, renamed] = [rare[1]!, rare[4]!, rare[6]!];
    const oldName = followers.find((p) => p.userId === renamed)!.name;
    await t.db.run(sql`INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES
      (${viewer.userId}, ${hidden}, 1), (${blocker}, ${viewer.userId}, 1)`);
    await t.db.run(sql`UPDATE profiles SET name = 'Renamed Person' WHERE user_id = ${renamed}`);
    try {
      const found = (await all("getFollower", RARE, 3)).map((e) => e.userId);
      expect(found).toEqual(rare.filter((id) => id !== hidden && id !== blocker));
      // The owner has no block with either.
      expect((await all("getFollower", RARE, 3, owner)).map((e) => e.userId)).toEqual(rare);
      // A name, with its space, is found under the new name only.
      expect((await all("getFollower", "renamed pers", 3)).map((e) => e.userId)).toEqual([renamed]);
      expect((await all("getFollower", oldName, 3)).map((e) => e.userId)).not.toContain(renamed);
    } finally {
      await t.db.run(
        sql`DELETE FROM blocks WHERE blocked_id = ${viewer.userId} OR blocker_id = ${viewer.userId}`,
      );
      await t.db.run(sql`UPDATE profiles SET name = ${oldName} WHERE user_id = ${renamed}`);
    }
  });

  it("refuses a bad search or cursor with a clear error", async () => {
    const long = await page("getFollower", { q: "a".repeat(PEOPLE_QUERY_MAX_LENGTH + 1) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain(SOCIAL_MESSAGES.peopleQueryTooLong);
    const cursor = await page("getFollower", { q: RARE, cursor: "not a cursor" });
    expect(cursor.status).toBe(400);
    expect(cursor.body.data.fields?.cursor).toBeDefined();
  });

  it("reads the trigram index first and each candidate's follow by primary key", async () => {
    const queries = followListQueries({
      viewer: viewer.userId,
      ownerId: owner.userId,
      direction: "followers",
      after: [t.clock.now(), 1],
      limit: 21,
      contains: "quayle",
    });
    const plan = async (query: ReturnType<typeof queries.throughTrigrams>) =>
      (await t.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${query}`)).map((row) => row.detail);
    const trigrams = await plan(queries.throughTrigrams("quayle"));
    expect(trigrams[0]).toMatch(/^SCAN .*people_trigrams VIRTUAL TABLE/);
    expect(trigrams[1]).toMatch(
      /^SEARCH f USING (COVERING )?INDEX \w+ \((follower_id=\? AND following_id=\?|following_id=\? AND follower_id=\?)\)/,
    );
    expect(trigrams.join("\n")).not.toMatch(/SCAN (f|u|p)\b/);
    const window = await plan(queries.inWindow("quayle"));
    expect(window.join("\n")).toMatch(/SEARCH f USING COVERING INDEX follows_following_created_idx/);
  });
});
