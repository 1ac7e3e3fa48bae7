// The profile's posts grid in both orders of the sort select (issue 12; docs/social.md) over a
// real SQLite file: most liked first (ties newest first) and newest first, each paged by its
// own keyset cursor; a wrong sort or another order's cursor is refused and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, NO_SCRYPT, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;
let author: TestUser;
let fans: TestUser[];
/** Post ids by their position in time: posts[0] is the oldest. */
let posts: number[];

interface Page {
  posts: { id: number; imageUrl: string | null }[];
  cards: { id: number; likes: number; source: string }[];
  nextCursor: string | null;
}

async function read(path: string, who?: TestUser) {
  const res = await sendJson(t, "GET", `/api${path}`, who);
  return {
    status: res.status,
    body: (await res.json()) as { message: string; data: Page & { fields?: Record<string, string> } },
  };
}

/** Every id of the grid in `sort` order, page by page of `limit`; checks each page's cards match its tiles. */
async function walk(sort: string, limit: number, who?: TestUser): Promise<{ ids: number[]; pages: number }> {
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const { status, body } = await read(
      `/profiles/getPostsByUserId/${author.userId}?sort=${sort}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
      who,
    );
    expect(status).toBe(200);
    expect(body.data.cards.map((c) => c.id)).toEqual(body.data.posts.map((p) => p.id));
    ids.push(...body.data.posts.map((p) => p.id));
    cursor = body.data.nextCursor;
    pages += 1;
  } while (cursor && pages < 20);
  return { ids, pages };
}

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  author = await createUser(t, NO_SCRYPT);
  fans = await Promise.all(Array.from({ length: 3 }, () => createUser(t, NO_SCRYPT)));
  // One review per person per item (issue 20): each post rates another restaurant.
  const restaurantIds = Object.values(f.restaurantIds);
  posts = [];
  // Five posts an hour apart, liked 1, 3, 0, 1 and 3 times: most liked first is
  // [4, 1, 3, 0, 2] (ties newest first), newest first [4, 3, 2, 1, 0].
  for (let i = 0; i < 5; i += 1) {
    const row = await t.db.$client.execute({
      sql: "INSERT INTO posts (author_id, restaurant_id, content, rating_tenths, created_at) VALUES (?, ?, ?, 40, ?) RETURNING id",
      args: [author.userId, restaurantIds[i]!, `Post ${i}`, t.clock.now() - (5 - i) * 3_600_000],
    });
    posts.push(Number(row.rows[0]!.id));
  }
  const likes = [1, 3, 0, 1, 3];
  for (const [index, count] of likes.entries()) {
    for (const fan of fans.slice(0, count)) {
      expect((await sendJson(t, "POST", "/api/posts/like", fan, { postId: posts[index] })).status).toBe(200);
    }
  }
});
afterAll(() => t.close());

describe("GET /profiles/getPostsByUserId/{userId}", () => {
  it("lists the most liked first, ties newest first, through every page by its cursor", async () => {
    const expected = [4, 1, 3, 0, 2].map((i) => posts[i]);
    expect(await walk("most-liked", 2)).toEqual({ ids: expected, pages: 3 });
    expect((await walk("most-liked", 100)).ids).toEqual(expected);
    const { body } = await read(
      `/profiles/getPostsByUserId/${author.userId}?sort=most-liked&limit=5`,
      fans[0],
    );
    expect(body.data.cards.map((c) => c.likes)).toEqual([3, 3, 1, 1, 0]);
    expect(body.data.cards[0]!.source).toBe("other");
  });

  it("lists the newest first, through every page by its cursor, and is the call's default order", async () => {
    const expected = [4, 3, 2, 1, 0].map((i) => posts[i]);
    expect(await walk("newest", 2)).toEqual({ ids: expected, pages: 3 });
    const plain = await read(`/profiles/getPostsByUserId/${author.userId}?limit=3`);
    expect(plain.body.data.posts.map((p) => p.id)).toEqual(expected.slice(0, 3));
    // The profile's first page goes on through the call without a sort.
    const profile = await sendJson(t, "GET", `/api/profiles/getProfileByUserId/${author.userId}`);
    const { data } = (await profile.json()) as {
      data: { posts: { id: number }[]; postsNextCursor: string | null };
    };
    expect(data.posts.map((p) => p.id)).toEqual(expected);
    expect(data.postsNextCursor).toBeNull();
  });

  it("keeps the order when likes change between pages: the cursor holds the place, not the page number", async () => {
    const first = await read(`/profiles/getPostsByUserId/${author.userId}?sort=most-liked&limit=2`);
    expect(first.body.data.posts.map((p) => p.id)).toEqual([posts[4], posts[1]]);
    // posts[2] gains a like: it moves ahead of the cursor's place, and no post shows twice.
    expect((await sendJson(t, "POST", "/api/posts/like", fans[0], { postId: posts[2] })).status).toBe(200);
    const rest = await read(
      `/profiles/getPostsByUserId/${author.userId}?sort=most-liked&limit=10&cursor=${first.body.data.nextCursor}`,
    );
    expect(rest.body.data.posts.map((p) => p.id)).toEqual([posts[3], posts[2], posts[0]]);
    expect((await sendJson(t, "DELETE", `/api/posts/like/${posts[2]}`, fans[0])).status).toBe(200);
  });

  it("refuses an unknown sort, and a cursor of the other order, with a message naming the field", async () => {
    const badSort = await read(`/profiles/getPostsByUserId/${author.userId}?sort=popular`);
    expect(badSort.status).toBe(400);
    expect(badSort.body.data.fields).toEqual({ sort: expect.stringMatching(/must be most-liked or newest/) });

    const newest = await read(`/profiles/getPostsByUserId/${author.userId}?sort=newest&limit=1`);
    const liked = await read(`/profiles/getPostsByUserId/${author.userId}?sort=most-liked&limit=1`);
    for (const [sort, cursor] of [
      ["most-liked", newest.body.data.nextCursor],
      ["newest", liked.body.data.nextCursor],
      ["newest", "not_a_cursor!"],
    ] as const) {
      const answer = await read(`/profiles/getPostsByUserId/${author.userId}?sort=${sort}&cursor=${cursor}`);
      expect(answer.status).toBe(400);
      expect(answer.body.data.fields).toEqual({
        cursor: expect.stringMatching(/must be a cursor from a previous page/),
      });
    }
  });
});
