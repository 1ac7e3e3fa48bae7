// Every write keeps every cached read true. For each write the API offers (walked from
// /api/openapi.json, so a new write route fails here until it is listed) and each catalogue
// write service: warm every cached read, write, then every read must answer what an uncached
// app over the same database answers, and the reads the write did not touch must still be
// served from memory.
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { createResponseCache } from "./cache/response-cache.ts";
import { postReviews } from "./services/review-post.ts";
import { setRole } from "./services/moderation-roles.ts";
import {
  confirmTokenFor,
  createUser as createNewUser,
  ESTABLISHED,
  NO_SCRYPT,
  everyRequestItsOwnClient,
  latestCode,
  postForm,
  postJson,
  readEnvelope,
  sendJson,
  type TestUser,
} from "./testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "./testing/fixture.ts";
import { claimCodeFor, evidenceClaim, makeOwner, restaurantOwnedBy, replyTo } from "./testing/owners.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

let t: TestApp;
/**
 * Every account here is past its first week: the cases post many reviews of one ramen dish
 * within the test's minute, which detection would hold and then pause (issue 21).
 */
const createUser = (app: TestApp) => createNewUser(app, ESTABLISHED);
let f: CatalogueFixture;
let reference: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestApp();
  // Every read target is asked after every write: far more searches than one client may send.
  everyRequestItsOwnClient(t);
  f = await buildCatalogueFixture(t.db, t.clock.now());
  // The same database with a cache that keeps nothing: the truth every cached read must match.
  reference = createApp({
    ...t.deps,
    cache: createResponseCache({ ttlMs: 0, maxEntries: 1, now: t.clock.now }),
  });
});
afterAll(() => t.close());

/** One target per cached read, with ids and names the fixture has. */
function readTargets(): Record<string, string[]> {
  const dish = (name: string) => f.dishIds[name]!;
  const restaurant = (name: string) => f.restaurantIds[name]!;
  const firstOffer = Object.values(f.offerIds)[0]!;
  return {
    "/areas/all": ["/api/areas/all"],
    "/areas/{id}": [`/api/areas/${f.areaIds.Soho}`],
    "/places/suggest": ["/api/places/suggest?q=so"],
    "/map/places": ["/api/map/places?bbox=-0.52,51.28,0.34,51.7", "/api/map/places?bbox=-0.2,51.45,0,51.6&keyword=ramen"],
    "/regions/all": ["/api/regions/all"],
    "/tags/getLimitedTags": ["/api/tags/getLimitedTags?limit=30"],
    "/dishes/{id}": [`/api/dishes/${dish("Shoyu Ramen")}`, `/api/dishes/${dish("Margherita")}`],
    "/dishes/top": [
      "/api/dishes/top?topNum=1",
      `/api/dishes/top?restaurantId=${restaurant("Grill Republic")}&topNum=2`,
    ],
    "/dishes/top/location": [
      "/api/dishes/top/location?location=Soho&topNum=1",
      "/api/dishes/top/location?location=North&topNum=1",
      "/api/dishes/top/location?location=East&topNum=1",
    ],
    "/dishes/top/filter": [
      "/api/dishes/top/filter?tagName=Ramen",
      "/api/dishes/top/filter?tagName=Ramen&topNum=1",
      "/api/dishes/top/filter?tagName=Pizza",
    ],
    "/dishes/trending": ["/api/dishes/trending?topNum=1", "/api/dishes/trending?tagName=Pizza"],
    "/dishes/trendingbytag": ["/api/dishes/trendingbytag?tags=Ramen,Japanese&topNum=1"],
    "/dishes/searchByKeywordLocationTop": ["/api/dishes/searchByKeywordLocationTop?keyword=ramen"],
    "/dishes/searchTrending": ["/api/dishes/searchTrending?keyword=pizza"],
    "/dishes/search": ["/api/dishes/search?keyword=ramen", "/api/dishes/search?keyword=pizza&topNum=1"],
    "/search/suggestions": ["/api/search/suggestions?keyword=ra", "/api/search/suggestions?keyword=kyoto"],
    "/restaurants/{id}": Object.keys(f.restaurantIds).map((name) => `/api/restaurants/${restaurant(name)}`),
    "/restaurants/{id}/menu": Object.keys(f.restaurantIds).map((name) => `/api/restaurants/${restaurant(name)}/menu`),
    "/restaurants/top": ["/api/restaurants/top?topNum=1"],
    "/restaurants/top/location": ["/api/restaurants/top/location?location=Islington"],
    "/restaurants/top/filter": ["/api/restaurants/top/filter?tagName=Pizza"],
    "/restaurants/trending": ["/api/restaurants/trending?topNum=1"],
    "/restaurants/trendingbytag": ["/api/restaurants/trendingbytag?tags=Burgers"],
    "/restaurants/searchTop": ["/api/restaurants/searchTop?keyword=ramen"],
    "/restaurants/searchTrending": ["/api/restaurants/searchTrending?keyword=pizza"],
    "/restaurants/search": ["/api/restaurants/search?keyword=ramen", "/api/restaurants/search?keyword=pizza&topNum=1"],
    "/offers/filter": ["/api/offers/filter?tagName=Burgers"],
    "/offers/search": ["/api/offers/search?keyword=burger"],
    "/offers/restaurant/{id}": [`/api/offers/restaurant/${restaurant("Grill Republic")}`],
    "/offers/{id}": [`/api/offers/${firstOffer}`],
    "/reviews/restaurant/{id}": [
      `/api/reviews/restaurant/${restaurant("Grill Republic")}`,
      `/api/reviews/restaurant/${restaurant("Tonkotsu Lane")}?sort=highest`,
    ],
    "/reviews/dish/{id}": [
      `/api/reviews/dish/${dish("Shoyu Ramen")}`,
      `/api/reviews/dish/${dish("Margherita")}`,
    ],
    "/reviews/restaurant/{id}/pause": [`/api/reviews/restaurant/${restaurant("Tonkotsu Lane")}/pause`],
    "/reviews/dish/{id}/pause": [
      `/api/reviews/dish/${dish("Shoyu Ramen")}/pause`,
      `/api/reviews/dish/${dish("Margherita")}/pause`,
    ],
    "/transparency": ["/api/transparency"],
  };
}

/**
 * GETs that are not cached, each with the reason and a target that answers 200; every other
 * GET must have a read target above. The coverage test asks each target (with a token where
 * the route declares one) and checks the cache kept nothing for it.
 */
async function uncachedReads(): Promise<Record<string, { why: string; target: string; who?: TestUser }>> {
  const me = user.userId;
  const admin = await staffMember("admin");
  return {
    "/moderation/queue": {
      why: "moderators only, behind a token",
      target: "/api/moderation/queue",
      who: admin,
    },
    "/moderation/log": { why: "admins only, behind a token", target: "/api/moderation/log", who: admin },
    "/moderation/log/export": {
      why: "admins only, a download",
      target: "/api/moderation/log/export",
      who: admin,
    },
    "/health": { why: "liveness, never cached", target: "/api/health" },
    "/files/{name}": { why: "file bytes, immutable by name", target: `/api/files/${PROBE_FILE}` },
    "/offers/randomGet": { why: "random on purpose, no-store", target: "/api/offers/randomGet" },
    "/users/{id}": { why: "per user, behind a token", target: `/api/users/${me}` },
    "/dev/outbox": { why: "development mail, per process", target: "/api/dev/outbox" },
    "/posts/feed/{page}": { why: "per user, behind a token", target: "/api/posts/feed/1" },
    "/posts/search/{page}": {
      why: "per viewer (private accounts, blocks), no-store",
      target: "/api/posts/search/1?keyword=ramen",
    },
    "/comments/getAllPostsComments/{postId}": {
      why: "per viewer (likedByUser, blocks, private accounts), no-store",
      target: `/api/comments/getAllPostsComments/${await aPost()}`,
    },
    "/posts/{id}": {
      why: "per viewer (likes, blocks, private accounts), no-store",
      target: `/api/posts/${await aPost()}`,
    },
    "/posts/liked/{userId}": { why: "per user, behind a token", target: `/api/posts/liked/${me}` },
    "/posts/saved/{userId}": { why: "per user, behind a token", target: `/api/posts/saved/${me}` },
    "/follower/getFollowing/{userId}": {
      why: "per viewer (isFollowing, private accounts), no-store",
      target: `/api/follower/getFollowing/${f.userIds.ada}`,
    },
    "/follower/getFollower/{userId}": {
      why: "per viewer (isFollowing, private accounts), no-store",
      target: `/api/follower/getFollower/${f.userIds.ada}`,
    },
    "/follower/requests": { why: "per user, behind a token", target: "/api/follower/requests" },
    "/lists/mine": { why: "per user, behind a token", target: "/api/lists/mine" },
    "/lists/holding": {
      why: "per user, behind a token",
      target: `/api/lists/holding?kind=dish&id=${f.dishIds["Shoyu Ramen"]}`,
    },
    "/lists/settings": { why: "per user, behind a token", target: "/api/lists/settings" },
    "/lists/activity": { why: "per user (whom they follow), behind a token", target: "/api/lists/activity" },
    "/lists/{id}": { why: "per viewer (visibility, blocks), no-store", target: `/api/lists/${await aList(user, "public")}` },
    "/lists/link/{token}": {
      why: "per viewer (blocks), no-store",
      target: `/api/lists/link/${await aListToken(user)}`,
    },
    "/users/{userId}/lists": { why: "per viewer (visibility, blocks), no-store", target: `/api/users/${me}/lists` },
    "/items/{kind}/{id}/following": {
      why: "per user (whom they follow), behind a token",
      target: `/api/items/dish/${f.dishIds["Shoyu Ramen"]}/following`,
    },
    "/items/following": {
      why: "per user (whom they follow), behind a token",
      target: `/api/items/following?kind=dish&ids=${f.dishIds["Shoyu Ramen"]}`,
    },
    "/account/export/{userId}": { why: "per user, behind a token", target: `/api/account/export/${me}` },
    "/profiles/getProfileByUserId/{userId}": {
      why: "per viewer (isFollowing, private accounts), no-store",
      target: `/api/profiles/getProfileByUserId/${f.userIds.ada}`,
    },
    "/profiles/getPostsByUserId/{userId}": {
      why: "per viewer (private accounts), no-store",
      target: `/api/profiles/getPostsByUserId/${f.userIds.ada}`,
    },
    "/people/search": {
      why: "per viewer (blocks, isFollowing), no-store",
      target: "/api/people/search?q=ada",
    },
    "/people/suggestions": { why: "per user, behind a token", target: "/api/people/suggestions" },
    "/blocks": { why: "per user, behind a token", target: "/api/blocks" },
    "/notifications": { why: "per user, behind a token", target: "/api/notifications" },
    "/notifications/unreadCount": {
      why: "per user, behind a token",
      target: "/api/notifications/unreadCount",
    },
    // Issue 30: the composer's "you reviewed this already" check, per caller.
    "/reviews/restaurant/{id}/mine": {
      why: "the caller's own review, behind a token, never cached",
      target: `/api/reviews/restaurant/${f.restaurantIds["Grill Republic"]}/mine`,
    },
    "/reviews/dish/{id}/mine": {
      why: "the caller's own review, behind a token, never cached",
      target: `/api/reviews/dish/${f.dishIds["Shoyu Ramen"]}/mine`,
    },
    "/reviews/user/{userId}": {
      why: "a user's reviews span items; no write names them, so never cached",
      target: `/api/reviews/user/${f.userIds.ada}`,
    },
    "/restaurants/names": { why: "behind a token (spec point 6), private", target: "/api/restaurants/names" },
    // Owners (issue 22): the owner's own data, behind a token.
    "/owner/claims": { why: "per user, behind a token", target: "/api/owner/claims" },
    "/owner/claims/code": { why: "per user, behind a token", target: "/api/owner/claims/code" },
    "/owner/restaurants": { why: "per user, behind a token", target: "/api/owner/restaurants" },
    ...(await ownerReads()),
    "/dishes/names": { why: "behind a token (spec point 6), private", target: "/api/dishes/names" },
    "/dishes/namesInRestaurant/{restaurantId}": {
      why: "behind a token (spec point 6), private",
      target: `/api/dishes/namesInRestaurant/${f.restaurantIds["Grill Republic"]}`,
    },
  };
}

/** A stored file for the /files/{name} target, put there by the coverage test. */
const PROBE_FILE = "uncached-probe.png";
const PNG_PIXEL = { create: { width: 1, height: 1, channels: 3, background: "#c33" } } as const;

/** A fixture post that is not part of a restaurant review. */
const aPost = async () =>
  (await t.db.all<{ id: number }>(sql`SELECT id FROM posts WHERE review_group_id IS NULL LIMIT 1`))[0]!.id;

interface WriteCase {
  /** Performs the write through HTTP (or the service, for writes with no route yet). */
  run: () => Promise<void>;
  /** Reads that must still be served from memory afterwards: "all" for writes outside the catalogue. */
  kept: "all" | string[];
}

async function expectOk(response: Response | Promise<Response>) {
  const res = await response;
  expect(res.status, `${res.url} answered ${res.status}: ${await res.clone().text()}`).toBeLessThan(300);
}

let user: TestUser;

/** A new account holding a moderation role (issue 21). */
async function staffMember(role: "moderator" | "admin"): Promise<TestUser> {
  const member = await createUser(t);
  await setRole(t.db, member.email, role, { id: null, label: "test" }, t.clock.now());
  return member;
}

const fresh = () => `writer-${Math.random().toString(36).slice(2, 10)}@example.com`;

/** Every write route, by "METHOD /path" as /api/openapi.json names it. */
const WRITE_ROUTES: Record<string, WriteCase> = {
  // Owners (issue 22): claims, replies, reports, facts and menu.
  ...ownerWrites(),
  // Follows, profiles, blocks, reports and notifications (issue 12) change no cached public read.
  ...socialWrites(),
  // Comments, their likes and reports, post likes and saves (issue 12): no cached read shows them.
  ...postSocialWrites(),
  "POST /users/sendEmail": {
    run: () => expectOk(t.app.request(`/api/users/sendEmail?to=${fresh()}`, { method: "POST" })),
    kept: "all",
  },
  "POST /users/verifyEmailCode1": {
    run: async () => {
      const email = fresh();
      await expectOk(t.app.request(`/api/users/sendEmail?to=${email}`, { method: "POST" }));
      await expectOk(postForm(t, "/api/users/verifyEmailCode1", { email, code: latestCode(t, email)! }));
    },
    kept: "all",
  },
  "POST /users/signup": {
    run: async () => {
      const email = fresh();
      await expectOk(t.app.request(`/api/users/sendEmail?to=${email}`, { method: "POST" }));
      const verified = await postForm(t, "/api/users/verifyEmailCode1", {
        email,
        code: latestCode(t, email)!,
      });
      const { signupTicket } = (await readEnvelope(verified)).data;
      await expectOk(
        postJson(t, "/api/users/signup", {
          email,
          signupTicket,
          firstName: "Wren",
          lastName: "Writer",
          username: `wren_${Math.random().toString(36).slice(2, 8)}`,
          phoneNumber: `+4477${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
          password: "a long unusual passphrase",
        }),
      );
    },
    kept: "all",
  },
  "POST /users/login": {
    run: () =>
      expectOk(postJson(t, "/api/users/login", { emailOrPhoneNumber: user.email, password: user.password })),
    kept: "all",
  },
  "POST /users/logout": {
    run: async () => {
      const someone = await createUser(t);
      await expectOk(postJson(t, "/api/users/logout", {}, someone.authorization));
    },
    kept: "all",
  },
  "POST /users/save": {
    run: () => expectOk(postJson(t, "/api/users/save", { firstName: "Renamed" }, user.authorization)),
    kept: "all",
  },
  "POST /users/password/forgot": {
    run: () => expectOk(postJson(t, "/api/users/password/forgot", { email: user.email })),
    kept: "all",
  },
  "POST /users/password/reset": {
    run: async () => {
      const someone = await createUser(t);
      await expectOk(postJson(t, "/api/users/password/forgot", { email: someone.email }));
      await expectOk(
        postJson(t, "/api/users/password/reset", {
          email: someone.email,
          code: latestCode(t, someone.email)!,
          password: "another long passphrase",
        }),
      );
    },
    kept: "all",
  },
  "POST /register": {
    run: () => expectOk(postJson(t, "/api/register", { email: fresh() })),
    kept: "all",
  },
  "POST /registrations/early-access": {
    run: () => expectOk(postJson(t, "/api/registrations/early-access", { ...applicant(), email: fresh() })),
    kept: "all",
  },
  "POST /registrations/influencer": {
    run: () =>
      expectOk(
        postJson(t, "/api/registrations/influencer", {
          ...applicant(),
          email: fresh(),
          socialUrl: "https://www.instagram.com/wren.eats",
        }),
      ),
    kept: "all",
  },
  "POST /registrations/confirm": {
    run: async () => {
      const email = fresh();
      await expectOk(postJson(t, "/api/register", { email }));
      await expectOk(postJson(t, "/api/registrations/confirm", { token: confirmTokenFor(t, email) }));
    },
    kept: "all",
  },
};

// Review and catalogue writes (issue 11). Reads a ramen or burger write must leave alone:
// nothing about pizza, other dishes' pages, tags and places. Functions: the fixture's ids
// exist only once beforeAll has run.
const KEPT_AWAY_FROM_PIZZA = () => [
  "/api/tags/getLimitedTags?limit=30",
  "/api/regions/all",
  "/api/areas/all",
  `/api/dishes/${f.dishIds.Margherita}`,
  "/api/dishes/top/filter?tagName=Pizza",
  "/api/restaurants/top/filter?tagName=Pizza",
];
// A new restaurant or dish carries tags: the tag list keeps the most used (home's chips), so
// that one read may change; the rest about pizza, places and other dishes stays.
const KEPT_BY_NEW_ITEM = () => KEPT_AWAY_FROM_PIZZA().filter((target) => !target.startsWith("/api/tags/"));
// Reports, decisions and appeals move the transparency report's figures (issue 21) and nothing else.
const KEPT_BUT_TRANSPARENCY = () =>
  Object.values(readTargets())
    .flat()
    .filter((target) => target !== "/api/transparency");
// A review of ramen also leaves the pizza's reviews alone.
const KEPT_BY_RAMEN_REVIEW = () => [...KEPT_AWAY_FROM_PIZZA(), `/api/reviews/dish/${f.dishIds.Margherita}`];

async function postRamenReview(author: TestUser): Promise<number> {
  const form = new FormData();
  form.append("dishId", String(f.dishIds["Shoyu Ramen"]));
  form.append("content", "Clear, deep broth");
  form.append("rating", "4.6");
  const res = await t.app.request("/api/posts/save", {
    method: "POST",
    body: form,
    headers: author.authorization,
  });
  await expectOk(res.clone());
  return ((await res.json()) as { data: { postId: number } }).data.postId;
}

/** Adds a photo to the review; answers its name on the review's card. */
async function addRamenPhoto(author: TestUser, id: number): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c93" } }).png().toBuffer();
  const form = new FormData();
  form.append("images", new File([new Uint8Array(png)], "bowl.png", { type: "image/png" }));
  await expectOk(t.app.request(`/api/posts/${id}/photos`, { method: "POST", body: form, headers: author.authorization }));
  const res = await t.app.request(`/api/posts/${id}`, { headers: author.authorization });
  return ((await res.json()) as { data: { photos: { name: string }[] } }).data.photos[0]!.name;
}

Object.assign(WRITE_ROUTES, {
  "POST /posts/save": {
    run: async () => void (await postRamenReview(await createUser(t))),
    get kept() {
      return KEPT_BY_RAMEN_REVIEW();
    },
  },
  // Item lists leave a private account's reviews out (docs/social.md): a reviewer going private
  // changes the lists of the items they reviewed, and nothing else (rankings count everyone).
  "POST /profiles/updatePrivacy/{userId}, a reviewer going private": {
    run: async () => {
      const reviewer = await createUser(t);
      await postRamenReview(reviewer);
      // The review dropped the ramen's reads; warm them again, so the switch must drop them.
      for (const target of Object.values(readTargets()).flat()) await t.app.request(target);
      await expectOk(
        sendJson(t, "POST", `/api/profiles/updatePrivacy/${reviewer.userId}`, reviewer, { isPrivate: true }),
      );
    },
    get kept() {
      const ramenReviews = `/api/reviews/dish/${f.dishIds["Shoyu Ramen"]}`;
      return Object.values(readTargets())
        .flat()
        .filter((target) => target !== ramenReviews);
    },
  },
  // Item review lists show each reviewer's photo: a new one changes the lists of the items they
  // reviewed, and nothing else (issue 25).
  "POST /profiles/uploadImage/{userId}, a reviewer's new photo": {
    run: async () => {
      const reviewer = await createUser(t);
      await postRamenReview(reviewer);
      // The review dropped the ramen's reads; warm them again, so the photo must drop them.
      for (const target of Object.values(readTargets()).flat()) await t.app.request(target);
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3c3" } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append("file", new File([new Uint8Array(png)], "me.png", { type: "image/png" }));
      await expectOk(
        t.app.request(`/api/profiles/uploadImage/${reviewer.userId}`, {
          method: "POST",
          headers: reviewer.authorization,
          body: form,
        }),
      );
    },
    get kept() {
      const ramenReviews = `/api/reviews/dish/${f.dishIds["Shoyu Ramen"]}`;
      return Object.values(readTargets())
        .flat()
        .filter((target) => target !== ramenReviews);
    },
  },
  // The review modal's other shape: a restaurant review with dish reviews of its dishes, one
  // post that changes a restaurant and a dish at once.
  "POST /posts/save, a restaurant review with dishReviews": {
    run: async () => {
      const form = new FormData();
      form.append("restaurantId", String(f.restaurantIds["Tonkotsu Lane"]));
      form.append("content", "A tiny counter, a great bowl");
      form.append("rating", "4.2");
      form.append(
        "dishReviews",
        JSON.stringify([{ dishId: f.dishIds["Shoyu Ramen"], content: "Clear and deep", rating: 4.8 }]),
      );
      const res = await sendJson(t, "POST", "/api/posts/save", await createUser(t), form);
      await expectOk(res.clone());
      const { data } = (await res.json()) as { data: { dishPostIds: number[] } };
      expect(data.dishPostIds).toHaveLength(1);
    },
    get kept() {
      return KEPT_BY_RAMEN_REVIEW();
    },
  },
  "POST /posts/update": {
    run: async () => {
      const author = await createUser(t);
      const id = await postRamenReview(author);
      await expectOk(postJson(t, "/api/posts/update", { id, rating: 2.5 }, author.authorization));
    },
    get kept() {
      return KEPT_BY_RAMEN_REVIEW();
    },
  },
  // Issue 30: a review's photos show in its item's list, as its edits do.
  "POST /posts/{id}/photos": {
    run: async () => {
      const author = await createUser(t);
      await addRamenPhoto(author, await postRamenReview(author));
    },
    get kept() {
      return KEPT_BY_RAMEN_REVIEW();
    },
  },
  "DELETE /posts/{id}/photos/{name}": {
    run: async () => {
      const author = await createUser(t);
      const id = await postRamenReview(author);
      const name = await addRamenPhoto(author, id);
      await expectOk(t.app.request(`/api/posts/${id}/photos/${name}`, { method: "DELETE", headers: author.authorization }));
    },
    get kept() {
      return KEPT_BY_RAMEN_REVIEW();
    },
  },
  "DELETE /posts/{id}": {
    run: async () => {
      const author = await createUser(t);
      const id = await postRamenReview(author);
      await expectOk(t.app.request(`/api/posts/${id}`, { method: "DELETE", headers: author.authorization }));
    },
    get kept() {
      return KEPT_BY_RAMEN_REVIEW();
    },
  },
  // Settings (issue 12): a password changes no read; deleting an account deletes its reviews
  // through the reviews service, so the reads that showed them go like a review's delete.
  "POST /account/password/{userId}": {
    run: async () => {
      const me = await createUser(t);
      await expectOk(
        postJson(
          t,
          `/api/account/password/${me.userId}`,
          { currentPassword: me.password, newPassword: "a brand new passphrase" },
          me.authorization,
        ),
      );
    },
    kept: "all",
  },
  "POST /account/delete/{userId}": {
    run: async () => {
      const author = await createUser(t);
      await postRamenReview(author);
      await expectOk(
        postJson(
          t,
          `/api/account/delete/${author.userId}`,
          { password: author.password },
          author.authorization,
        ),
      );
    },
    get kept() {
      return KEPT_BY_RAMEN_REVIEW();
    },
  },
  "POST /posts/report": {
    run: async () => {
      const id = await postRamenReview(await createUser(t));
      await expectOk(
        postJson(t, "/api/posts/report", { postId: id, reason: "off-topic" }, user.authorization),
      );
    },
    get kept() {
      return KEPT_BY_RAMEN_REVIEW();
    },
  },
  // Moderation (issue 21): removing a review drops the reads that showed it (its item's list,
  // counts and rankings), like a delete; keeping it, an appeal and a role change touch none.
  "POST /moderation/actions": {
    run: async () => {
      const id = await postRamenReview(await createUser(t));
      // The review dropped the ramen's reads; warm them again, so the removal must drop them.
      for (const target of Object.values(readTargets()).flat()) await t.app.request(target);
      await expectOk(
        postJson(
          t,
          "/api/moderation/actions",
          { kind: "review", id, action: "remove", reason: "spam-or-fake", note: "Copied" },
          (await staffMember("moderator")).authorization,
        ),
      );
    },
    get kept() {
      return KEPT_BY_RAMEN_REVIEW();
    },
  },
  "POST /moderation/actions, a keep": {
    run: async () => {
      const id = await postRamenReview(await createUser(t));
      for (const target of Object.values(readTargets()).flat()) await t.app.request(target);
      await expectOk(
        postJson(
          t,
          "/api/moderation/actions",
          { kind: "review", id, action: "keep", reason: "no-violation", note: "Fine" },
          (await staffMember("moderator")).authorization,
        ),
      );
    },
    get kept() {
      return KEPT_BUT_TRANSPARENCY();
    },
  },
  "POST /moderation/appeals": {
    run: async () => {
      const author = await createUser(t);
      const id = await postRamenReview(author);
      const decided = await postJson(
        t,
        "/api/moderation/actions",
        { kind: "review", id, action: "warn", reason: "off-topic", note: "On topic, please" },
        (await staffMember("moderator")).authorization,
      );
      const { decisionId } = (await readEnvelope(decided)).data;
      for (const target of Object.values(readTargets()).flat()) await t.app.request(target);
      await expectOk(
        postJson(t, "/api/moderation/appeals", { decisionId, note: "It was" }, author.authorization),
      );
    },
    get kept() {
      return KEPT_BUT_TRANSPARENCY();
    },
  },
  "POST /moderation/moderators": {
    run: async () =>
      expectOk(
        postJson(
          t,
          "/api/moderation/moderators",
          { email: (await createUser(t)).email, grant: true },
          (await staffMember("admin")).authorization,
        ),
      ),
    kept: "all",
  },
  "POST /restaurants/save": {
    run: () =>
      expectOk(
        postJson(
          t,
          "/api/restaurants/save",
          {
            name: `Noodle Yard ${Math.random().toString(36).slice(2, 8)}`,
            address: "1 Dean Street",
            email: "W1D 3RB",
            region: f.regionIds.Central,
            area: f.areaIds.Soho,
            tags: ["Ramen"],
          },
          user.authorization,
        ),
      ),
    get kept() {
      return KEPT_BY_NEW_ITEM();
    },
  },
  "POST /dishes/save": {
    run: () =>
      expectOk(
        postJson(
          t,
          "/api/dishes/save",
          {
            dishName: `Smoked Brisket ${Math.random().toString(36).slice(2, 8)}`,
            price: 14.5,
            tags: ["Burgers"],
            restaurantId: f.restaurantIds["Grill Republic"],
          },
          user.authorization,
        ),
      ),
    get kept() {
      return KEPT_BY_NEW_ITEM();
    },
  },
} satisfies Record<string, WriteCase>);

// Catalogue moderation (issue 21, docs/moderation.md "Added restaurants and dishes"): each
// moderator action on an added item drops the reads that show it, before and after.
Object.assign(WRITE_ROUTES, catalogueModerationWrites());

function catalogueModerationWrites(): Record<string, WriteCase> {
  const suffix = () => Math.random().toString(36).slice(2, 8);
  /** A brisket anyone added at Grill Republic, rated well enough to top the lists it may enter. */
  const addedBrisket = async () => {
    const res = await postJson(
      t,
      "/api/dishes/save",
      {
        dishName: `Added Brisket ${suffix()}`,
        price: 15,
        tags: ["Burgers"],
        restaurantId: f.restaurantIds["Grill Republic"],
      },
      user.authorization,
    );
    await expectOk(res.clone());
    const dishId = (await readEnvelope(res)).data.id as number;
    const raters = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createUser(t)));
    await postReviews(
      t.deps,
      raters.map((rater) => ({
        dishId,
        authorId: rater.userId,
        content: "Smoky and tender",
        ratingTenths: 50,
        createdAt: t.clock.now(),
      })),
    );
    return dishId;
  };
  const moderate = async (body: Record<string, unknown>) => {
    // Warm every read first, so the action itself must drop what it changed.
    for (const target of Object.values(readTargets()).flat()) await t.app.request(target);
    await expectOk(
      postJson(
        t,
        "/api/moderation/actions",
        { reason: "no-violation", note: "Checked", ...body },
        (await staffMember("moderator")).authorization,
      ),
    );
  };
  return {
    "POST /moderation/actions, approve an added dish": {
      run: async () => moderate({ kind: "dish", id: await addedBrisket(), action: "approve" }),
      get kept() {
        return KEPT_AWAY_FROM_PIZZA();
      },
    },
    "POST /moderation/actions, edit an added dish": {
      run: async () =>
        moderate({
          kind: "dish",
          id: await addedBrisket(),
          action: "edit",
          fields: { name: `Ramen Brisket ${suffix()}`, tags: ["Ramen"], price: 16 },
        }),
      get kept() {
        return KEPT_BY_NEW_ITEM();
      },
    },
    "POST /moderation/actions, merge an added dish": {
      run: async () =>
        moderate({
          kind: "dish",
          id: await addedBrisket(),
          action: "merge",
          mergeInto: f.dishIds["Republic Burger"],
          reason: "duplicate",
        }),
      get kept() {
        return KEPT_BY_NEW_ITEM();
      },
    },
    "POST /moderation/actions, remove an added dish": {
      run: async () =>
        moderate({ kind: "dish", id: await addedBrisket(), action: "remove", reason: "not-a-restaurant" }),
      get kept() {
        return KEPT_BY_NEW_ITEM();
      },
    },
  };
}

/** The follow and profile writes (docs/social.md), each between fresh users. */
function socialWrites(): Record<string, WriteCase> {
  const pair = async () => ({ a: await createUser(t), b: await createUser(t) });
  /** a asks private b to follow. */
  const requested = async () => {
    const { a, b } = await pair();
    await expectOk(sendJson(t, "POST", `/api/profiles/updatePrivacy/${b.userId}`, b, { isPrivate: true }));
    await expectOk(sendJson(t, "POST", `/api/users/${b.userId}/follow`, a));
    return { a, b };
  };
  return {
    "POST /follower/follow": {
      run: async () => {
        const { a, b } = await pair();
        await expectOk(
          sendJson(t, "POST", "/api/follower/follow", a, { followerId: a.userId, followingId: b.userId }),
        );
      },
      kept: "all",
    },
    "DELETE /follower/unfollow": {
      run: async () => {
        const { a, b } = await pair();
        await expectOk(sendJson(t, "POST", `/api/users/${b.userId}/follow`, a));
        await expectOk(
          sendJson(t, "DELETE", `/api/follower/unfollow?followerId=${a.userId}&followingId=${b.userId}`, a),
        );
      },
      kept: "all",
    },
    "POST /users/{id}/follow": {
      run: async () => {
        const { a, b } = await pair();
        await expectOk(sendJson(t, "POST", `/api/users/${b.userId}/follow`, a));
      },
      kept: "all",
    },
    "DELETE /users/{id}/unfollow": {
      run: async () => {
        const { a, b } = await pair();
        await expectOk(sendJson(t, "POST", `/api/users/${b.userId}/follow`, a));
        await expectOk(sendJson(t, "DELETE", `/api/users/${b.userId}/unfollow`, a));
      },
      kept: "all",
    },
    "POST /follower/requests/{requesterId}/accept": {
      run: async () => {
        const { a, b } = await requested();
        await expectOk(sendJson(t, "POST", `/api/follower/requests/${a.userId}/accept`, b));
      },
      kept: "all",
    },
    "POST /follower/requests/{requesterId}/decline": {
      run: async () => {
        const { a, b } = await requested();
        await expectOk(sendJson(t, "POST", `/api/follower/requests/${a.userId}/decline`, b));
      },
      kept: "all",
    },
    "POST /profiles/updatePrivacy/{userId}": {
      run: async () => {
        const { b } = await requested();
        // Going public accepts the waiting request.
        await expectOk(
          sendJson(t, "POST", `/api/profiles/updatePrivacy/${b.userId}`, b, { isPrivate: false }),
        );
      },
      kept: "all",
    },
    "POST /profiles/updateBio/{userId}": {
      run: () =>
        expectOk(sendJson(t, "POST", `/api/profiles/updateBio/${user.userId}`, user, { bio: "Ramen first" })),
      kept: "all",
    },
    "POST /profiles/uploadImage/{userId}": {
      run: async () => {
        const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } })
          .png()
          .toBuffer();
        const form = new FormData();
        form.append("file", new File([new Uint8Array(png)], "me.png", { type: "image/png" }));
        await expectOk(
          t.app.request(`/api/profiles/uploadImage/${user.userId}`, {
            method: "POST",
            headers: user.authorization,
            body: form,
          }),
        );
      },
      kept: "all",
    },
    "POST /users/{id}/block": {
      run: async () => {
        const { a, b } = await pair();
        await expectOk(sendJson(t, "POST", `/api/users/${b.userId}/block`, a));
      },
      kept: "all",
    },
    "DELETE /users/{id}/unblock": {
      run: async () => {
        const { a, b } = await pair();
        await expectOk(sendJson(t, "POST", `/api/users/${b.userId}/block`, a));
        await expectOk(sendJson(t, "DELETE", `/api/users/${b.userId}/unblock`, a));
      },
      kept: "all",
    },
    "POST /users/{id}/report": {
      run: async () => {
        const { a, b } = await pair();
        await expectOk(sendJson(t, "POST", `/api/users/${b.userId}/report`, a, { reason: "harassment" }));
      },
      get kept() {
        return KEPT_BUT_TRANSPARENCY();
      },
    },
    "POST /notifications/read": {
      run: async () => {
        const { a, b } = await pair();
        await expectOk(sendJson(t, "POST", `/api/users/${b.userId}/follow`, a));
        await expectOk(sendJson(t, "POST", "/api/notifications/read", b, {}));
      },
      kept: "all",
    },
  };
}

/** The comment, like and save writes (docs/social.md), each by a fresh user on a fixture post. */
function postSocialWrites(): Record<string, WriteCase> {
  const commented = async () => {
    const who = await createUser(t);
    const postId = await aPost();
    const res = await sendJson(t, "POST", "/api/comments/save", who, { postId, content: "Lovely" });
    await expectOk(res.clone());
    return { who, postId, commentId: ((await res.json()) as { data: { id: number } }).data.id };
  };
  return {
    "POST /comments/save": { run: async () => void (await commented()), kept: "all" },
    "POST /comments/update": {
      run: async () => {
        const { who, commentId } = await commented();
        await expectOk(
          sendJson(t, "POST", "/api/comments/update", who, { id: commentId, content: "Lovelier" }),
        );
      },
      kept: "all",
    },
    "DELETE /comments/deleteComment/{id}": {
      run: async () => {
        const { who, commentId } = await commented();
        await expectOk(sendJson(t, "DELETE", `/api/comments/deleteComment/${commentId}`, who));
      },
      kept: "all",
    },
    "POST /comments/like": {
      run: async () => {
        const { who, commentId } = await commented();
        await expectOk(sendJson(t, "POST", "/api/comments/like", who, { commentId }));
      },
      kept: "all",
    },
    "DELETE /comments/unlike": {
      run: async () => {
        const { who, commentId } = await commented();
        await expectOk(sendJson(t, "POST", "/api/comments/like", who, { commentId }));
        await expectOk(sendJson(t, "DELETE", `/api/comments/unlike?commentId=${commentId}`, who));
      },
      kept: "all",
    },
    "POST /comments/report": {
      run: async () => {
        const { commentId } = await commented();
        await expectOk(
          sendJson(t, "POST", "/api/comments/report", await createUser(t), {
            commentId,
            reason: "off-topic",
          }),
        );
      },
      get kept() {
        return KEPT_BUT_TRANSPARENCY();
      },
    },
    "POST /posts/like": {
      run: async () =>
        expectOk(sendJson(t, "POST", "/api/posts/like", await createUser(t), { postId: await aPost() })),
      kept: "all",
    },
    "DELETE /posts/like/{postId}": {
      run: async () => {
        const who = await createUser(t);
        await expectOk(sendJson(t, "POST", "/api/posts/like", who, { postId: await aPost() }));
        await expectOk(sendJson(t, "DELETE", `/api/posts/like/${await aPost()}`, who));
      },
      kept: "all",
    },
    "POST /posts/saved": {
      run: async () =>
        expectOk(sendJson(t, "POST", "/api/posts/saved", await createUser(t), { postId: await aPost() })),
      kept: "all",
    },
    "DELETE /posts/unsave/{postId}": {
      run: async () => {
        const who = await createUser(t);
        await expectOk(sendJson(t, "POST", "/api/posts/saved", who, { postId: await aPost() }));
        await expectOk(sendJson(t, "DELETE", `/api/posts/unsave/${await aPost()}`, who));
      },
      kept: "all",
    },
    // Lists (issue 32): no cached read shows a list, a save or the friend signal.
    "PUT /lists/settings": {
      run: async () => expectOk(sendJson(t, "PUT", "/api/lists/settings", await createUser(t), { listActivityInFeed: false })),
      kept: "all",
    },
    "POST /lists": {
      run: async () => expectOk(sendJson(t, "POST", "/api/lists", await createUser(t), { name: "Noodles" })),
      kept: "all",
    },
    "PATCH /lists/{id}": {
      run: async () => {
        const who = await createUser(t);
        await expectOk(sendJson(t, "PATCH", `/api/lists/${await aList(who)}`, who, { visibility: "public" }));
      },
      kept: "all",
    },
    "DELETE /lists/{id}": {
      run: async () => {
        const who = await createUser(t);
        await expectOk(sendJson(t, "DELETE", `/api/lists/${await aList(who)}`, who));
      },
      kept: "all",
    },
    "POST /lists/{id}/items": {
      run: async () => {
        const who = await createUser(t);
        await expectOk(sendJson(t, "POST", `/api/lists/${await aList(who)}/items`, who, savedDish()));
      },
      kept: "all",
    },
    "PATCH /lists/{id}/items/{kind}/{itemId}": {
      run: async () => {
        const who = await createUser(t);
        const id = await aList(who);
        await expectOk(sendJson(t, "POST", `/api/lists/${id}/items`, who, savedDish()));
        await expectOk(sendJson(t, "PATCH", `/api/lists/${id}/items/dish/${savedDish().id}`, who, { note: "Again" }));
      },
      kept: "all",
    },
    "DELETE /lists/{id}/items/{kind}/{itemId}": {
      run: async () => {
        const who = await createUser(t);
        const id = await aList(who);
        await expectOk(sendJson(t, "POST", `/api/lists/${id}/items`, who, savedDish()));
        await expectOk(sendJson(t, "DELETE", `/api/lists/${id}/items/dish/${savedDish().id}`, who));
      },
      kept: "all",
    },
    "POST /lists/items/move": {
      run: async () => {
        const who = await createUser(t);
        const id = await aList(who);
        await expectOk(sendJson(t, "POST", `/api/lists/${id}/items`, who, savedDish()));
        await expectOk(sendJson(t, "POST", "/api/lists/items/move", who, { ...savedDish(), fromListId: id }));
      },
      kept: "all",
    },
    "POST /lists/{id}/copy": {
      run: async () => {
        const owner = await createUser(t);
        const id = await aList(owner, "public");
        await expectOk(sendJson(t, "POST", `/api/lists/${id}/copy`, await createUser(t)));
      },
      kept: "all",
    },
  };
}

/** A new list of `who`'s (issue 32). */
async function aList(who: TestUser, visibility = "private"): Promise<number> {
  const res = await sendJson(t, "POST", "/api/lists", who, { name: "Walk list", visibility });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

async function aListToken(who: TestUser): Promise<string> {
  const res = await sendJson(t, "GET", `/api/lists/${await aList(who)}`, who);
  return ((await res.json()) as { data: { linkToken: string } }).data.linkToken;
}

const savedDish = () => ({ kind: "dish", id: f.dishIds["Shoyu Ramen"]! });

function applicant() {
  return { firstName: "Wren", lastName: "Writer", phone: "" };
}

/**
 * The bulk review service (services/review-post.ts postReviews), which the seed and tests use to
 * record many reviews at once. No route calls it: POST /posts/save posts through postReview,
 * whose cases are above.
 */
function serviceWrites(): Record<string, WriteCase> {
  return {
    "postReviews: 30 five-star reviews of one ramen dish": {
      run: async () => {
        // Thirty people: each person has one voice per dish.
        const authors = await Promise.all(Array.from({ length: 30 }, () => createNewUser(t, { ...ESTABLISHED, ...NO_SCRYPT })));
        await postReviews(
          t.deps,
          Array.from({ length: 30 }, (_, i) => ({
            dishId: f.dishIds["Shoyu Ramen"]!,
            authorId: authors[i]!.userId,
            content: `Superb ${i}`,
            ratingTenths: 50,
            createdAt: t.clock.now() - i * 1000,
          })),
        );
      },
      kept: KEPT_AWAY_FROM_PIZZA(),
    },
    "postReviews: a restaurant review": {
      run: async () => {
        await postReviews(t.deps, [
          {
            restaurantId: f.restaurantIds["Grill Republic"]!,
            authorId: f.userIds.ben,
            content: "Great burgers",
            ratingTenths: 45,
            createdAt: t.clock.now(),
          },
        ]);
      },
      kept: ["/api/tags/getLimitedTags?limit=30", `/api/dishes/${f.dishIds["Shoyu Ramen"]}`],
    },
  };
}

async function bodyOf(app: { request: (path: string) => Response | Promise<Response> }, target: string) {
  const res = await app.request(target);
  return { status: res.status, body: await res.text() };
}

async function checkWrite(write: WriteCase) {
  const targets = Object.values(readTargets()).flat();
  t.deps.cache.clear();
  for (const target of targets) expect((await t.app.request(target)).status, target).toBe(200);
  for (const target of targets) expect(t.deps.cache.recall(target), `${target} was not cached`).toBeDefined();

  await write.run();

  const kept = write.kept === "all" ? targets : write.kept;
  for (const target of kept) expect(t.deps.cache.recall(target), `${target} was dropped`).toBeDefined();
  for (const target of targets) {
    expect(await bodyOf(t.app, target), `${target} shows the state before the write`).toEqual(
      await bodyOf(reference, target),
    );
  }
}

describe("every write keeps cached reads true", () => {
  let operations: { method: string; path: string; bearer: boolean }[] = [];

  beforeAll(async () => {
    user = await createUser(t);
    const doc = (await (await t.app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        bearer: (op.security ?? []).some((requirement) => "bearerAuth" in requirement),
      })),
    );
  });

  it("has a write case for every write route and a read target for every cached read", async () => {
    const writes = operations.filter((op) => op.method !== "GET").map((op) => `${op.method} ${op.path}`);
    expect(
      writes.filter((key) => !(key in WRITE_ROUTES)),
      "write routes without a case here",
    ).toEqual([]);
    const reads = operations.filter((op) => op.method === "GET");
    const targets = readTargets();
    const uncached = await uncachedReads();
    expect(
      reads.map((op) => op.path).filter((path) => !(path in targets) && !(path in uncached)),
      "GET routes with neither a read target nor a reason not to cache",
    ).toEqual([]);
    // Each reason holds: the route answers, and the cache keeps nothing for the target.
    await t.deps.files.put(PROBE_FILE, new Uint8Array(await sharp(PNG_PIXEL).png().toBuffer()), "image/png");
    // From this machine, so the development outbox answers too.
    const clientIp = t.deps.clientIp;
    t.deps.clientIp = () => "127.0.0.1";
    try {
      for (const op of reads.filter((read) => read.path in uncached)) {
        const { why, target, who } = uncached[op.path]!;
        const res = await t.app.request(target, { headers: op.bearer ? (who ?? user).authorization : {} });
        expect(res.status, `${target} answered ${res.status}: ${await res.text()}`).toBe(200);
        expect(t.deps.cache.recall(target), `${target} was cached, though ${why}`).toBeUndefined();
      }
    } finally {
      t.deps.clientIp = clientIp;
    }
  });

  it.each(Object.keys(WRITE_ROUTES))("%s", async (key) => {
    await checkWrite(WRITE_ROUTES[key]!);
  });

  it("catalogue write services drop what they change and keep the rest", async () => {
    for (const [name, write] of Object.entries(serviceWrites())) {
      await checkWrite(write).catch((error: Error) => {
        throw new Error(`${name}: ${error.message}`);
      });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Owners (issue 22, docs/owners.md)

/** The owner reads, each behind the owner's token. */
async function ownerReads(): Promise<Record<string, { why: string; target: string; who?: TestUser }>> {
  const owner = await createUser(t);
  const id = await restaurantOwnedBy(t, f, owner.userId);
  const moderator = await staffMember("moderator");
  const claimId = await evidenceClaim(t, await restaurantOwnedBy(t, f, null), user.userId);
  return {
    "/owner/restaurants/{id}/reviews": { why: "the owner's, behind a token", target: `/api/owner/restaurants/${id}/reviews`, who: owner },
    "/owner/restaurants/{id}/stats": { why: "the owner's, behind a token", target: `/api/owner/restaurants/${id}/stats`, who: owner },
    "/owner/restaurants/{id}/menu": { why: "the owner's, behind a token", target: `/api/owner/restaurants/${id}/menu`, who: owner },
    "/moderation/claims/{claimId}/evidence": {
      why: "private evidence, moderators only",
      target: `/api/moderation/claims/${claimId}/evidence`,
      who: moderator,
    },
  };
}

/** Drops and reads every target again, after a change written straight to the database. */
async function rewarmReads(): Promise<void> {
  t.deps.cache.clear();
  for (const target of Object.values(readTargets()).flat()) await t.app.request(target);
}

/** The verified owner of Grill Republic (its reviews are a read target), made once. */
let grillOwner: TestUser | undefined;
// Reads carrying the restaurant's item scope: its own, its reviews, its dishes' list.
const KEPT_BUT_GRILL = () => {
  const id = f.restaurantIds["Grill Republic"];
  const showsGrill = new RegExp(`/restaurants?/${id}(\\b|$)|restaurantId=${id}&`);
  return Object.values(readTargets())
    .flat()
    .filter((target) => !showsGrill.test(target));
};

async function addGrillPhoto(owner: TestUser): Promise<{ id: number }[]> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#36c" } }).png().toBuffer();
  const form = new FormData();
  form.append("photo", new File([new Uint8Array(png)], "front.png", { type: "image/png" }));
  const res = await t.app.request(`/api/restaurants/${f.restaurantIds["Grill Republic"]}/photos`, {
    method: "POST",
    headers: owner.authorization,
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { id: number }[] }).data;
}

async function grillRepublicOwner(): Promise<TestUser> {
  if (!grillOwner) {
    grillOwner = await createUser(t);
    await makeOwner(t, f.restaurantIds["Grill Republic"]!, grillOwner.userId);
    await rewarmReads(); // written straight to the table: the claim shows on the restaurant
  }
  return grillOwner;
}

/** The verified owner of Bella Napoli, whose Margherita's reviews are a read target, made once. */
let napoliOwner: TestUser | undefined;
async function bellaNapoliOwner(): Promise<TestUser> {
  if (!napoliOwner) {
    napoliOwner = await createUser(t);
    await makeOwner(t, f.restaurantIds["Bella Napoli"]!, napoliOwner.userId);
    await rewarmReads(); // written straight to the table: the claim shows on the restaurant
  }
  return napoliOwner;
}

/** A Margherita review nobody has answered yet. */
async function unansweredMargheritaReview(): Promise<number> {
  const [row] = await t.db.all<{ id: number }>(sql`SELECT p.id FROM posts p WHERE p.dish_id = ${f.dishIds.Margherita!}
    AND NOT EXISTS (SELECT 1 FROM owner_replies x WHERE x.post_id = p.id) ORDER BY p.id LIMIT 1`);
  return row!.id;
}

/** A reply changes the review list that shows it, and nothing else: no rating, no rank. */
const KEPT_BY_MARGHERITA_REPLY = () => {
  const margheritaReviews = `/api/reviews/dish/${f.dishIds.Margherita}`;
  return Object.values(readTargets())
    .flat()
    .filter((target) => target !== margheritaReviews);
};

function ownerWrites(): Record<string, WriteCase> {
  const menuBody = () => ({
    dishes: [
      { id: f.dishIds["Onion Rings"], dishName: "Onion Rings", price: 5.5, description: "Beer battered.", allergens: ["gluten", "milk"], diets: ["vegetarian"] },
    ],
  });
  return {
    // Starting a claim mails a code and logs it: no read shows either.
    "POST /restaurants/{id}/claim": {
      run: async () => {
        const id = f.restaurantIds["Bella Napoli"]!;
        await t.db.run(sql`UPDATE restaurants SET contact_email = 'hello@bella.example' WHERE id = ${id}`);
        await expectOk(sendJson(t, "POST", `/api/restaurants/${id}/claim`, await createUser(t)));
      },
      kept: "all",
    },
    // A verified claim shows on the restaurant ("Claimed by its owner").
    "POST /restaurants/{id}/claim/verify": {
      run: async () => {
        const claimant = await createUser(t);
        const id = f.restaurantIds["Tonkotsu Lane"]!;
        const code = await claimCodeFor(t, id, claimant.userId);
        await expectOk(sendJson(t, "POST", `/api/restaurants/${id}/claim/verify`, claimant, { code }));
      },
      get kept() {
        return KEPT_AWAY_FROM_PIZZA();
      },
    },
    "POST /restaurants/{id}/claim/evidence": {
      run: async () => {
        const form = new FormData();
        form.append("file", new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "bill.pdf", { type: "application/pdf" }));
        await expectOk(sendJson(t, "POST", `/api/restaurants/${f.restaurantIds["Smash Burger Co"]}/claim/evidence`, await createUser(t), form));
      },
      get kept() {
        return KEPT_BUT_TRANSPARENCY();
      },
    },
    "POST /reviews/{postId}/reply": {
      run: async () => {
        const postId = await unansweredMargheritaReview();
        await expectOk(sendJson(t, "POST", `/api/reviews/${postId}/reply`, await bellaNapoliOwner(), { content: "Thanks" }));
      },
      get kept() {
        return KEPT_BY_MARGHERITA_REPLY();
      },
    },
    "PUT /reviews/{postId}/reply": {
      run: async () => {
        const owner = await bellaNapoliOwner();
        const postId = await unansweredMargheritaReview();
        await replyTo(t, postId, f.restaurantIds["Bella Napoli"]!, owner.userId);
        await rewarmReads();
        await expectOk(sendJson(t, "PUT", `/api/reviews/${postId}/reply`, owner, { content: "Edited thanks" }));
      },
      get kept() {
        return KEPT_BY_MARGHERITA_REPLY();
      },
    },
    "DELETE /reviews/{postId}/reply": {
      run: async () => {
        const owner = await bellaNapoliOwner();
        const postId = await unansweredMargheritaReview();
        await replyTo(t, postId, f.restaurantIds["Bella Napoli"]!, owner.userId);
        await rewarmReads();
        await expectOk(sendJson(t, "DELETE", `/api/reviews/${postId}/reply`, owner));
      },
      get kept() {
        return KEPT_BY_MARGHERITA_REPLY();
      },
    },
    "POST /reviews/{postId}/reply/report": {
      run: async () => {
        const owner = await bellaNapoliOwner();
        const postId = await unansweredMargheritaReview();
        await replyTo(t, postId, f.restaurantIds["Bella Napoli"]!, owner.userId);
        // The reply, written straight to the table, is not in the cached list yet: warm it again.
        await rewarmReads();
        await expectOk(sendJson(t, "POST", `/api/reviews/${postId}/reply/report`, await createUser(t), { reason: "offensive" }));
      },
      get kept() {
        return KEPT_BUT_TRANSPARENCY();
      },
    },
    "POST /owner/reviews/{postId}/report": {
      run: async () => {
        const postId = await unansweredMargheritaReview();
        await expectOk(sendJson(t, "POST", `/api/owner/reviews/${postId}/report`, await bellaNapoliOwner(), { reason: "extortion" }));
      },
      get kept() {
        return KEPT_BUT_TRANSPARENCY();
      },
    },
    "PUT /restaurants/{id}/facts": {
      run: async () => {
        const weekly = Object.fromEntries(
          ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, [{ opens: "12:00", closes: "23:00" }]]),
        );
        await expectOk(
          sendJson(t, "PUT", `/api/restaurants/${f.restaurantIds["Grill Republic"]}/facts`, await grillRepublicOwner(), {
            hours: { weekly, closures: [] },
            bookingLinks: ["https://book.example/grill"],
            orderingLinks: [],
            description: "Charcoal, late.",
          }),
        );
      },
      get kept() {
        return KEPT_AWAY_FROM_PIZZA();
      },
    },
    "PUT /restaurants/{id}/menu": {
      run: async () =>
        expectOk(sendJson(t, "PUT", `/api/restaurants/${f.restaurantIds["Grill Republic"]}/menu`, await grillRepublicOwner(), menuBody())),
      get kept() {
        return KEPT_AWAY_FROM_PIZZA();
      },
    },
    // The owner's photos show on the restaurant's own read and nowhere else: the one scope
    // item:restaurant:{id} is dropped (issue 22, services/restaurant-photos.ts).
    "POST /restaurants/{id}/photos": {
      run: async () => {
        await addGrillPhoto(await grillRepublicOwner());
      },
      get kept() {
        return KEPT_BUT_GRILL();
      },
    },
    "DELETE /restaurants/{id}/photos/{photoId}": {
      run: async () => {
        const owner = await grillRepublicOwner();
        const [photo] = await addGrillPhoto(owner);
        for (const target of Object.values(readTargets()).flat()) await t.app.request(target);
        const id = f.restaurantIds["Grill Republic"]!;
        await expectOk(t.app.request(`/api/restaurants/${id}/photos/${photo!.id}`, { method: "DELETE", headers: owner.authorization }));
      },
      get kept() {
        return KEPT_BUT_GRILL();
      },
    },
  };
}
