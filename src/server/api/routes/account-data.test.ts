// Settings' account calls (issue 12) against a real SQLite file: change password ends every
// other session, the export holds everything the person gave us and nobody else's, delete
// removes it all at once with aggregates recomputed, and every bad input changes nothing.
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { ACCOUNT_DATA_MESSAGES, ACCOUNT_MESSAGES } from "../../../domain/account-rules.ts";
import type { AccountExport } from "../../../shared/schemas/account-data.ts";
import { ACCOUNT_DATA_LIMITS } from "../services/account-data.ts";
import { createUser, ESTABLISHED, postJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture } from "../testing/fixture.ts";
import { createTestApp } from "../testing/test-app.ts";

const t = await createTestApp();
const f = await buildCatalogueFixture(t.db, t.clock.now());
afterAll(() => t.close());

type Body<T = unknown> = { code: number; message: string; data: T };
const read = async <T>(res: Response) => ({ status: res.status, body: (await res.json()) as Body<T> });
const get = (path: string, who?: TestUser) => t.app.request(path, { headers: who?.authorization ?? {} });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function dishAggregate(dishId: number) {
  const { body } = await read<{ ratingCount: number; reviewCount: number }>(
    await get(`/api/dishes/${dishId}`),
  );
  return { ratingCount: body.data.ratingCount, reviewCount: body.data.reviewCount };
}

async function postReview(author: TestUser, dishId: number, photo = false): Promise<number> {
  const form = new FormData();
  form.append("dishId", String(dishId));
  form.append("content", "Silky tonkotsu, proper chashu");
  form.append("rating", "4.7");
  if (photo) {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#a63" } })
      .png()
      .toBuffer();
    form.append("images", new File([new Uint8Array(png)], "bowl.png", { type: "image/png" }));
  }
  const res = await t.app.request("/api/posts/save", {
    method: "POST",
    body: form,
    headers: author.authorization,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as Body<{ postId: number }>).data.postId;
}

describe("POST /account/password/{userId}", () => {
  it("changes the password, ends every other session and answers a token that works", async () => {
    const me = await createUser(t);
    const other = await postJson(t, "/api/users/login", {
      emailOrPhoneNumber: me.email,
      password: me.password,
    });
    const otherToken = ((await other.json()) as Body<{ token: string }>).data.token;
    const { status, body } = await read<{ token: string }>(
      await postJson(
        t,
        `/api/account/password/${me.userId}`,
        { currentPassword: me.password, newPassword: "grilled hispi cabbage" },
        me.authorization,
      ),
    );
    expect({ status, message: body.message }).toEqual({
      status: 200,
      message: ACCOUNT_DATA_MESSAGES.passwordChanged,
    });
    expect((await get(`/api/users/${me.userId}`, { ...me, authorization: bearer(otherToken) })).status).toBe(
      401,
    );
    expect((await get(`/api/users/${me.userId}`, me)).status).toBe(401);
    expect(
      (await get(`/api/users/${me.userId}`, { ...me, authorization: bearer(body.data.token) })).status,
    ).toBe(200);
    const login = await postJson(t, "/api/users/login", {
      emailOrPhoneNumber: me.email,
      password: "grilled hispi cabbage",
    });
    expect(login.status).toBe(200);
  });

  it("refuses a wrong current password, a weak or unchanged new one, and changes nothing", async () => {
    const me = await createUser(t);
    const cases = [
      [
        { currentPassword: "not it at all", newPassword: "grilled hispi cabbage" },
        "currentPassword",
        ACCOUNT_DATA_MESSAGES.currentPasswordWrong,
      ],
      [
        { currentPassword: me.password, newPassword: me.password },
        "newPassword",
        ACCOUNT_DATA_MESSAGES.samePassword,
      ],
      [
        { currentPassword: me.password, newPassword: "short" },
        "newPassword",
        ACCOUNT_MESSAGES.passwordLength,
      ],
      [
        { currentPassword: me.password, newPassword: "password123" },
        "newPassword",
        ACCOUNT_MESSAGES.passwordCommon,
      ],
      [{ newPassword: "grilled hispi cabbage" }, "currentPassword", ACCOUNT_MESSAGES.passwordRequired],
    ] as const;
    for (const [input, field, message] of cases) {
      const { status, body } = await read<{ fields: Record<string, string> }>(
        await postJson(t, `/api/account/password/${me.userId}`, input, me.authorization),
      );
      expect({ status, field: body.data.fields[field] }).toEqual({ status: 400, field: message });
    }
    // The session and the password are as they were.
    expect((await get(`/api/users/${me.userId}`, me)).status).toBe(200);
    expect(
      (await postJson(t, "/api/users/login", { emailOrPhoneNumber: me.email, password: me.password })).status,
    ).toBe(200);
  });

  it("answers 403 for another user's id and 401 without a token", async () => {
    const me = await createUser(t);
    const you = await createUser(t);
    const input = { currentPassword: you.password, newPassword: "grilled hispi cabbage" };
    expect((await postJson(t, `/api/account/password/${you.userId}`, input, me.authorization)).status).toBe(
      403,
    );
    expect((await postJson(t, `/api/account/password/${you.userId}`, input)).status).toBe(401);
    expect(
      (await postJson(t, "/api/users/login", { emailOrPhoneNumber: you.email, password: you.password }))
        .status,
    ).toBe(200);
  });

  it("limits password checks to 10 an hour with Retry-After", async () => {
    const me = await createUser(t);
    for (let i = 0; i < ACCOUNT_DATA_LIMITS.passwordChecks.limit; i += 1) {
      await postJson(
        t,
        `/api/account/password/${me.userId}`,
        { currentPassword: `wrong ${i}`, newPassword: "grilled hispi cabbage" },
        me.authorization,
      );
    }
    const res = await postJson(
      t,
      `/api/account/password/${me.userId}`,
      { currentPassword: me.password, newPassword: "grilled hispi cabbage" },
      me.authorization,
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("GET /account/export/{userId}", () => {
  it("holds the person's profile, posts with photo URLs, comments, likes and follows, and nobody else's", async () => {
    const me = await createUser(t);
    const you = await createUser(t);
    await postJson(t, `/api/profiles/updateBio/${me.userId}`, { bio: "Dumplings, always" }, me.authorization);
    const mine = await postReview(me, f.dishIds["Shoyu Ramen"]!, true);
    const yours = await postReview(you, f.dishIds["Shoyu Ramen"]!);
    await postJson(t, "/api/comments/save", { postId: yours, content: "Agreed, the egg" }, me.authorization);
    await postJson(
      t,
      "/api/comments/save",
      { postId: mine, content: "Not yours to export" },
      you.authorization,
    );
    await postJson(t, "/api/posts/like", { postId: yours }, me.authorization);
    await postJson(t, "/api/posts/saved", { postId: yours }, me.authorization);
    await t.app.request(`/api/users/${you.userId}/follow`, { method: "POST", headers: me.authorization });
    // Each side of each relation: a follower, a request to a private account, a block.
    const [fan, shy, pest] = [await createUser(t), await createUser(t), await createUser(t)];
    await t.app.request(`/api/users/${me.userId}/follow`, { method: "POST", headers: fan.authorization });
    await postJson(t, `/api/profiles/updatePrivacy/${shy.userId}`, { isPrivate: true }, shy.authorization);
    await t.app.request(`/api/users/${shy.userId}/follow`, { method: "POST", headers: me.authorization });
    await t.app.request(`/api/users/${pest.userId}/block`, { method: "POST", headers: me.authorization });

    const res = await get(`/api/account/export/${me.userId}`, me);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="dishcovery-data-\d+\.json"$/,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const { status, body } = await read<AccountExport>(res);
    expect(status).toBe(200);
    const data = body.data;
    expect(data.account).toMatchObject({ id: me.userId, username: me.username, email: me.email });
    expect(data.profile.bio).toBe("Dumplings, always");
    expect(data.posts.map((p) => p.id)).toEqual([mine]);
    expect(data.posts[0]!.photoUrls).toHaveLength(1);
    expect(data.posts[0]!.photoUrls[0]).toMatch(/^http:\/\/localhost:4321\/api\/files\/[^/]+$/);
    expect(data.comments.map((c) => c.content)).toEqual(["Agreed, the egg"]);
    expect(data.likes.posts).toEqual([yours]);
    expect(data.savedPosts).toEqual([yours]);
    expect(data.following).toEqual([{ userId: you.userId, username: you.username }]);
    expect(data.followers).toEqual([{ userId: fan.userId, username: fan.username }]);
    expect(data.followRequestsSent).toEqual([{ userId: shy.userId, username: shy.username }]);
    expect(data.blocked).toEqual([{ userId: pest.userId, username: pest.username }]);
    expect(JSON.stringify(data)).not.toContain(you.email);
    expect(JSON.stringify(data)).not.toContain("passwordHash");
  });

  it("answers 403 for another user's id and 401 without a token", async () => {
    const me = await createUser(t);
    const you = await createUser(t);
    expect((await get(`/api/account/export/${you.userId}`, me)).status).toBe(403);
    expect((await get(`/api/account/export/${you.userId}`)).status).toBe(401);
  });
});

describe("POST /account/delete/{userId}", () => {
  it("refuses a wrong or missing password and deletes nothing", async () => {
    const me = await createUser(t);
    const postId = await postReview(me, f.dishIds["Shoyu Ramen"]!);
    for (const [input, message] of [
      [{ password: "not my password" }, ACCOUNT_MESSAGES.loginFailed],
      [{}, ACCOUNT_DATA_MESSAGES.passwordToDelete],
    ] as const) {
      const { status, body } = await read<{ fields: Record<string, string> }>(
        await postJson(t, `/api/account/delete/${me.userId}`, input, me.authorization),
      );
      expect({ status, field: body.data.fields.password }).toEqual({ status: 400, field: message });
    }
    expect((await get(`/api/profiles/getProfileByUserId/${me.userId}`, me)).status).toBe(200);
    const reviews = await read<{ reviews: { id: number }[] }>(
      await get(`/api/reviews/user/${me.userId}`, me),
    );
    expect(reviews.body.data.reviews.map((r) => r.id)).toEqual([postId]);
    const other = await createUser(t);
    expect(
      (await postJson(t, `/api/account/delete/${me.userId}`, { password: me.password }, other.authorization))
        .status,
    ).toBe(403);
    expect((await get(`/api/profiles/getProfileByUserId/${me.userId}`, me)).status).toBe(200);
  });

  it("removes the account, its posts, comments, likes and follows at once, ends every token and recomputes aggregates", async () => {
    // Regulars: the file's fifth and sixth new accounts on this dish within the hour would be
    // held out of its rating as a burst (issue 21).
    const me = await createUser(t, ESTABLISHED);
    const you = await createUser(t, ESTABLISHED);
    const dishId = f.dishIds["Shoyu Ramen"]!;
    const before = await dishAggregate(dishId);
    const mine = await postReview(me, dishId, true);
    const yours = await postReview(you, dishId);
    expect(await dishAggregate(dishId)).toEqual({
      ratingCount: before.ratingCount + 2,
      reviewCount: before.reviewCount + 2,
    });
    await postJson(t, "/api/comments/save", { postId: yours, content: "Worth the queue" }, me.authorization);
    await postJson(t, "/api/posts/like", { postId: yours }, me.authorization);
    await t.app.request(`/api/users/${you.userId}/follow`, { method: "POST", headers: me.authorization });
    await t.app.request(`/api/users/${me.userId}/follow`, { method: "POST", headers: you.authorization });
    const secondSession = (
      (await (
        await postJson(t, "/api/users/login", { emailOrPhoneNumber: me.email, password: me.password })
      ).json()) as Body<{ token: string }>
    ).data.token;

    const { status, body } = await read(
      await postJson(t, `/api/account/delete/${me.userId}`, { password: me.password }, me.authorization),
    );
    expect({ status, message: body.message }).toEqual({
      status: 200,
      message: ACCOUNT_DATA_MESSAGES.deleted,
    });

    expect((await get(`/api/users/${me.userId}`, me)).status).toBe(401);
    expect(
      (await get(`/api/users/${me.userId}`, { ...me, authorization: bearer(secondSession) })).status,
    ).toBe(401);
    const gone = await get(`/api/profiles/getProfileByUserId/${me.userId}`, you);
    expect(gone.status, JSON.stringify(t.errors.map((e) => String((e as Error).cause ?? e)))).toBe(404);
    expect(
      (await postJson(t, "/api/users/login", { emailOrPhoneNumber: me.email, password: me.password })).status,
    ).toBe(401);
    expect(await dishAggregate(dishId)).toEqual({
      ratingCount: before.ratingCount + 1,
      reviewCount: before.reviewCount + 1,
    });
    const comments = await read<{ comments: unknown[] }>(
      await get(`/api/comments/getAllPostsComments/${yours}`, you),
    );
    expect(comments.body.data.comments).toEqual([]);
    const profile = await read<{ followersCount: number; followingCount: number }>(
      await get(`/api/profiles/getProfileByUserId/${you.userId}`, you),
    );
    expect(profile.body.data).toMatchObject({ followersCount: 0, followingCount: 0 });
    const rows = await t.db.$client.execute({
      sql: "SELECT count(*) AS n FROM posts WHERE id = ?",
      args: [mine],
    });
    expect(Number(rows.rows[0]!.n)).toBe(0);
    expect(t.errors).toEqual([]);
  });
});
