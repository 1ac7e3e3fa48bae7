// Authorization as an attacker probes it, for every operation in /api/openapi.json: a new route
// is covered the moment it is in the document (issue 10, point 5). The walk itself lives in
// testing/authorization-walk.ts; this file holds the reviewed exceptions and the proof that
// the walk fails when a rule is broken on purpose.
import { createRoute, z } from "@hono/zod-openapi";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { assertSelf, authUser, requireUser } from "./auth/require-user.ts";
import { ApiError, envelope } from "./http/envelope.ts";
import { createRouter } from "./http/router.ts";
import {
  checkOperation,
  operationsOf,
  staleRuleEntries,
  userIdFieldsOf,
  type OpenApiDocument,
  type Walker,
  type WalkRules,
} from "./testing/authorization-walk.ts";
import { insertComment } from "./db/queries/comments.ts";
import { clientFromTestHeader, createUser, NO_SCRYPT } from "./testing/accounts.ts";
import { buildCatalogueFixture } from "./testing/fixture.ts";
import { createTestApp } from "./testing/test-app.ts";
import { recordReviews } from "./db/queries/review-bulk-record.ts";
import { hashPassword } from "./auth/password.ts";
import { setPasswordHash } from "./db/queries/users.ts";
import { followOrRequest, setProfilePrivacy } from "./db/queries/social-graph.ts";
import { files, postImages, reviewReports } from "./db/schema.ts";
import { addListItem, insertList } from "./db/queries/lists.ts";
import { newLinkToken } from "./services/lists-access.ts";
import { decide } from "./services/moderation-actions.ts";
import { appeal } from "./services/moderation-appeals.ts";
import { setRole } from "./services/moderation-roles.ts";
import { claimCodeFor, evidenceClaim, replyTo, restaurantOwnedBy, reviewOf } from "./testing/owners.ts";
import { ownerPhotoOf } from "./testing/restaurant-photos.ts";

/**
 * Writes anyone may call without an account. Each needs a reason; a write that is not here
 * must declare bearer security. Keep it short: every entry is a door without a lock.
 */
const PUBLIC_WRITES: WalkRules["publicWrites"] = {
  "POST /register": "app banner e-mail sign-up: a visitor has no account",
  "POST /registrations/early-access": "early-access list: a visitor has no account",
  "POST /registrations/influencer": "influencer application: a visitor has no account",
  "POST /registrations/confirm": "double opt-in: the token mailed to the address is the credential",
  "POST /users/sendEmail": "sign-up step 1: mails a code to an address that has no account yet",
  "POST /users/verifyEmailCode1": "sign-up step 2: checks the mailed code",
  "POST /users/signup": "sign-up step 3: creates the account",
  "POST /users/login": "exchanges a password for the token",
  "POST /users/password/forgot": "a user who forgot the password has no token",
  "POST /users/password/reset": "sets a new password with the mailed code, without a token",
};

/** Operations where naming another user is the point; the walk checks no private detail leaks. */
const OTHER_USER_ALLOWED: WalkRules["otherUserAllowed"] = {
  "GET /users/{id}": "anyone's public id, username and avatar; the full account only for oneself",
  "GET /reviews/user/{userId}":
    "anyone's reviews (a private profile's only for its followers); no private fields",
  "GET /follower/getFollowing/{userId}":
    "anyone's follow list (a private one only for followers), no private fields",
  "GET /follower/getFollower/{userId}":
    "anyone's follower list (a private one only for followers), no private fields",
  "GET /profiles/getProfileByUserId/{userId}": "anyone's public profile; a private one without posts",
  "GET /profiles/getPostsByUserId/{userId}": "anyone's posts grid (a private one only for followers)",
  "POST /users/{id}/follow": "{id} is the person followed; the follower is the token's user",
  "DELETE /users/{id}/unfollow": "{id} is the person unfollowed; the follower is the token's user",
  "POST /users/{id}/block": "{id} is the person blocked; the blocker is the token's user",
  "DELETE /users/{id}/unblock": "{id} is the person unblocked; the blocker is the token's user",
  "POST /users/{id}/report": "{id} is the person reported; the reporter is the token's user",
  "GET /users/{userId}/lists": "anyone's lists the caller may see (visibility, blocks); the link token only to the owner",
};

/** Request parts for operations whose schema alone cannot yield a valid request. */
const EXAMPLE_REQUESTS: WalkRules["examples"] = {
  // Reviews (issue 11): a whole valid review, a new restaurant, and a review by
  // the request's own user to edit or delete.
  "POST /posts/save": ({ userId }) => ({
    body: { authId: userId, dishId: Object.values(fixture.dishIds)[0], content: "Walk review", rating: "4" },
  }),
  "POST /posts/update": async ({ userId }) => ({
    body: { id: await reviewBy(userId), authId: userId, content: "Edited" },
  }),
  "DELETE /posts/{id}": async ({ userId }) => ({ path: { id: await reviewBy(userId) } }),
  // Issue 30: the author changes the photos of their review; the walk's PNG is the upload.
  "POST /posts/{id}/photos": async ({ userId }) => ({ path: { id: await reviewBy(userId) } }),
  "DELETE /posts/{id}/photos/{name}": async ({ userId }) => {
    const id = await reviewBy(userId);
    const name = `walk-${id}.webp`;
    await t.db.insert(files).values({ name, contentType: "image/webp", width: 1, height: 1, bytes: 1, ownerId: userId });
    await t.db.insert(postImages).values({ postId: id, fileName: name, position: 0 });
    return { path: { id, name } };
  },
  // Comments (issue 12): a comment by the request's own user to edit or delete.
  "POST /comments/update": async ({ userId }) => ({
    body: { id: await commentBy(userId), content: "Edited" },
  }),
  "DELETE /comments/deleteComment/{id}": async ({ userId }) => ({ path: { id: await commentBy(userId) } }),
  "POST /restaurants/save": () => ({
    body: {
      name: `Walk Diner ${Math.random().toString(36).slice(2, 8)}`,
      address: "1 Walk Street",
      postCode: "N1 1AA",
      region: fixture.regionIds.North,
      area: fixture.areaIds.Islington,
      tags: ["Pizza"],
    },
  }),
  // Following, blocking or reporting oneself is refused (400): these name someone else.
  "POST /follower/follow": ({ userId }) => ({
    body: { followerId: userId, followingId: fixture.userIds.ada },
  }),
  "DELETE /follower/unfollow": () => ({ query: { followingId: fixture.userIds.ada } }),
  "POST /users/{id}/follow": () => ({ path: { id: fixture.userIds.ada } }),
  "DELETE /users/{id}/unfollow": () => ({ path: { id: fixture.userIds.ada } }),
  "POST /users/{id}/block": () => ({ path: { id: fixture.userIds.ben } }),
  "DELETE /users/{id}/unblock": () => ({ path: { id: fixture.userIds.ben } }),
  "POST /users/{id}/report": () => ({ path: { id: fixture.userIds.ben }, body: { reason: "spam-or-fake" } }),
  // Follow requests (issue 12): a waiting request from Ada to the request's own, private, user.
  "POST /follower/requests/{requesterId}/accept": async ({ userId }) => ({
    path: { requesterId: await requestFromAda(userId) },
  }),
  "POST /follower/requests/{requesterId}/decline": async ({ userId }) => ({
    path: { requesterId: await requestFromAda(userId) },
  }),
  // Settings (issue 12): the request's own user confirms with their real password.
  "POST /account/password/{userId}": async ({ userId }) => ({
    body: { currentPassword: await realPasswordOf(userId), newPassword: "a fresh walk password" },
  }),
  "POST /account/delete/{userId}": async ({ userId }) => ({
    body: { password: await realPasswordOf(userId) },
  }),
  // Lists (issue 32): a list of the request's own user holding a dish; a copy is of Ada's public list.
  "PATCH /lists/{id}": async ({ userId }) => ({ path: { id: await listBy(userId) }, body: { name: "Renamed" } }),
  "DELETE /lists/{id}": async ({ userId }) => ({ path: { id: await listBy(userId) } }),
  "POST /lists/{id}/items": async ({ userId }) => ({
    path: { id: await listBy(userId) },
    body: { kind: "restaurant", id: Object.values(fixture.restaurantIds)[0] },
  }),
  "PATCH /lists/{id}/items/{kind}/{itemId}": async ({ userId }) => ({
    path: { id: await listBy(userId), kind: "dish", itemId: Object.values(fixture.dishIds)[0]! },
    body: { note: "Walk note" },
  }),
  "DELETE /lists/{id}/items/{kind}/{itemId}": async ({ userId }) => ({
    path: { id: await listBy(userId), kind: "dish", itemId: Object.values(fixture.dishIds)[0]! },
  }),
  "POST /lists/items/move": async ({ userId }) => ({
    body: { kind: "dish", id: Object.values(fixture.dishIds)[0], fromListId: await listBy(userId) },
  }),
  "POST /lists/{id}/copy": async () => ({ path: { id: await listBy(fixture.userIds.ada!, "public") } }),
};

/** The role each moderation operation needs (issue 21): a plain user's token gets 403. */
const ROLES: NonNullable<WalkRules["roles"]> = {
  "GET /moderation/queue": "moderator",
  "POST /moderation/actions": "moderator",
  "POST /moderation/moderators": "admin",
  "GET /moderation/log": "admin",
  "GET /moderation/log/export": "admin",
  "POST /moderation/appeals": "signed-in",
};

Object.assign(EXAMPLE_REQUESTS, {
  // A review by someone else to keep; the caller is the moderator.
  "POST /moderation/actions": async () => ({
    body: {
      kind: "review",
      id: await reviewBy((await createUser(t, NO_SCRYPT)).userId),
      action: "keep",
      reason: "no-violation",
      note: "Walk",
    },
  }),
  // A decision about the caller's own review, which they may appeal.
  "POST /moderation/appeals": async ({ userId }) => {
    const decider = await createUser(t, NO_SCRYPT);
    await setRole(t.db, decider.email, "moderator", { id: null, label: "walk" }, t.clock.now());
    const decision = await decide(t.deps, { id: decider.userId, username: decider.username, admin: false, tokenVersion: 0 }, {
      kind: "review",
      id: await reviewBy(userId),
      // Only the side a decision went against may appeal it (issue 30): the author, of a removal.
      action: "remove",
      reason: "community-guidelines",
      note: "Walk",
    });
    return { body: { decisionId: decision.decisionId, note: "Walk appeal" } };
  },
  "POST /moderation/moderators": async () => ({ body: { email: (await createUser(t, NO_SCRYPT)).email, grant: true } }),
} satisfies WalkRules["examples"]);

// Issue 29, nobody decides their own case: each request would be valid for a moderator, but the
// caller (a moderator) reported the review, appealed a decision on it, owns its restaurant or
// decided it before. The walk expects 403 and nothing changed.
const walkUser = (id: number) => ({ id, username: `walk-${id}`, admin: false, tokenVersion: 0 });
const decideAs = (userId: number, action: "keep" | "remove", postId: number) =>
  decide(t.deps, walkUser(userId), {
    kind: "review",
    id: postId,
    action,
    reason: action === "keep" ? "no-violation" : "community-guidelines",
    note: "Walk",
  });
const actionOn = (postId: number) => ({
  body: { kind: "review", id: postId, action: "remove", reason: "community-guidelines", note: "Walk" },
});
async function reportedBy(userId: number): Promise<number> {
  const postId = await reviewBy((await createUser(t, NO_SCRYPT)).userId);
  await t.db
    .insert(reviewReports)
    .values({ postId, reporterId: userId, reason: "spam-or-fake", note: "", createdAt: t.clock.now() });
  return postId;
}
async function anotherModerator(): Promise<number> {
  const other = await createUser(t, NO_SCRYPT);
  await setRole(t.db, other.email, "moderator", { id: null, label: "walk" }, t.clock.now());
  return other.userId;
}
const RELATIONSHIPS: NonNullable<WalkRules["relationships"]> = {
  "POST /moderation/actions": [
    { who: "the review's reporter", make: async ({ userId }) => actionOn(await reportedBy(userId)) },
    {
      who: "the appellant of a decision on the review",
      make: async ({ userId }) => {
        const postId = await reportedBy(userId);
        const kept = await decideAs(await anotherModerator(), "keep", postId);
        await appeal(t.deps, walkUser(userId), { decisionId: kept.decisionId, note: "Walk appeal" });
        return actionOn(postId);
      },
    },
    {
      who: "the owner of the reviewed restaurant",
      make: async ({ userId }) => actionOn(await reviewOf(t, await restaurantOwnedBy(t, fixture, userId))),
    },
    {
      who: "an earlier decider of the review",
      make: async ({ userId }) => {
        const postId = await reviewBy((await createUser(t, NO_SCRYPT)).userId);
        await decideAs(userId, "keep", postId);
        return actionOn(postId);
      },
    },
  ],
};

// Owners (issue 22, docs/owners.md): the example makes the request's user the verified owner
// of a new restaurant; the walk sends the same request as someone else and expects 403.
Object.assign(ROLES, {
  "PUT /restaurants/{id}/facts": "owner",
  "PUT /restaurants/{id}/menu": "owner",
  "POST /reviews/{postId}/reply": "owner",
  "PUT /reviews/{postId}/reply": "owner",
  "DELETE /reviews/{postId}/reply": "owner",
  "POST /owner/reviews/{postId}/report": "owner",
  "GET /owner/restaurants/{id}/reviews": "owner",
  "GET /owner/restaurants/{id}/stats": "owner",
  "GET /owner/restaurants/{id}/menu": "owner",
  "GET /moderation/claims/{claimId}/evidence": "moderator",
  "POST /restaurants/{id}/photos": "owner",
  "DELETE /restaurants/{id}/photos/{photoId}": "owner",
});

const ownerFacts = {
  hours: {
    weekly: Object.fromEntries(
      ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, []]),
    ),
    closures: [],
  },
  bookingLinks: [],
  orderingLinks: [],
  description: "Walk",
};

Object.assign(EXAMPLE_REQUESTS, {
  "POST /restaurants/{id}/claim/verify": async ({ userId }) => {
    const id = await restaurantOwnedBy(t, fixture, null);
    return { path: { id }, body: { code: await claimCodeFor(t, id, userId) } };
  },
  "POST /restaurants/{id}/claim/evidence": async () => ({ path: { id: await restaurantOwnedBy(t, fixture, null) } }),
  "GET /moderation/claims/{claimId}/evidence": async () => {
    const claimant = await createUser(t, NO_SCRYPT);
    return { path: { claimId: await evidenceClaim(t, await restaurantOwnedBy(t, fixture, null), claimant.userId) } };
  },
  "PUT /restaurants/{id}/facts": async ({ userId }) => ({
    path: { id: await restaurantOwnedBy(t, fixture, userId) },
    body: ownerFacts,
  }),
  "PUT /restaurants/{id}/menu": async ({ userId }) => ({
    path: { id: await restaurantOwnedBy(t, fixture, userId) },
    body: { dishes: [{ dishName: "Walk Dish", price: 5, description: "", allergens: ["milk"], diets: null }] },
  }),
  "POST /reviews/{postId}/reply": async ({ userId }) => ({
    path: { postId: await reviewOf(t, await restaurantOwnedBy(t, fixture, userId)) },
    body: { content: "Thank you" },
  }),
  "PUT /reviews/{postId}/reply": async ({ userId }) => {
    const id = await restaurantOwnedBy(t, fixture, userId);
    const postId = await reviewOf(t, id);
    await replyTo(t, postId, id, userId);
    return { path: { postId }, body: { content: "Edited" } };
  },
  "DELETE /reviews/{postId}/reply": async ({ userId }) => {
    const id = await restaurantOwnedBy(t, fixture, userId);
    const postId = await reviewOf(t, id);
    await replyTo(t, postId, id, userId);
    return { path: { postId } };
  },
  "POST /reviews/{postId}/reply/report": async () => {
    const owner = await createUser(t, NO_SCRYPT);
    const id = await restaurantOwnedBy(t, fixture, owner.userId);
    const postId = await reviewOf(t, id);
    await replyTo(t, postId, id, owner.userId);
    return { path: { postId }, body: { reason: "harassment" } };
  },
  "POST /owner/reviews/{postId}/report": async ({ userId }) => ({
    path: { postId: await reviewOf(t, await restaurantOwnedBy(t, fixture, userId)) },
    body: { reason: "extortion" },
  }),
  "GET /owner/restaurants/{id}/reviews": async ({ userId }) => ({
    path: { id: await restaurantOwnedBy(t, fixture, userId) },
  }),
  "GET /owner/restaurants/{id}/stats": async ({ userId }) => ({
    path: { id: await restaurantOwnedBy(t, fixture, userId) },
  }),
  "GET /owner/restaurants/{id}/menu": async ({ userId }) => ({
    path: { id: await restaurantOwnedBy(t, fixture, userId) },
  }),
  // The owner's restaurant photos (issue 22): the walk's smallest PNG is the upload.
  "POST /restaurants/{id}/photos": async ({ userId }) => ({
    path: { id: await restaurantOwnedBy(t, fixture, userId) },
  }),
  "DELETE /restaurants/{id}/photos/{photoId}": async ({ userId }) => {
    const id = await restaurantOwnedBy(t, fixture, userId);
    return { path: { id, photoId: await ownerPhotoOf(t, id, userId) } };
  },
} satisfies WalkRules["examples"]);

const rules: WalkRules = {
  publicWrites: PUBLIC_WRITES,
  otherUserAllowed: OTHER_USER_ALLOWED,
  examples: EXAMPLE_REQUESTS,
  roles: ROLES,
  relationships: RELATIONSHIPS,
};

const t = await createTestApp();
// Every request names its own client (x-test-client), so rate limits of one check stay there.
clientFromTestHeader(t);
const fixture = await buildCatalogueFixture(t.db, t.clock.now());
afterAll(() => t.close());

/** Existing ids for fields that point at catalogue items, so a valid request finds its item. */
function idFor(name: string, path: string): number | undefined {
  const first = (ids: Record<string, number>) => Object.values(ids)[0];
  const kind = name === "id" ? (/^\/(\w+)/.exec(path)?.[1] ?? "") : name.replace(/Id$/, "");
  if (/^restaurants?$/.test(kind)) return first(fixture.restaurantIds);
  if (/^dish(es)?$/.test(kind)) return first(fixture.dishIds);
  if (/^offers?$/.test(kind)) return first(fixture.offerIds);
  if (/^areas?$/.test(kind)) return first(fixture.areaIds);
  if (/^regions?$/.test(kind)) return first(fixture.regionIds);
  if (/^tags?$/.test(kind)) return first(fixture.tagIds);
  return undefined;
}

const doc = (await (await t.app.request("/api/openapi.json")).json()) as OpenApiDocument;
const operations = operationsOf(doc);
const walker: Walker = {
  t,
  doc,
  request: async (url, init) => t.app.request(url, init),
  idFor,
  visitor: await createUser(t, NO_SCRYPT),
  rules,
  grantRole: async (userId, role) => {
    const row = await t.db.$client.execute({ sql: "select email from users where id = ?", args: [userId] });
    await setRole(t.db, String(row.rows[0]!.email), role, { id: null, label: "walk" }, t.clock.now());
  },
};

/** A comment written by `userId` on their own review, for the edit and delete checks. */
async function commentBy(userId: number): Promise<number> {
  const postId = await reviewBy(userId);
  return insertComment(t.db, {
    postId,
    userId,
    parentId: null,
    mentionedUserId: null,
    content: "Mine",
    createdAt: t.clock.now(),
  });
}

/** Makes `userId` private and has Ada ask to follow them; answers Ada's id (EXAMPLE_REQUESTS). */
async function requestFromAda(userId: number): Promise<number> {
  await setProfilePrivacy(t.db, userId, true, t.clock.now());
  if ((await followOrRequest(t.db, fixture.userIds.ada, userId, t.clock.now())) !== "requested") {
    throw new Error(`Ada's follow request to ${userId} was not recorded`);
  }
  return fixture.userIds.ada;
}

/** Walk users have no real password hash; Settings' calls check one (EXAMPLE_REQUESTS). */
async function realPasswordOf(userId: number): Promise<string> {
  const password = "walk user's real password";
  await setPasswordHash(t.db, userId, await hashPassword(password), { endSessions: false });
  return password;
}

/** A list of `userId`'s holding the fixture's first dish (EXAMPLE_REQUESTS, issue 32). */
async function listBy(userId: number, visibility: "public" | "private" = "private"): Promise<number> {
  const id = await insertList(t.db, {
    ownerId: userId,
    system: null,
    name: "Walk list",
    description: "",
    visibility,
    linkToken: newLinkToken(),
    createdAt: t.clock.now(),
  });
  const dishId = Object.values(fixture.dishIds)[0]!;
  await addListItem(t.db, { listId: id!, ownerId: userId, kind: "dish", itemId: dishId, note: "", addedAt: t.clock.now(), max: 500 });
  return id!;
}

/** A review written by `userId`, for the edit and delete checks (EXAMPLE_REQUESTS). */
async function reviewBy(userId: number): Promise<number> {
  const [id] = await recordReviews(t.db, [
    {
      dishId: Object.values(fixture.dishIds)[0]!,
      authorId: userId,
      content: "Mine",
      ratingTenths: 40,
      createdAt: t.clock.now(),
    },
  ]);
  return id!;
}

describe("authorization of every operation in /api/openapi.json", () => {
  it("walks the signed-in operations we know of, and their user ids", () => {
    const bearer = operations.filter((op) => op.bearer).map((op) => op.key);
    expect(bearer).toEqual(
      expect.arrayContaining(["POST /users/logout", "POST /users/save", "GET /users/{id}"]),
    );
  });

  it("keeps its allow-lists current: every entry names an operation that still needs it", () => {
    expect(staleRuleEntries(operations, rules)).toEqual([]);
  });

  // Each case replays the operation as several people and fingerprints the database around
  // every refused call; the account cases hash real passwords. At a load of 20-30 on two
  // cores the heaviest took just over the default 20 s, with nothing wrong.
  it.each(operations.map((op) => [op.key, op] as const))(
    "%s",
    async (_key, op) => {
      expect(await checkOperation(walker, op)).toEqual([]);
    },
    60_000,
  );

  it("counts acting-user fields wherever they are: POST /users/save names the caller twice", async () => {
    const save = operations.find((op) => op.key === "POST /users/save")!;
    expect(userIdFieldsOf(save, doc)).toEqual([
      { in: "body", name: "id" },
      { in: "body", name: "userId" },
    ]);
  });
});

// Routes broken on purpose, each the way a real route could be, mounted in a small app over
// the same database and token secret: the walk must name every one of them.
describe("the walk fails for a route that breaks a rule", () => {
  const bearer = [{ bearerAuth: [] }];
  const ok = { 200: { description: "ok" } };
  const jsonBody = <T extends z.ZodType>(schema: T) => ({
    body: { required: true, content: { "application/json": { schema } } },
  });
  const probe = createRouter();
  probe.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
  });
  probe
    // Right: declared, enforced, checks the acting user.
    .openapi(
      createRoute({
        method: "post",
        path: "/probe/right",
        security: bearer,
        middleware: [requireUser(t.deps)] as const,
        request: jsonBody(z.object({ userId: z.number().int().positive(), note: z.string().min(1) })),
        responses: ok,
      }),
      (c) => {
        assertSelf(c, c.req.valid("json").userId);
        return c.json(envelope(null), 200);
      },
    )
    // Declares bearer security but someone dropped requireUser.
    .openapi(
      createRoute({
        method: "post",
        path: "/probe/no-require-user",
        security: bearer,
        request: jsonBody(z.object({ note: z.string().min(1) })),
        responses: ok,
      }),
      (c) => c.json(envelope(null), 200),
    )
    // A write with no security at all, not on the allow-list.
    .openapi(createRoute({ method: "post", path: "/probe/open-write", responses: ok }), (c) =>
      c.json(envelope(null), 200),
    )
    // Signed in, but trusts the userId in the body.
    .openapi(
      createRoute({
        method: "post",
        path: "/probe/trusts-body",
        security: bearer,
        middleware: [requireUser(t.deps)] as const,
        request: jsonBody(z.object({ userId: z.number().int().positive() })),
        responses: ok,
      }),
      (c) => c.json(envelope(null), 200),
    )
    // Signed in, but the user id in the path is another user's own profile.
    .openapi(
      createRoute({
        method: "post",
        path: "/profiles/updateBio/{userId}",
        security: bearer,
        middleware: [requireUser(t.deps)] as const,
        request: { params: z.object({ userId: z.coerce.number().int().positive() }) },
        responses: ok,
      }),
      (c) => c.json(envelope({ who: authUser(c).id }), 200),
    )
    // Enforces a token without declaring it.
    .openapi(
      createRoute({
        method: "get",
        path: "/probe/undeclared",
        middleware: [requireUser(t.deps)] as const,
        responses: ok,
      }),
      (c) => c.json(envelope(null), 200),
    )
    // Allowed to name another user, but answers with their e-mail, to a visitor too.
    .openapi(
      createRoute({
        method: "get",
        path: "/probe/leaky/{userId}",
        request: { params: z.object({ userId: z.coerce.number().int().positive() }) },
        responses: ok,
      }),
      async (c) => c.json(envelope(await emailOf(c.req.valid("param").userId)), 200),
    )
    // Allowed to name another user, signed in; its example names a fixture user.
    .openapi(
      createRoute({
        method: "post",
        path: "/users/{id}/poke",
        security: bearer,
        middleware: [requireUser(t.deps)] as const,
        request: { params: z.object({ id: z.coerce.number().int().positive() }) },
        responses: ok,
      }),
      async (c) => c.json(envelope(await emailOf(c.req.valid("param").id)), 200),
    )
    // Allowed to name another user, but never gets as far as reading them.
    .openapi(
      createRoute({
        method: "get",
        path: "/probe/gone/{userId}",
        request: { params: z.object({ userId: z.coerce.number().int().positive() }) },
        responses: ok,
      }),
      (c) => c.json(envelope(null, 404, "No such user"), 404),
    )
    // A moderation call that checks the token but forgot the role (issue 21).
    .openapi(
      createRoute({
        method: "get",
        path: "/moderation/probe",
        security: bearer,
        middleware: [requireUser(t.deps)] as const,
        responses: ok,
      }),
      (c) => c.json(envelope(null), 200),
    )
    // A body the generator cannot satisfy, and no example for it.
    .openapi(
      createRoute({
        method: "post",
        path: "/probe/odd-body",
        security: bearer,
        middleware: [requireUser(t.deps)] as const,
        request: jsonBody(z.object({ ticket: z.string().regex(/^TKT-[0-9]{4}-Q$/) })),
        responses: ok,
      }),
      (c) => c.json(envelope(null), 200),
    );
  probe.doc31("/openapi.json", { openapi: "3.1.0", info: { title: "probe", version: "1" } });
  const app = new Hono();
  app.route("/api", probe);
  app.onError((error, c) => {
    if (!(error instanceof ApiError)) throw error;
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(envelope(null, error.status, error.message), error.status);
  });

  async function emailOf(userId: number) {
    const row = await t.db.$client.execute({ sql: "select email from users where id = ?", args: [userId] });
    return { email: String(row.rows[0]?.email) };
  }

  async function problemsOf(key: string, extraRules: Partial<WalkRules> = {}) {
    const probeDoc = (await (await app.request("/api/openapi.json")).json()) as OpenApiDocument;
    const op = operationsOf(probeDoc).find((o) => o.key === key);
    if (!op) throw new Error(`${key} is not in the probe document`);
    const probeWalker: Walker = {
      ...walker,
      doc: probeDoc,
      request: async (url, init) => app.request(url, init),
      rules: { ...rules, publicWrites: {}, otherUserAllowed: {}, examples: {}, ...extraRules },
    };
    return checkOperation(probeWalker, op);
  }

  it("fails a moderation route that lets a plain user through, or has no role rule", async () => {
    expect(await problemsOf("GET /moderation/probe", { roles: { "GET /moderation/probe": "moderator" } })).toContainEqual(
      expect.stringMatching(/^a plain user's valid request: answered 200 .* instead of 403$/s),
    );
    expect(await problemsOf("GET /moderation/probe")).toContainEqual(
      "is a moderation operation without an entry in the walk's roles",
    );
  });

  it("fails a moderation route that lets a moderator decide their own case", async () => {
    const key = "GET /moderation/probe";
    const relationships = { [key]: [{ who: "the review's reporter", make: () => ({}) }] };
    expect(await problemsOf(key, { roles: { [key]: "moderator" }, relationships })).toContainEqual(
      expect.stringMatching(/^the review's reporter: answered 200 .* instead of 403$/s),
    );
  });

  it("passes a route that follows every rule", async () => {
    expect(await problemsOf("POST /probe/right")).toEqual([]);
  });

  it("fails a route that declares bearer security but lost requireUser", async () => {
    const problems = await problemsOf("POST /probe/no-require-user");
    for (const kind of ["none", "forged", "expired", "no exp", "alg none", "logged out"]) {
      expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^${kind} token: answered 200`)));
    }
  });

  it("fails a write without security unless it is allow-listed", async () => {
    expect(await problemsOf("POST /probe/open-write")).toEqual([
      expect.stringContaining("writes but declares no bearer security"),
    ]);
    expect(
      await problemsOf("POST /probe/open-write", { publicWrites: { "POST /probe/open-write": "test" } }),
    ).toEqual([]);
  });

  it("fails a route that acts for whichever user the body or path names", async () => {
    expect(await problemsOf("POST /probe/trusts-body")).toContainEqual(
      expect.stringContaining("body userId naming another user: answered 200 instead of 403"),
    );
    expect(await problemsOf("POST /profiles/updateBio/{userId}")).toContainEqual(
      expect.stringContaining("path userId naming another user: answered 200 instead of 403"),
    );
  });

  it("fails a route allowed to name another user that shows their e-mail, or answers no 2xx", async () => {
    const allowed = (key: string) => ({ otherUserAllowed: { [key]: "test" } });
    expect(await problemsOf("GET /probe/leaky/{userId}", allowed("GET /probe/leaky/{userId}"))).toEqual([
      expect.stringMatching(/^path userId naming another user without a token: the answer carries their /),
      expect.stringMatching(/^path userId naming another user as a stranger: the answer carries their /),
    ]);
    // The user the walk names wins over the example's fixture user, or the leak would go unseen.
    const poke = await problemsOf("POST /users/{id}/poke", {
      ...allowed("POST /users/{id}/poke"),
      examples: { "POST /users/{id}/poke": () => ({ path: { id: fixture.userIds.ada } }) },
    });
    expect(poke).toEqual([expect.stringMatching(/^path id naming another user: the answer carries their /)]);
    expect(await problemsOf("GET /probe/gone/{userId}", allowed("GET /probe/gone/{userId}"))).toEqual([
      expect.stringMatching(/^path userId naming another user without a token: answered 404, not 2xx/),
      expect.stringMatching(/^path userId naming another user as a stranger: answered 404, not 2xx/),
    ]);
  });

  it("fails a route that asks for a token without declaring it", async () => {
    expect(await problemsOf("GET /probe/undeclared")).toEqual([
      expect.stringContaining("does not declare bearer security"),
    ]);
  });

  it("fails a route it cannot build a valid request for, until the route has an example", async () => {
    expect(await problemsOf("POST /probe/odd-body")).toEqual([
      expect.stringContaining("cannot build a valid request"),
    ]);
    const withExample = await problemsOf("POST /probe/odd-body", {
      examples: { "POST /probe/odd-body": () => ({ body: { ticket: "TKT-2026-Q" } }) },
    });
    expect(withExample).toEqual([]);
  });
});

// Issue 29: the person who listed a restaurant is no owner of it. The walk sends each owner
// operation as the lister too; this probe trusts created_by as the listing bug did, and fails.
describe("the walk fails for an owner route that lets the person who listed the place through", () => {
  const probe = createRouter();
  probe.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", { type: "http", scheme: "bearer" });
  probe.openapi(
    createRoute({
      method: "put",
      path: "/probe/restaurants/{id}/listed",
      security: [{ bearerAuth: [] }],
      middleware: [requireUser(t.deps)] as const,
      request: { params: z.object({ id: z.coerce.number().int().positive() }) },
      responses: { 200: { description: "ok" } },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const me = authUser(c).id;
      const row = await t.db.$client.execute({
        sql: `select (select user_id from restaurant_owners where restaurant_id = ? and active = 1) as owner,
          (select created_by from restaurants where id = ?) as lister`,
        args: [id, id],
      });
      const { owner, lister } = row.rows[0]!;
      if (Number(owner) !== me && Number(lister) !== me) throw new ApiError(403, "Not yours");
      return c.json(envelope(null), 200);
    },
  );
  probe.doc31("/openapi.json", { openapi: "3.1.0", info: { title: "probe", version: "1" } });
  const app = new Hono();
  app.route("/api", probe);
  app.onError((error, c) => {
    if (!(error instanceof ApiError)) throw error;
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(envelope(null, error.status, error.message), error.status);
  });

  it("names the lister's request as answered 200 instead of 403", async () => {
    const key = "PUT /probe/restaurants/{id}/listed";
    const probeDoc = (await (await app.request("/api/openapi.json")).json()) as OpenApiDocument;
    const op = operationsOf(probeDoc).find((o) => o.key === key)!;
    const problems = await checkOperation(
      {
        ...walker,
        doc: probeDoc,
        request: async (url, init) => app.request(url, init),
        rules: {
          ...rules,
          roles: { [key]: "owner" },
          examples: { [key]: async ({ userId }) => ({ path: { id: await restaurantOwnedBy(t, fixture, userId) } }) },
        },
      },
      op,
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^the person who listed the restaurant's request for the owner's restaurant: answered 200 .* instead of 403$/s,
      ),
    ]);
  });
});
