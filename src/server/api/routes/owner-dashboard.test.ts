// The owner dashboard as a product (issue 30, docs/owners.md "Dashboard data"): its reviews page
// by keyset and never all at once, its counts agree with the restaurant's page and with what
// the pages add up to, only the owner reads them, and a claim waiting for its mailed code can
// be resumed by its claimant alone.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, ESTABLISHED, latestCode, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { makeOwner } from "../testing/owners.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;
let owner: TestUser;
let restaurantId: number;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call answers its own shape
type Answer = { status: number; message: string; data: any };

async function call(method: string, path: string, who?: TestUser, body?: unknown): Promise<Answer> {
  const res = await sendJson(t, method, path, who, body);
  return { status: res.status, ...((await res.json()) as Omit<Answer, "status">) };
}

async function review(who: TestUser, fields: Record<string, unknown>): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  const res = await call("POST", "/api/posts/save", who, form);
  expect(res.status, res.message).toBe(200);
}

const person = () => createUser(t, ESTABLISHED);

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  owner = await person();
  restaurantId = f.restaurantIds["Tonkotsu Lane"]!;
  await makeOwner(t, restaurantId, owner.userId);
  const dishId = f.dishIds["Shoyu Ramen"]!;
  // Restaurant reviews with a dish review each, dish reviews on their own, one from a private
  // account and one from someone who blocked the owner: counted on the pages, not listed.
  for (let i = 0; i < 4; i++) {
    const who = await person();
    await review(who, {
      restaurantId,
      content: `Visit ${i}`,
      rating: 4,
      dishReviews: JSON.stringify([{ dishId, content: `Noodles ${i}`, rating: 4.5 }]),
    });
  }
  for (let i = 0; i < 3; i++) await review(await person(), { dishId, content: `Just the ramen ${i}`, rating: 3 });
  const hidden = await person();
  await call("POST", `/api/profiles/updatePrivacy/${hidden.userId}`, hidden, { isPrivate: true });
  await review(hidden, { restaurantId, content: "For my followers", rating: 2 });
  const blocker = await person();
  await review(blocker, { restaurantId, content: "Not for the owner's eyes", rating: 1 });
  expect((await call("POST", `/api/users/${owner.userId}/block`, blocker)).status).toBe(200);
});
afterAll(() => t.close());

const pagePath = (cursor?: string, pageSize = 3) =>
  `/api/owner/restaurants/${restaurantId}/reviews?pageSize=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;

async function everyPage(who: TestUser) {
  const pages: Answer["data"][] = [];
  let cursor: string | undefined;
  do {
    const res = await call("GET", pagePath(cursor), who);
    expect(res.status, res.message).toBe(200);
    pages.push(res.data);
    cursor = res.data.nextCursor ?? undefined;
  } while (cursor && pages.length < 50);
  return pages;
}

describe("the owner dashboard's reviews", () => {
  it("pages by keyset, and its counts agree with the restaurant's page and with the pages", async () => {
    const pages = await everyPage(owner);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.reviews.length).toBeLessThanOrEqual(3);
    const ids = pages.flatMap((p) => p.reviews.map((r: { id: number }) => r.id));
    expect(new Set(ids).size).toBe(ids.length);

    const { counts, replyRate } = pages[0];
    // The pages add up to the listed count; the rest are counted and said, not listed.
    expect(ids.length).toBe(counts.listed);
    expect(replyRate.total).toBe(counts.listed);
    expect(counts.notListed).toBe(2);
    expect(counts.listed + counts.notListed).toBe(counts.reviewCount);

    // The restaurant's page and its dishes' pages count the same reviews.
    const restaurant = (await call("GET", `/api/restaurants/${restaurantId}`)).data;
    expect(counts.restaurantReviewCount).toBe(restaurant.reviewCount);
    const menu = (await call("GET", `/api/owner/restaurants/${restaurantId}/menu`, owner)).data as {
      reviewCount: number;
    }[];
    const dishReviews = menu.reduce((sum, dish) => sum + dish.reviewCount, 0);
    expect(counts.reviewCount).toBe(restaurant.reviewCount + dishReviews);

    // And so does the list of the owner's restaurants.
    const owned = (await call("GET", "/api/owner/restaurants", owner)).data as {
      id: number;
      reviewCount: number;
      unansweredCount: number;
    }[];
    expect(owned.find((r) => r.id === restaurantId)).toMatchObject({
      reviewCount: counts.reviewCount,
      unansweredCount: counts.listed - replyRate.answered,
    });
  });

  it("counts a reply at once, everywhere", async () => {
    const [first] = (await call("GET", pagePath(), owner)).data.reviews as { id: number }[];
    expect((await call("POST", `/api/reviews/${first!.id}/reply`, owner, { content: "Thank you!" })).status).toBe(200);
    const page = (await call("GET", pagePath(), owner)).data;
    const owned = (await call("GET", "/api/owner/restaurants", owner)).data as { id: number; unansweredCount: number }[];
    expect(page.replyRate.answered).toBe(1);
    expect(owned.find((r) => r.id === restaurantId)!.unansweredCount).toBe(page.counts.listed - 1);
  });

  it("answers a bad cursor 400 naming the cursor", async () => {
    for (const cursor of ["not-a-cursor", "eyJ4IjoxfQ"]) {
      const res = await call("GET", pagePath(cursor), owner);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res)).toContain("cursor");
    }
  });

  it("shows another restaurant's owner nothing of this one", async () => {
    const other = await person();
    await makeOwner(t, f.restaurantIds["Kyoto Ramen House"]!, other.userId);
    for (const path of [pagePath(), `/api/owner/restaurants/${restaurantId}/stats`]) {
      const res = await call("GET", path, other);
      expect(res.status).toBe(403);
      expect(res.data).toBeNull();
    }
    const owned = (await call("GET", "/api/owner/restaurants", other)).data as { id: number }[];
    expect(owned.map((r) => r.id)).not.toContain(restaurantId);
    expect((await call("GET", pagePath())).status).toBe(401);
  });
});

describe("resuming a claim waiting for its code", () => {
  async function withContact(name: string) {
    const id = f.restaurantIds[name]!;
    const contact = `hello@${id}.example`;
    await t.db.run(sql`UPDATE restaurants SET contact_email = ${contact} WHERE id = ${id}`);
    return { id, contact };
  }

  it("gives the claimant their claim back with its masked address, and nobody else", async () => {
    const { id, contact } = await withContact("Grill Republic");
    const [claimant, stranger] = [await person(), await person()];
    expect((await call("GET", "/api/owner/claims/code", claimant)).data).toBeNull();
    const started = await call("POST", `/api/restaurants/${id}/claim`, claimant);
    expect(started.status).toBe(200);

    t.clock.advance(60_000);
    const resumed = await call("GET", "/api/owner/claims/code", claimant);
    expect(resumed.status).toBe(200);
    expect(resumed.data).toMatchObject({
      restaurant: { id, name: "Grill Republic" },
      started: { claimId: started.data.claimId, routes: ["code", "evidence"], codeSentTo: started.data.codeSentTo },
    });
    expect(resumed.data.started.expiresInSeconds).toBe(started.data.expiresInSeconds - 60);

    // Another member resumes nothing, and the claimant's code does not work for them.
    expect((await call("GET", "/api/owner/claims/code", stranger)).data).toBeNull();
    const code = latestCode(t, contact)!;
    expect((await call("POST", `/api/restaurants/${id}/claim/verify`, stranger, { code })).status).toBe(400);
    expect((await call("GET", "/api/owner/claims/code")).status).toBe(401);

    // The right code ends the claim: nothing is left to resume.
    expect((await call("POST", `/api/restaurants/${id}/claim/verify`, claimant, { code })).status).toBe(200);
    expect((await call("GET", "/api/owner/claims/code", claimant)).data).toBeNull();
  });

  it("does not resume a claim whose code expired", async () => {
    const { id } = await withContact("Kyoto Ramen House");
    const claimant = await person();
    await t.db.run(sql`UPDATE restaurant_owners SET active = 0 WHERE restaurant_id = ${id}`);
    expect((await call("POST", `/api/restaurants/${id}/claim`, claimant)).status).toBe(200);
    expect((await call("GET", "/api/owner/claims/code", claimant)).data).not.toBeNull();
    t.clock.advance(10 * 60_000);
    expect((await call("GET", "/api/owner/claims/code", claimant)).data).toBeNull();
  });
});
