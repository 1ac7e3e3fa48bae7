// The follow and profile calls (issue 12, docs/social.md) over a real SQLite file. The table
// tests give every read and write one case per kind of caller: a visitor, the user, another
// user, a non-follower of a private account, a pending follower and a blocked user.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCIAL_MESSAGES } from "../../../domain/social-rules.ts";
import { notify } from "../services/notifications.ts";
import { createUser, NO_SCRYPT, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers differ per call
  body: { code: number; message: string; data: any };
}

async function call(method: string, path: string, who?: TestUser, body?: unknown): Promise<Answer> {
  const res = await sendJson(t, method, `/api${path}`, who, body);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer["body"] };
}

async function count(table: string, where: string): Promise<number> {
  const rows = await t.db.$client.execute(`SELECT count(*) AS n FROM ${table} WHERE ${where}`);
  return Number(rows.rows[0]!.n);
}

async function addPost(authorId: number): Promise<number> {
  const restaurantId = Object.values(f.restaurantIds)[0]!;
  const row = await t.db.$client.execute({
    sql: "INSERT INTO posts (author_id, restaurant_id, content, rating_tenths, created_at) VALUES (?, ?, 'Lovely', 40, ?) RETURNING id",
    args: [authorId, restaurantId, t.clock.now()],
  });
  return Number(row.rows[0]!.id);
}

/**
 * A small world: `owner` is public with a post and a follower; `priv` is private with a post
 * and a follower; `stranger` follows nobody; `pending` asked to follow priv; `blocked` was
 * blocked by owner and by priv.
 */
async function world() {
  const [owner, priv, friend, stranger, pending, blocked] = await Promise.all(
    Array.from({ length: 6 }, () => createUser(t, NO_SCRYPT)),
  );
  await addPost(owner!.userId);
  await addPost(priv!.userId);
  expect((await call("POST", `/users/${owner!.userId}/follow`, friend)).status).toBe(200);
  expect((await call("POST", `/users/${friend!.userId}/follow`, owner)).status).toBe(200);
  expect((await call("POST", `/users/${priv!.userId}/follow`, friend)).status).toBe(200);
  expect(
    (await call("POST", `/profiles/updatePrivacy/${priv!.userId}`, priv, { isPrivate: true })).status,
  ).toBe(200);
  expect((await call("POST", `/users/${priv!.userId}/follow`, pending)).body.data.followRequested).toBe(true);
  expect((await call("POST", `/users/${blocked!.userId}/block`, owner)).status).toBe(200);
  expect((await call("POST", `/users/${blocked!.userId}/block`, priv)).status).toBe(200);
  return {
    owner: owner!,
    priv: priv!,
    friend: friend!,
    stranger: stranger!,
    pending: pending!,
    blocked: blocked!,
  };
}
type World = Awaited<ReturnType<typeof world>>;

const CELLS = [
  "visitor",
  "the user",
  "another user",
  "non-follower of a private account",
  "pending follower",
  "blocked user",
] as const;
type Cell = (typeof CELLS)[number];

/** Who calls, and whom the call is about, in each cell. */
function cast(w: World, cell: Cell): { caller?: TestUser; target: TestUser } {
  switch (cell) {
    case "visitor":
      return { target: w.owner };
    case "the user":
      return { caller: w.owner, target: w.owner };
    case "another user":
      return { caller: w.stranger, target: w.owner };
    case "non-follower of a private account":
      return { caller: w.stranger, target: w.priv };
    case "pending follower":
      return { caller: w.pending, target: w.priv };
    case "blocked user":
      return { caller: w.blocked, target: w.owner };
  }
}

function expectNoPrivateFields(answer: Answer, ...people: TestUser[]) {
  const text = JSON.stringify(answer.body);
  for (const person of people) {
    expect(text).not.toContain(person.email);
    expect(text).not.toContain(person.phoneNumber);
  }
  expect(text).not.toMatch(/"(email|phoneNumber|passwordHash|tokenVersion|admin)"/);
}

type Check = (a: Answer, w: World, c: { caller?: TestUser; target: TestUser }) => Promise<void> | void;
const status =
  (code: number, more?: Check): Check =>
  async (a, w, c) => {
    expect(a.status, JSON.stringify(a.body)).toBe(code);
    await more?.(a, w, c);
  };

// ---------------------------------------------------------------------------------------------
// Reads

interface ReadCase {
  request: (c: { caller?: TestUser; target: TestUser }) => [string, string];
  cells: Record<Cell, Check>;
}

const listCells = (list: "following" | "follower"): Record<Cell, Check> => ({
  visitor: status(200, (a, w) => {
    expect(a.body.data[list].map((e: { userId: number }) => e.userId)).toEqual([w.friend.userId]);
    expect(a.body.data[list][0]).toMatchObject({ isFollowing: false, isFollower: false });
    expectNoPrivateFields(a, w.friend, w.owner);
  }),
  "the user": status(200, (a, w) => {
    expect(a.body.data[list][0]).toMatchObject({
      userId: w.friend.userId,
      isFollowing: true,
      isFollower: true,
    });
    expect(Object.keys(a.body.data[list][0]).sort()).toEqual(
      ["avatar", "isFollower", "isFollowing", "name", "userId", "username"].sort(),
    );
  }),
  "another user": status(200, (a, w) => {
    expect(a.body.data[list][0]).toMatchObject({ userId: w.friend.userId, isFollowing: false });
    expectNoPrivateFields(a, w.friend, w.owner);
  }),
  "non-follower of a private account": status(403, (a) =>
    expect(a.body.message).toBe(SOCIAL_MESSAGES.privateProfile),
  ),
  "pending follower": status(403, (a) => expect(a.body.message).toBe(SOCIAL_MESSAGES.privateProfile)),
  "blocked user": status(404),
});

const READS: Record<string, ReadCase> = {
  "GET /profiles/getProfileByUserId/{userId}": {
    request: ({ target }) => ["GET", `/profiles/getProfileByUserId/${target.userId}`],
    cells: {
      visitor: status(200, (a, w) => {
        expect(a.body.data).toMatchObject({
          userId: w.owner.userId,
          isPrivate: false,
          isFollowing: false,
          isOwn: false,
          canSeePosts: true,
          followersCount: 1,
          followingCount: 1,
        });
        expect(a.body.data.posts).toHaveLength(1);
        expect(a.headers.get("cache-control")).toBe("private, no-store");
        expectNoPrivateFields(a, w.owner);
      }),
      "the user": status(200, (a) => expect(a.body.data).toMatchObject({ isOwn: true, canSeePosts: true })),
      "another user": status(200, (a) =>
        expect(a.body.data).toMatchObject({ isOwn: false, isFollowing: false }),
      ),
      "non-follower of a private account": status(200, (a) => {
        expect(a.body.data).toMatchObject({
          isPrivate: true,
          canSeePosts: false,
          posts: [],
          followersCount: 1,
        });
      }),
      "pending follower": status(200, (a) => {
        expect(a.body.data).toMatchObject({
          isPrivate: true,
          canSeePosts: false,
          posts: [],
          followRequested: true,
        });
      }),
      "blocked user": status(404),
    },
  },
  "GET /profiles/getPostsByUserId/{userId}": {
    request: ({ target }) => ["GET", `/profiles/getPostsByUserId/${target.userId}`],
    cells: {
      visitor: status(200, (a) => expect(a.body.data.posts).toHaveLength(1)),
      "the user": status(200, (a) => expect(a.body.data.posts).toHaveLength(1)),
      "another user": status(200, (a) => expect(a.body.data.posts).toHaveLength(1)),
      "non-follower of a private account": status(403),
      "pending follower": status(403),
      "blocked user": status(404),
    },
  },
  "GET /follower/getFollowing/{userId}": {
    request: ({ target }) => ["GET", `/follower/getFollowing/${target.userId}`],
    cells: listCells("following"),
  },
  "GET /follower/getFollower/{userId}": {
    request: ({ target }) => ["GET", `/follower/getFollower/${target.userId}`],
    cells: listCells("follower"),
  },
  "GET /people/search": {
    request: ({ target }) => ["GET", `/people/search?q=${target.username}`],
    cells: {
      visitor: status(200, (a, w) => {
        expect(a.body.data.people.map((p: { userId: number }) => p.userId)).toEqual([w.owner.userId]);
        expectNoPrivateFields(a, w.owner);
      }),
      "the user": status(200, (a, w) => expect(a.body.data.people[0].userId).toBe(w.owner.userId)),
      "another user": status(200, (a, w) => expect(a.body.data.people[0].userId).toBe(w.owner.userId)),
      "non-follower of a private account": status(200, (a) =>
        expect(a.body.data.people[0]).toMatchObject({ isPrivate: true, isFollowing: false }),
      ),
      "pending follower": status(200, (a) =>
        expect(a.body.data.people[0]).toMatchObject({ isPrivate: true }),
      ),
      "blocked user": status(200, (a) => expect(a.body.data.people).toEqual([])),
    },
  },
  "GET /people/suggestions": {
    request: () => ["GET", "/people/suggestions?limit=20"],
    cells: {
      visitor: status(401),
      "the user": status(200, (a, w) => {
        const ids = a.body.data.suggestions.map((s: { userId: number }) => s.userId);
        expect(ids).not.toContain(w.owner.userId);
        expect(ids).not.toContain(w.friend.userId);
        expect(ids).not.toContain(w.blocked.userId);
      }),
      "another user": status(200, (a, w) =>
        expect(a.body.data.suggestions.map((s: { userId: number }) => s.userId)).not.toContain(
          w.stranger.userId,
        ),
      ),
      "non-follower of a private account": status(200),
      "pending follower": status(200, (a, w) =>
        expect(a.body.data.suggestions.map((s: { userId: number }) => s.userId)).not.toContain(w.priv.userId),
      ),
      "blocked user": status(200, (a, w) => {
        const ids = a.body.data.suggestions.map((s: { userId: number }) => s.userId);
        expect(ids).not.toContain(w.owner.userId);
        expect(ids).not.toContain(w.priv.userId);
      }),
    },
  },
  "GET /follower/requests": {
    request: () => ["GET", "/follower/requests"],
    cells: {
      visitor: status(401),
      "the user": status(200, async (a, w) => {
        expect(a.body.data.requests).toEqual([]);
        // The private account's owner sees the pending follower's request.
        const theirs = await call("GET", "/follower/requests", w.priv);
        expect(theirs.body.data.requests.map((r: { userId: number }) => r.userId)).toEqual([
          w.pending.userId,
        ]);
        expectNoPrivateFields(theirs, w.pending);
      }),
      "another user": status(200, (a) => expect(a.body.data.requests).toEqual([])),
      "non-follower of a private account": status(200, (a) => expect(a.body.data.requests).toEqual([])),
      "pending follower": status(200, (a) => expect(a.body.data.requests).toEqual([])),
      "blocked user": status(200, (a) => expect(a.body.data.requests).toEqual([])),
    },
  },
  "GET /blocks": {
    request: () => ["GET", "/blocks"],
    cells: {
      visitor: status(401),
      "the user": status(200, (a, w) =>
        expect(a.body.data.blocked.map((b: { userId: number }) => b.userId)).toEqual([w.blocked.userId]),
      ),
      "another user": status(200, (a) => expect(a.body.data.blocked).toEqual([])),
      "non-follower of a private account": status(200, (a) => expect(a.body.data.blocked).toEqual([])),
      "pending follower": status(200, (a) => expect(a.body.data.blocked).toEqual([])),
      "blocked user": status(200, (a) => expect(a.body.data.blocked).toEqual([])),
    },
  },
  "GET /notifications": {
    request: () => ["GET", "/notifications"],
    cells: {
      visitor: status(401),
      "the user": status(200, (a, w) => {
        expect(a.body.data.notifications).toEqual([
          expect.objectContaining({
            kind: "follow",
            read: false,
            actor: expect.objectContaining({ userId: w.friend.userId }),
          }),
        ]);
        expect(a.body.data.unreadCount).toBe(1);
        expectNoPrivateFields(a, w.friend);
      }),
      "another user": status(200, (a) => expect(a.body.data.notifications).toEqual([])),
      "non-follower of a private account": status(200, (a) => expect(a.body.data.unreadCount).toBe(0)),
      // Asking tells the private account, not the one who asked.
      "pending follower": status(200, (a) => expect(a.body.data.notifications).toEqual([])),
      "blocked user": status(200, (a) => expect(a.body.data.notifications).toEqual([])),
    },
  },
  "GET /notifications/unreadCount": {
    request: () => ["GET", "/notifications/unreadCount"],
    cells: {
      visitor: status(401),
      "the user": status(200, (a) => expect(a.body.data.unreadCount).toBe(1)),
      "another user": status(200, (a) => expect(a.body.data.unreadCount).toBe(0)),
      "non-follower of a private account": status(200, (a) => expect(a.body.data.unreadCount).toBe(0)),
      "pending follower": status(200, (a) => expect(a.body.data.unreadCount).toBe(0)),
      "blocked user": status(200, (a) => expect(a.body.data.unreadCount).toBe(0)),
    },
  },
};

describe("every read, for every kind of caller", () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });
  const cases = Object.entries(READS).flatMap(([key, read]) =>
    CELLS.map((cell) => [key, cell, read] as const),
  );
  it.each(cases)("%s as %s", async (_key, cell, read) => {
    const who = cast(w, cell);
    const [method, path] = read.request(who);
    await read.cells[cell](await call(method, path, who.caller), w, who);
  });
});

// ---------------------------------------------------------------------------------------------
// Writes: a fresh world for each cell, since each write changes it

async function png(width = 64, height = 48): Promise<FormData> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: "#e94" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], "me.png", { type: "image/png" }));
  return form;
}

const follows = (a: TestUser, b: TestUser) =>
  count("follows", `follower_id = ${a.userId} AND following_id = ${b.userId}`);
const requests = (a: TestUser, b: TestUser) =>
  count("follow_requests", `requester_id = ${a.userId} AND target_id = ${b.userId}`);

interface WriteCase {
  request: (
    c: { caller?: TestUser; target: TestUser },
    w: World,
  ) => Promise<[string, string, unknown?]> | [string, string, unknown?];
  cells: Record<Cell, Check>;
}

const ownProfileWrite = (path: (id: number) => string, body: () => unknown, after: Check): WriteCase => ({
  request: async ({ target }) => ["POST", path(target.userId), await body()],
  cells: {
    visitor: status(401),
    "the user": status(200, after),
    "another user": status(403),
    "non-follower of a private account": status(403),
    "pending follower": status(403),
    "blocked user": status(403),
  },
});

const WRITES: Record<string, WriteCase> = {
  "POST /users/{id}/follow": {
    request: ({ target }) => ["POST", `/users/${target.userId}/follow`],
    cells: {
      visitor: status(401),
      "the user": status(400, (a) => expect(a.body.message).toBe(SOCIAL_MESSAGES.followSelf)),
      "another user": status(200, async (a, w) => {
        expect(a.body.data).toMatchObject({ isFollowing: true, followersCount: 2, followingCount: 1 });
        expect(await follows(w.stranger, w.owner)).toBe(1);
      }),
      "non-follower of a private account": status(200, async (a, w) => {
        expect(a.body.message).toBe(SOCIAL_MESSAGES.requested);
        expect(a.body.data).toMatchObject({ isFollowing: false, followRequested: true, followersCount: 1 });
        expect(await follows(w.stranger, w.priv)).toBe(0);
      }),
      "pending follower": status(200, async (a, w) => {
        expect(a.body.message).toBe(SOCIAL_MESSAGES.alreadyRequested);
        expect(await requests(w.pending, w.priv)).toBe(1);
      }),
      "blocked user": status(404, async (_a, w) => expect(await follows(w.blocked, w.owner)).toBe(0)),
    },
  },
  "POST /follower/follow": {
    request: ({ caller, target }, w) => [
      "POST",
      "/follower/follow",
      // "another user" names the owner's friend as the follower: not the caller.
      {
        followerId: caller === w.stranger && target === w.owner ? w.friend.userId : (caller?.userId ?? 1),
        followingId: target.userId,
      },
    ],
    cells: {
      visitor: status(401),
      "the user": status(400),
      "another user": status(403, async (_a, w) =>
        expect(await count("follows", `following_id = ${w.owner.userId}`)).toBe(1),
      ),
      "non-follower of a private account": status(200, (a) => expect(a.body.data.followRequested).toBe(true)),
      "pending follower": status(200, (a) => expect(a.body.data.followRequested).toBe(true)),
      "blocked user": status(404),
    },
  },
  "DELETE /users/{id}/unfollow": {
    request: ({ target }) => ["DELETE", `/users/${target.userId}/unfollow`],
    cells: {
      visitor: status(401),
      "the user": status(400),
      "another user": status(200, (a) =>
        expect(a.body.data).toMatchObject({ isFollowing: false, followersCount: 1 }),
      ),
      "non-follower of a private account": status(200, (a) =>
        expect(a.body.data.followRequested).toBe(false),
      ),
      "pending follower": status(200, async (a, w) => {
        expect(a.body.message).toBe(SOCIAL_MESSAGES.requestCancelled);
        expect(await requests(w.pending, w.priv)).toBe(0);
        expect(
          await count("notifications", `recipient_id = ${w.priv.userId} AND kind = 'follow-request'`),
        ).toBe(0);
      }),
      "blocked user": status(404),
    },
  },
  "DELETE /follower/unfollow": {
    request: ({ caller, target }, w) => {
      const followerId =
        caller === w.stranger && target === w.owner ? w.friend.userId : (caller?.userId ?? 1);
      return ["DELETE", `/follower/unfollow?followerId=${followerId}&followingId=${target.userId}`];
    },
    cells: {
      visitor: status(401),
      "the user": status(400),
      "another user": status(403, async (_a, w) => expect(await follows(w.friend, w.owner)).toBe(1)),
      "non-follower of a private account": status(200),
      "pending follower": status(200, async (_a, w) => expect(await requests(w.pending, w.priv)).toBe(0)),
      "blocked user": status(404),
    },
  },
  "POST /follower/requests/{requesterId}/accept": {
    // The private account's owner accepts in "the user" cell; everyone else tries to accept
    // the pending follower's request, which is not theirs to accept.
    request: (_c, w) => ["POST", `/follower/requests/${w.pending.userId}/accept`],
    cells: {
      visitor: status(401),
      "the user": status(404, async (_a, w) => {
        const accepted = await call("POST", `/follower/requests/${w.pending.userId}/accept`, w.priv);
        expect(accepted.status).toBe(200);
        expect(await follows(w.pending, w.priv)).toBe(1);
        expect(await requests(w.pending, w.priv)).toBe(0);
        const profile = await call("GET", `/profiles/getProfileByUserId/${w.priv.userId}`, w.pending);
        expect(profile.body.data).toMatchObject({ isFollowing: true, canSeePosts: true });
        expect(profile.body.data.posts).toHaveLength(1);
        const told = await call("GET", "/notifications", w.pending);
        expect(told.body.data.notifications[0]).toMatchObject({ kind: "follow-accepted" });
      }),
      "another user": status(404, async (_a, w) => expect(await follows(w.pending, w.priv)).toBe(0)),
      "non-follower of a private account": status(404),
      "pending follower": status(404, async (_a, w) => expect(await requests(w.pending, w.priv)).toBe(1)),
      "blocked user": status(404),
    },
  },
  "POST /follower/requests/{requesterId}/decline": {
    request: (_c, w) => ["POST", `/follower/requests/${w.pending.userId}/decline`],
    cells: {
      visitor: status(401),
      "the user": status(404, async (_a, w) => {
        expect((await call("POST", `/follower/requests/${w.pending.userId}/decline`, w.priv)).status).toBe(
          200,
        );
        expect(await requests(w.pending, w.priv)).toBe(0);
        expect(await follows(w.pending, w.priv)).toBe(0);
      }),
      "another user": status(404),
      "non-follower of a private account": status(404),
      "pending follower": status(404, async (_a, w) => expect(await requests(w.pending, w.priv)).toBe(1)),
      "blocked user": status(404),
    },
  },
  "POST /profiles/updateBio/{userId}": ownProfileWrite(
    (id) => `/profiles/updateBio/${id}`,
    () => ({ bio: "Ramen first, questions later 🍜" }),
    (a) => expect(a.body.data.bio).toBe("Ramen first, questions later 🍜"),
  ),
  "POST /profiles/updatePrivacy/{userId}": ownProfileWrite(
    (id) => `/profiles/updatePrivacy/${id}`,
    () => ({ isPrivate: true }),
    async (a, w) => {
      expect(a.body.data.isPrivate).toBe(true);
      const seen = await call("GET", `/profiles/getProfileByUserId/${w.owner.userId}`, w.stranger);
      expect(seen.body.data).toMatchObject({ canSeePosts: false, posts: [] });
      // Followers from before stay followers.
      const friend = await call("GET", `/profiles/getProfileByUserId/${w.owner.userId}`, w.friend);
      expect(friend.body.data.canSeePosts).toBe(true);
    },
  ),
  "POST /profiles/uploadImage/{userId}": ownProfileWrite(
    (id) => `/profiles/uploadImage/${id}`,
    () => png(),
    async (a) => {
      expect(a.body.data.profileImage).toMatch(/^\/api\/files\/a-[0-9a-f-]+\.webp$/);
      const file = await t.app.request(a.body.data.profileImage as string);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
    },
  ),
  "POST /users/{id}/block": {
    request: ({ target }) => ["POST", `/users/${target.userId}/block`],
    cells: {
      visitor: status(401),
      "the user": status(400, (a) => expect(a.body.message).toBe(SOCIAL_MESSAGES.blockSelf)),
      "another user": status(200, async (_a, w) => {
        expect((await call("GET", `/profiles/getProfileByUserId/${w.owner.userId}`, w.stranger)).status).toBe(
          404,
        );
        expect((await call("GET", `/profiles/getProfileByUserId/${w.stranger.userId}`, w.owner)).status).toBe(
          404,
        );
      }),
      "non-follower of a private account": status(200),
      "pending follower": status(200, async (_a, w) => expect(await requests(w.pending, w.priv)).toBe(0)),
      // The blocker answers as a nonexistent user would (issue 20); the owner's block stands.
      "blocked user": status(404, async (_a, w) => {
        expect(
          await count("blocks", `blocker_id = ${w.owner.userId} AND blocked_id = ${w.blocked.userId}`),
        ).toBe(1);
        expect(await count("blocks", `blocker_id = ${w.blocked.userId}`)).toBe(0);
      }),
    },
  },
  "DELETE /users/{id}/unblock": {
    request: ({ target }) => ["DELETE", `/users/${target.userId}/unblock`],
    cells: {
      visitor: status(401),
      "the user": status(400),
      "another user": status(200),
      "non-follower of a private account": status(200),
      "pending follower": status(200),
      // Only the blocker can lift a block: the blocked user's unblock answers as for a
      // nonexistent user (issue 20) and leaves it in place.
      "blocked user": status(404, async (_a, w) =>
        expect((await call("GET", `/profiles/getProfileByUserId/${w.owner.userId}`, w.blocked)).status).toBe(
          404,
        ),
      ),
    },
  },
  "POST /users/{id}/report": {
    request: ({ target }) => [
      "POST",
      `/users/${target.userId}/report`,
      { reason: "harassment", note: "Rude" },
    ],
    cells: {
      visitor: status(401),
      "the user": status(400, (a) => expect(a.body.message).toBe(SOCIAL_MESSAGES.reportSelf)),
      "another user": status(200, async (a, w) => {
        expect(a.body.message).toBe(SOCIAL_MESSAGES.reported);
        expect(await count("user_reports", `target_id = ${w.owner.userId}`)).toBe(1);
      }),
      "non-follower of a private account": status(200),
      "pending follower": status(200),
      // The blocker answers as a nonexistent user would (issue 20).
      "blocked user": status(404, async (_a, w) =>
        expect(await count("user_reports", `reporter_id = ${w.blocked.userId}`)).toBe(0),
      ),
    },
  },
  "POST /notifications/read": {
    request: () => ["POST", "/notifications/read", {}],
    cells: {
      visitor: status(401),
      "the user": status(200, (a) => expect(a.body.data.unreadCount).toBe(0)),
      "another user": status(200, async (_a, w) =>
        expect(await count("notifications", `recipient_id = ${w.owner.userId} AND read_at IS NULL`)).toBe(1),
      ),
      "non-follower of a private account": status(200),
      "pending follower": status(200, async (_a, w) =>
        // The private account's follow and follow request stay unread.
        expect(await count("notifications", `recipient_id = ${w.priv.userId} AND read_at IS NULL`)).toBe(2),
      ),
      "blocked user": status(200),
    },
  },
};

describe("every write, for every kind of caller", () => {
  const cases = Object.entries(WRITES).flatMap(([key, write]) =>
    CELLS.map((cell) => [key, cell, write] as const),
  );
  it.each(cases)("%s as %s", async (_key, cell, write) => {
    const w = await world();
    const who = cast(w, cell);
    const [method, path, body] = await write.request(who, w);
    await write.cells[cell](await call(method, path, who.caller, body), w, who);
  });
});

// ---------------------------------------------------------------------------------------------
// Rules across calls

describe("follows", () => {
  it("100 parallel follows of one pair leave one row, one notification and exact counts", async () => {
    const [a, b] = await Promise.all([createUser(t, NO_SCRYPT), createUser(t, NO_SCRYPT)]);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => call("POST", `/users/${b!.userId}/follow`, a)),
    );
    expect(answers.map((x) => x.status)).toEqual(Array(100).fill(200));
    expect(answers.filter((x) => x.body.message === SOCIAL_MESSAGES.followed)).toHaveLength(1);
    expect(await follows(a!, b!)).toBe(1);
    expect(await count("notifications", `recipient_id = ${b!.userId} AND actor_id = ${a!.userId}`)).toBe(1);
    const profile = await call("GET", `/profiles/getProfileByUserId/${b!.userId}`);
    expect(profile.body.data.followersCount).toBe(1);
    const mine = await call("GET", `/profiles/getProfileByUserId/${a!.userId}`);
    expect(mine.body.data.followingCount).toBe(1);
  });

  it("pages a follow list by cursor, newest first, and searches within it", async () => {
    const owner = await createUser(t, NO_SCRYPT);
    const fans: TestUser[] = [];
    for (let i = 0; i < 7; i += 1) {
      const fan = await createUser(t, NO_SCRYPT);
      t.clock.advance(1000);
      expect((await call("POST", `/users/${owner.userId}/follow`, fan)).status).toBe(200);
      fans.push(fan);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Answer = await call(
        "GET",
        `/follower/getFollower/${owner.userId}?limit=3${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.data.followers).toEqual(page.body.data.follower);
      seen.push(...page.body.data.followers.map((e: { userId: number }) => e.userId));
      cursor = page.body.data.nextCursor;
    } while (cursor);
    expect(seen).toEqual(fans.map((fan) => fan.userId).reverse());

    const found = await call(
      "GET",
      `/follower/getFollower/${owner.userId}?q=${fans[2]!.username.toUpperCase()}`,
    );
    expect(found.body.data.followers.map((e: { userId: number }) => e.userId)).toEqual([fans[2]!.userId]);

    const bad = await call("GET", `/follower/getFollower/${owner.userId}?cursor=not-a-cursor`);
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.cursor).toBeDefined();
  });

  it("a block removes follows and requests both ways and hides each from the other", async () => {
    const [a, b] = await Promise.all([createUser(t, NO_SCRYPT), createUser(t, NO_SCRYPT)]);
    await call("POST", `/users/${b!.userId}/follow`, a);
    await call("POST", `/users/${a!.userId}/follow`, b);
    expect((await call("POST", `/users/${b!.userId}/block`, a)).status).toBe(200);
    expect(await follows(a!, b!)).toBe(0);
    expect(await follows(b!, a!)).toBe(0);
    expect(
      await count(
        "notifications",
        `actor_id IN (${a!.userId}, ${b!.userId}) AND recipient_id IN (${a!.userId}, ${b!.userId})`,
      ),
    ).toBe(0);
    expect((await call("GET", `/people/search?q=${a!.username}`, b)).body.data.people).toEqual([]);
    expect((await call("POST", `/users/${a!.userId}/follow`, b)).status).toBe(404);
    expect(await notify(t.deps, { recipientId: a!.userId, actorId: b!.userId, kind: "comment" })).toBe(false);
    expect((await call("DELETE", `/users/${b!.userId}/unblock`, a)).status).toBe(200);
    expect((await call("GET", `/profiles/getProfileByUserId/${a!.userId}`, b)).status).toBe(200);
    expect(await follows(a!, b!)).toBe(0);
  });

  it("going public accepts every waiting request", async () => {
    const [owner, asker] = await Promise.all([createUser(t, NO_SCRYPT), createUser(t, NO_SCRYPT)]);
    await call("POST", `/profiles/updatePrivacy/${owner!.userId}`, owner, { isPrivate: true });
    await call("POST", `/users/${owner!.userId}/follow`, asker);
    const listed = await call("GET", "/follower/requests", owner);
    expect(listed.body.data.requests.map((r: { userId: number }) => r.userId)).toEqual([asker!.userId]);
    await call("POST", `/profiles/updatePrivacy/${owner!.userId}`, owner, { isPrivate: false });
    expect(await follows(asker!, owner!)).toBe(1);
    expect(await requests(asker!, owner!)).toBe(0);
  });

  it("answers 429 with Retry-After after 200 follows in a day", async () => {
    const [a, b] = await Promise.all([createUser(t, NO_SCRYPT), createUser(t, NO_SCRYPT)]);
    for (let i = 0; i < 200; i += 1) {
      expect((await call("POST", `/users/${b!.userId}/follow`, a)).status).toBe(200);
    }
    const refused = await call("POST", `/users/${b!.userId}/follow`, a);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("profiles, reports, people and notifications", () => {
  it("refuses a bad bio, a file that is not an image and a huge one, and changes nothing", async () => {
    const me = await createUser(t, NO_SCRYPT);
    const long = await call("POST", `/profiles/updateBio/${me.userId}`, me, { bio: "x".repeat(301) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(SOCIAL_MESSAGES.bioTooLong);
    const hidden = await call("POST", `/profiles/updateBio/${me.userId}`, me, { bio: "evil\u202Etxt" });
    expect(hidden.status).toBe(400);
    const fake = new FormData();
    fake.append("file", new File(["<svg onload=alert(1)>"], "me.png", { type: "image/png" }));
    const notImage = await call("POST", `/profiles/uploadImage/${me.userId}`, me, fake);
    expect(notImage.status).toBe(400);
    expect(notImage.body.message).toBe(SOCIAL_MESSAGES.avatarNotImage);
    const none = new FormData();
    const missing = await call("POST", `/profiles/uploadImage/${me.userId}`, me, none);
    expect(missing.status).toBe(400);
    const profile = await call("GET", `/profiles/getProfileByUserId/${me.userId}`, me);
    expect(profile.body.data).toMatchObject({ bio: "", profileImage: null });
  });

  it("keeps one report per person per reporter, refuses unknown reasons and limits 30 a day", async () => {
    const me = await createUser(t, NO_SCRYPT);
    const targets = await Promise.all(Array.from({ length: 29 }, () => createUser(t, NO_SCRYPT)));
    const bad = await call("POST", `/users/${targets[0]!.userId}/report`, me, { reason: "meh" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(SOCIAL_MESSAGES.reportReason);
    expect(await count("user_reports", `reporter_id = ${me.userId}`)).toBe(0);
    for (const target of targets) {
      expect(
        (await call("POST", `/users/${target.userId}/report`, me, { reason: "spam-or-fake" })).status,
      ).toBe(200);
    }
    // The 30th call repeats a report: answered the same, stored once.
    expect((await call("POST", `/users/${targets[0]!.userId}/report`, me, { reason: "hate" })).status).toBe(
      200,
    );
    expect(await count("user_reports", `reporter_id = ${me.userId}`)).toBe(29);
    const refused = await call("POST", `/users/${targets[1]!.userId}/report`, me, { reason: "hate" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^[1-9][0-9]*$/);
  });

  it("finds people by name and username with words in any order, never through FTS syntax", async () => {
    const me = await createUser(t, NO_SCRYPT);
    await t.db.$client.execute({
      sql: "UPDATE profiles SET name = 'Priya Ramanathan' WHERE user_id = ?",
      args: [me.userId],
    });
    const byName = await call("GET", "/people/search?q=ramana");
    expect(byName.body.data.people.map((p: { userId: number }) => p.userId)).toContain(me.userId);
    const both = await call("GET", "/people/search?q=ramanathan%20priy");
    expect(both.body.data.people.map((p: { userId: number }) => p.userId)).toContain(me.userId);
    for (const q of ['""', "NEAR(a b)", "**", "name:x", "a OR b"]) {
      expect((await call("GET", `/people/search?q=${encodeURIComponent(q)}`)).status).toBe(200);
    }
    const empty = await call("GET", "/people/search?q=");
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(SOCIAL_MESSAGES.peopleQueryRequired);
  });

  it("suggests people followed by people you follow first, then active reviewers", async () => {
    const [me, friend, friendOfFriend] = await Promise.all([
      createUser(t, NO_SCRYPT),
      createUser(t, NO_SCRYPT),
      createUser(t, NO_SCRYPT),
    ]);
    await call("POST", `/users/${friend!.userId}/follow`, me);
    await call("POST", `/users/${friendOfFriend!.userId}/follow`, friend);
    const answer = await call("GET", "/people/suggestions?limit=5", me);
    expect(answer.body.data.suggestions[0]).toMatchObject({
      userId: friendOfFriend!.userId,
      reason: "followed-by-people-you-follow",
      mutualCount: 1,
    });
    expect(
      answer.body.data.suggestions.slice(1).every((s: { reason: string }) => s.reason === "active-reviewer"),
    ).toBe(true);
    expect(answer.body.data.suggestions.map((s: { userId: number }) => s.userId)).toContain(f.userIds.ada);
  });

  it("notify() stores what other features report, once read it no longer counts", async () => {
    const [me, other] = await Promise.all([createUser(t, NO_SCRYPT), createUser(t, NO_SCRYPT)]);
    expect(
      await notify(t.deps, { recipientId: me!.userId, actorId: other!.userId, kind: "comment-like" }),
    ).toBe(true);
    expect(await notify(t.deps, { recipientId: me!.userId, actorId: me!.userId, kind: "comment" })).toBe(
      false,
    );
    const list = await call("GET", "/notifications?limit=1", me);
    expect(list.body.data).toMatchObject({ unreadCount: 1, nextCursor: null });
    const read = await call("POST", "/notifications/read", me, {
      upToId: list.body.data.notifications[0].id,
    });
    expect(read.body.data.unreadCount).toBe(0);
    expect((await call("POST", "/notifications/read", me, { upToId: -1 })).status).toBe(400);
  });
});

describe("reads anyone may make, with a token that no longer works", () => {
  it("answer 401 and nothing else, and read as a visitor without a token", async () => {
    const me = await createUser(t, NO_SCRYPT);
    const ada = f.userIds.ada;
    const reads = [
      `/profiles/getProfileByUserId/${me.userId}`,
      `/profiles/getPostsByUserId/${ada}`,
      `/follower/getFollowing/${ada}`,
      `/follower/getFollower/${ada}`,
      "/people/search?q=ada",
      "/posts/search/1?keyword=ramen",
    ];
    expect((await call("POST", "/users/logout", me)).status).toBe(200);
    const garbage: TestUser = { ...me, authorization: { authorization: "Bearer not.a.token" } };
    for (const path of reads) {
      for (const who of [me, garbage]) {
        const answer = await call("GET", path, who);
        expect(answer.status, path).toBe(401);
        expect(answer.body.code).toBe(401);
        expect(answer.body.data).toBeNull();
      }
      expect((await call("GET", path)).status, `${path} without a token`).toBe(200);
    }
  });
});
