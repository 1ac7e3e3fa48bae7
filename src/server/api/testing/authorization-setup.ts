// What the authorization-*.test.ts files share: the walk's reviewed exceptions, the areas its
// operations are split into (one test file each, so both unit workers share the walk), and one
// test app per file with the catalogue fixture, the OpenAPI document and a walker over it.
import { describe, expect, it } from "vitest";
import { setRole } from "../services/moderation-roles.ts";
import { clientFromTestHeader, createUser, NO_SCRYPT } from "./accounts.ts";
import { moderationRelationships, walkExamples, type WalkScene } from "./authorization-examples.ts";
import {
  checkOperation,
  operationsOf,
  type OpenApiDocument,
  type Operation,
  type Walker,
  type WalkRules,
} from "./authorization-walk.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "./fixture.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

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
  "GET /users/{userId}/lists":
    "anyone's lists the caller may see (visibility, blocks); the link token only to the owner",
};

/** The role each moderation operation needs (issue 21) and each owner operation (issue 22). */
const ROLES: NonNullable<WalkRules["roles"]> = {
  "GET /moderation/queue": "moderator",
  "POST /moderation/actions": "moderator",
  "POST /moderation/moderators": "admin",
  "GET /moderation/log": "admin",
  "GET /moderation/log/export": "admin",
  "POST /moderation/appeals": "signed-in",
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
};

/**
 * The test files the walk's operations are split into, by the first segment of their path.
 * "catalogue" takes every operation the others do not name, so a new route is walked the moment
 * it is in the document, whatever its path.
 */
export const WALK_AREAS = {
  reviews: ["posts", "reviews", "comments", "moderation"],
  people: [
    "users",
    "account",
    "follower",
    "profiles",
    "people",
    "blocks",
    "notifications",
    "registrations",
    "register",
    "lists",
  ],
  catalogue: [],
} as const satisfies Record<string, readonly string[]>;

export type WalkArea = keyof typeof WALK_AREAS;

export function areaOf(op: Pick<Operation, "path">): WalkArea {
  const segment = op.path.split("/")[1] ?? "";
  if ((WALK_AREAS.reviews as readonly string[]).includes(segment)) return "reviews";
  if ((WALK_AREAS.people as readonly string[]).includes(segment)) return "people";
  return "catalogue";
}

export interface AuthorizationWalk extends WalkScene {
  t: TestApp;
  fixture: CatalogueFixture;
  doc: OpenApiDocument;
  operations: Operation[];
  rules: WalkRules;
  walker: Walker;
}

/** Existing ids for fields that point at catalogue items, so a valid request finds its item. */
function idsOf(fixture: CatalogueFixture): Walker["idFor"] {
  return (name, path) => {
    const first = (ids: Record<string, number>) => Object.values(ids)[0];
    const kind = name === "id" ? (/^\/(\w+)/.exec(path)?.[1] ?? "") : name.replace(/Id$/, "");
    if (/^restaurants?$/.test(kind)) return first(fixture.restaurantIds);
    if (/^dish(es)?$/.test(kind)) return first(fixture.dishIds);
    if (/^offers?$/.test(kind)) return first(fixture.offerIds);
    if (/^areas?$/.test(kind)) return first(fixture.areaIds);
    if (/^regions?$/.test(kind)) return first(fixture.regionIds);
    if (/^tags?$/.test(kind)) return first(fixture.tagIds);
    return undefined;
  };
}

/** A test app of the file's own, its fixture, and the walk over its OpenAPI document. Close t after. */
export async function openAuthorizationWalk(): Promise<AuthorizationWalk> {
  const t = await createTestApp();
  // Every request names its own client (x-test-client), so rate limits of one check stay there.
  clientFromTestHeader(t);
  const fixture = await buildCatalogueFixture(t.db, t.clock.now());
  const scene = { t, fixture };
  const rules: WalkRules = {
    publicWrites: PUBLIC_WRITES,
    otherUserAllowed: OTHER_USER_ALLOWED,
    examples: walkExamples(scene),
    roles: ROLES,
    relationships: moderationRelationships(scene),
  };
  const doc = (await (await t.app.request("/api/openapi.json")).json()) as OpenApiDocument;
  const walker: Walker = {
    t,
    doc,
    request: async (url, init) => t.app.request(url, init),
    idFor: idsOf(fixture),
    visitor: await createUser(t, NO_SCRYPT),
    rules,
    grantRole: async (userId, role) => {
      const row = await t.db.$client.execute({ sql: "select email from users where id = ?", args: [userId] });
      await setRole(t.db, String(row.rows[0]!.email), role, { id: null, label: "walk" }, t.clock.now());
    },
  };
  return { t, fixture, doc, operations: operationsOf(doc), rules, walker };
}

/**
 * The walk of one area's operations, in the calling test file (which awaited `walk`). Each case
 * replays the operation as several people and fingerprints the database around every refused
 * call. At a load of 20-30 on two cores the heaviest took just over the default 20 s, with
 * nothing wrong.
 */
export function walkArea(walk: AuthorizationWalk, area: WalkArea): void {
  const mine = walk.operations.filter((op) => areaOf(op) === area);
  describe(`authorization of every ${area} operation in /api/openapi.json`, () => {
    it.each(mine.map((op) => [op.key, op] as const))(
      "%s",
      async (_key, op) => {
        expect(await checkOperation(walk.walker, op)).toEqual([]);
      },
      60_000,
    );
  });
}
