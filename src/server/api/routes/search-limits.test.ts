// Issue 20, "Search costs anyone can impose": a one-letter post or people search, or a deep
// page without a cursor, read up to 10,000 rows per anonymous request, and nothing limited how
// many searches one client sent. Each case here is the attacker's request through app.request.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  MAX_UNCURSORED_SEARCH_PAGE,
  SOCIAL_MESSAGES,
  SOCIAL_POST_MESSAGES,
} from "../../../domain/social-rules.ts";
import type { PostCardPage } from "../../../shared/schemas/social-posts.ts";
import { postReviews } from "../services/review-post.ts";
import { clientFromTestHeader, createUser, NO_SCRYPT, type TestUser } from "../testing/accounts.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";

const { t, f } = useCatalogueTestApp({}, (t) => clientFromTestHeader(t));
let clientSerial = 0;
const MINUTE = 60_000;

const freshClient = () => ({ "x-test-client": `searcher-${++clientSerial}` });

async function get(path: string, headers: Record<string, string> = freshClient()) {
  const res = await t.app.request(path, { headers });
  const body = (await res.json()) as { code: number; message: string; data: unknown };
  return { status: res.status, body, retryAfter: res.headers.get("retry-after") };
}

/** The start of a fresh one-minute window, so a test's requests share one window. */
function startOfNextMinute() {
  t.clock.set(Math.ceil(t.clock.now() / MINUTE) * MINUTE + 1000);
}

describe("search input limits", () => {
  it("post search needs 2 characters, or 1 beside a rating band that narrows", async () => {
    const one = await get("/api/posts/search/1?keyword=a");
    expect(one.status).toBe(400);
    expect(one.body).toEqual({
      code: 400,
      message: SOCIAL_POST_MESSAGES.keywordTooShort,
      data: { fields: { keyword: SOCIAL_POST_MESSAGES.keywordTooShort } },
    });
    // The island's "all" band sends 0 to 5, which narrows nothing.
    expect((await get("/api/posts/search/1?keyword=a&minRating=0&maxRating=5")).status).toBe(400);
    expect((await get("/api/posts/search/1?keyword=%20a%20")).status).toBe(400);
    expect((await get("/api/posts/search/1?keyword=a&minRating=4.8&maxRating=5")).status).toBe(200);
    expect((await get("/api/posts/search/1?keyword=ab")).status).toBe(200);
    expect((await get("/api/posts/search/1")).status).toBe(200);
  });

  it("people search needs 2 characters", async () => {
    const one = await get("/api/people/search?q=a");
    expect(one.status).toBe(400);
    expect(one.body.message).toBe(SOCIAL_MESSAGES.peopleQueryTooShort);
    expect(one.body.data).toEqual({ fields: { q: SOCIAL_MESSAGES.peopleQueryTooShort } });
    expect((await get("/api/people/search?q=ab")).status).toBe(200);
  });

  it("post search pages past 5 need the cursor; pages 1 to 5 by number still match the cursor walk", async () => {
    const authors = await Promise.all(Array.from({ length: 7 }, () => createUser(t, NO_SCRYPT)));
    for (const [i, author] of authors.entries()) {
      await postReviews(t.deps, [
        {
          restaurantId: f.restaurantIds["Grill Republic"]!,
          authorId: author.userId,
          content: `Quincewood smoke number ${i}`,
          ratingTenths: 40,
          createdAt: t.clock.now() - (i + 1) * MINUTE,
        },
      ]);
    }
    const walk: number[][] = [];
    let cursor: string | null = null;
    for (let page = 1; page <= MAX_UNCURSORED_SEARCH_PAGE + 1; page++) {
      const { body } = await get(
        `/api/posts/search/${page}?keyword=quincewood&pageSize=1${cursor ? `&cursor=${cursor}` : ""}`,
      );
      const data = body.data as PostCardPage;
      walk.push(data.data.map((post) => post.id));
      cursor = data.nextCursor;
    }
    expect(walk.flat()).toHaveLength(MAX_UNCURSORED_SEARCH_PAGE + 1);
    for (let page = 1; page <= MAX_UNCURSORED_SEARCH_PAGE; page++) {
      const { status, body } = await get(`/api/posts/search/${page}?keyword=quincewood&pageSize=1`);
      expect(status).toBe(200);
      expect((body.data as PostCardPage).data.map((post) => post.id)).toEqual(walk[page - 1]);
    }
    const deep = await get(`/api/posts/search/${MAX_UNCURSORED_SEARCH_PAGE + 1}?keyword=quincewood&pageSize=1`);
    expect(deep.status).toBe(400);
    expect(deep.body).toEqual({
      code: 400,
      message: SOCIAL_POST_MESSAGES.searchPageTooDeep,
      data: { fields: { page: SOCIAL_POST_MESSAGES.searchPageTooDeep } },
    });
    expect((await get("/api/posts/search/9999?pageSize=50")).status).toBe(400);
  });
});

describe("search rate limits", () => {
  const mixed = (i: number) =>
    [
      `/api/dishes/searchByKeywordLocationTop?keyword=flood${i}`,
      `/api/restaurants/searchTop?keyword=flood${i}`,
      `/api/offers/search?keyword=flood${i}`,
      `/api/posts/search/1?keyword=flood${i}`,
      `/api/people/search?q=flood${i}`,
    ][i % 5]!;

  it("answers an anonymous client's 61st search in a minute with 429 and Retry-After, on every search", async () => {
    startOfNextMinute();
    const flooder = freshClient();
    for (let i = 0; i < 60; i++) expect((await get(mixed(i), flooder)).status, mixed(i)).toBe(200);
    for (let i = 60; i < 65; i++) {
      const refused = await get(mixed(i), flooder);
      expect(refused.status, mixed(i)).toBe(429);
      expect(refused.body.message).toMatch(/^Too many searches from your network\. Please try again in/);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    }
    // Another client is not held up, and the flooder searches again in the next minute.
    expect((await get(mixed(70))).status).toBe(200);
    t.clock.advance(MINUTE);
    expect((await get(mixed(71), flooder)).status).toBe(200);
  });

  it("an IPv6 client rotating addresses inside its /64 gets one client's 60 searches, not 60 per address", async () => {
    startOfNextMinute();
    const rotating = (i: number) => ({ "x-test-client": `2001:db8:77:1:${(i + 1).toString(16)}::9` });
    for (let i = 0; i < 60; i++) expect((await get(mixed(i), rotating(i))).status).toBe(200);
    const refused = await get(mixed(60), rotating(60));
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // The next /64 is another client; an IPv4-mapped address counts as its IPv4 address.
    expect((await get(mixed(61), { "x-test-client": "2001:db8:77:2::9" })).status).toBe(200);
    expect((await get(mixed(62), { "x-test-client": "::ffff:198.51.100.3" })).status).toBe(200);
  });

  // Issue 33: a read path never writes. Counted in the database, every anonymous search was
  // one write (on Cloudflare, one to D1's single primary per search in the world).
  it("answers searches and suggestions with no row written to count them, signed in or not", async () => {
    startOfNextMinute();
    const rows = async () =>
      (await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM rate_limits`))[0]!.n;
    const me: TestUser = await createUser(t, NO_SCRYPT);
    const before = await rows();
    for (let i = 0; i < 5; i++) expect((await get(mixed(i))).status).toBe(200);
    expect((await get("/api/search/suggestions?keyword=ram")).status).toBe(200);
    expect((await get("/api/people/search?q=mine", { ...freshClient(), ...me.authorization })).status).toBe(200);
    expect(await rows()).toBe(before);
  });

  it("counts a signed-in user's searches per user, 120 a minute, apart from the client's", async () => {
    startOfNextMinute();
    const me: TestUser = await createUser(t, NO_SCRYPT);
    const office = freshClient();
    const mine = { ...office, ...me.authorization };
    for (let i = 0; i < 120; i++) {
      expect((await get(`/api/posts/search/1?keyword=mine${i}`, mine)).status).toBe(200);
    }
    const refused = await get("/api/people/search?q=mine", mine);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many searches\. Please try again in/);
    // The same user from another network is the same user; a visitor at the office is not.
    expect((await get("/api/people/search?q=mine", { ...freshClient(), ...me.authorization })).status).toBe(
      429,
    );
    expect((await get("/api/people/search?q=visitor", office)).status).toBe(200);
  });

  // A cached catalogue answer costs no database work: the URL fast path serves it before
  // routing, so it is not counted and not refused (docs/security.md says why).
  it("serves a cached catalogue answer to a client over its limit, and never caches a 429", async () => {
    startOfNextMinute();
    const client = freshClient();
    const cached = "/api/dishes/searchByKeywordLocationTop?keyword=ramen";
    expect((await get(cached, client)).status).toBe(200);
    for (let i = 1; i < 60; i++) expect((await get(mixed(i), client)).status).toBe(200);
    const refusedTarget = "/api/dishes/searchTrending?keyword=ramen";
    expect((await get(refusedTarget, client)).status).toBe(429);
    const hit = await get(cached, client);
    expect(hit.status).toBe(200);
    expect((hit.body.data as unknown[]).length).toBeGreaterThan(0);
    // The refusal was not remembered as the answer for that target: another client gets the list.
    const other = await get(refusedTarget);
    expect(other.status).toBe(200);
    expect((other.body.data as unknown[]).length).toBeGreaterThan(0);
  });
});
