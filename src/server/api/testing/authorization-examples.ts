// The authorization walk's requests for operations whose schema alone cannot yield a valid one
// (an edit needs something the caller owns, a moderation call a review to decide), and the
// relationships a moderator must be refused for. Each authorization-*.test.ts file makes them
// over its own test app and fixture (authorization-setup.ts).
import { decide } from "../services/moderation-actions.ts";
import { appeal } from "../services/moderation-appeals.ts";
import { setRole } from "../services/moderation-roles.ts";
import { newLinkToken } from "../services/lists-access.ts";
import { hashPassword, passwordCost } from "../auth/password.ts";
import { insertComment } from "../db/queries/comments.ts";
import { addListItem, insertList } from "../db/queries/lists.ts";
import { recordReviews } from "../db/queries/review-bulk-record.ts";
import { followOrRequest, setProfilePrivacy } from "../db/queries/social-graph.ts";
import { setPasswordHash } from "../db/queries/users.ts";
import { files, postImages, reviewReports } from "../db/schema.ts";
import { createUser, NO_SCRYPT } from "./accounts.ts";
import type { WalkRules } from "./authorization-walk.ts";
import type { CatalogueFixture } from "./fixture.ts";
import { claimCodeFor, evidenceClaim, replyTo, restaurantOwnedBy, reviewOf } from "./owners.ts";
import { ownerPhotoOf } from "./restaurant-photos.ts";
import type { TestApp } from "./test-app.ts";

/** The app and catalogue a walk's examples make their rows in. */
export interface WalkScene {
  t: TestApp;
  fixture: CatalogueFixture;
}

type Examples = WalkRules["examples"];

const firstDish = ({ fixture }: WalkScene) => Object.values(fixture.dishIds)[0]!;

/** A review written by `userId`, for the edit and delete checks. */
async function reviewBy(s: WalkScene, userId: number): Promise<number> {
  const [id] = await recordReviews(s.t.db, [
    { dishId: firstDish(s), authorId: userId, content: "Mine", ratingTenths: 40, createdAt: s.t.clock.now() },
  ]);
  return id!;
}

/** A comment written by `userId` on their own review, for the edit and delete checks. */
async function commentBy(s: WalkScene, userId: number): Promise<number> {
  const postId = await reviewBy(s, userId);
  return insertComment(s.t.db, {
    postId,
    userId,
    parentId: null,
    mentionedUserId: null,
    content: "Mine",
    createdAt: s.t.clock.now(),
  });
}

/** Makes `userId` private and has Ada ask to follow them; answers Ada's id. */
async function requestFromAda({ t, fixture }: WalkScene, userId: number): Promise<number> {
  await setProfilePrivacy(t.db, userId, true, t.clock.now());
  if ((await followOrRequest(t.db, fixture.userIds.ada, userId, t.clock.now())) !== "requested") {
    throw new Error(`Ada's follow request to ${userId} was not recorded`);
  }
  return fixture.userIds.ada;
}

/**
 * Walk users have no real password hash; Settings' calls check one. Hashed at the app's own
 * cost (the test apps' cheap one): what is walked here is who may call, not scrypt, which
 * auth/password*.test.ts test at the real cost.
 */
async function realPasswordOf({ t }: WalkScene, userId: number): Promise<string> {
  const password = "walk user's real password";
  await setPasswordHash(t.db, userId, await hashPassword(password, passwordCost(t.deps.config)), {
    endSessions: false,
  });
  return password;
}

/** A list of `userId`'s holding the fixture's first dish (issue 32). */
async function listBy(
  s: WalkScene,
  userId: number,
  visibility: "public" | "private" = "private",
): Promise<number> {
  const { t } = s;
  const id = await insertList(t.db, {
    ownerId: userId,
    system: null,
    name: "Walk list",
    description: "",
    visibility,
    linkToken: newLinkToken(),
    createdAt: t.clock.now(),
  });
  await addListItem(t.db, {
    listId: id!,
    ownerId: userId,
    kind: "dish",
    itemId: firstDish(s),
    note: "",
    addedAt: t.clock.now(),
    max: 500,
  });
  return id!;
}

/** Reviews, comments and photos (issues 11, 12, 30): by the request's own user, to edit or delete. */
function reviewExamples(s: WalkScene): Examples {
  const { t } = s;
  return {
    "POST /posts/save": ({ userId }) => ({
      body: { authId: userId, dishId: firstDish(s), content: "Walk review", rating: "4" },
    }),
    "POST /posts/update": async ({ userId }) => ({
      body: { id: await reviewBy(s, userId), authId: userId, content: "Edited" },
    }),
    "DELETE /posts/{id}": async ({ userId }) => ({ path: { id: await reviewBy(s, userId) } }),
    // Issue 30: the author changes the photos of their review; the walk's PNG is the upload.
    "POST /posts/{id}/photos": async ({ userId }) => ({ path: { id: await reviewBy(s, userId) } }),
    "DELETE /posts/{id}/photos/{name}": async ({ userId }) => {
      const id = await reviewBy(s, userId);
      const name = `walk-${id}.webp`;
      await t.db
        .insert(files)
        .values({ name, contentType: "image/webp", width: 1, height: 1, bytes: 1, ownerId: userId });
      await t.db.insert(postImages).values({ postId: id, fileName: name, position: 0 });
      return { path: { id, name } };
    },
    "POST /comments/update": async ({ userId }) => ({
      body: { id: await commentBy(s, userId), content: "Edited" },
    }),
    "DELETE /comments/deleteComment/{id}": async ({ userId }) => ({
      path: { id: await commentBy(s, userId) },
    }),
  };
}

/** Restaurants, people, Settings and lists. */
function memberExamples(s: WalkScene): Examples {
  const { fixture } = s;
  return {
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
    "POST /users/{id}/report": () => ({
      path: { id: fixture.userIds.ben },
      body: { reason: "spam-or-fake" },
    }),
    // Follow requests (issue 12): a waiting request from Ada to the request's own, private, user.
    "POST /follower/requests/{requesterId}/accept": async ({ userId }) => ({
      path: { requesterId: await requestFromAda(s, userId) },
    }),
    "POST /follower/requests/{requesterId}/decline": async ({ userId }) => ({
      path: { requesterId: await requestFromAda(s, userId) },
    }),
    // Settings (issue 12): the request's own user confirms with their real password.
    "POST /account/password/{userId}": async ({ userId }) => ({
      body: { currentPassword: await realPasswordOf(s, userId), newPassword: "a fresh walk password" },
    }),
    "POST /account/delete/{userId}": async ({ userId }) => ({
      body: { password: await realPasswordOf(s, userId) },
    }),
    // Lists (issue 32): a list of the request's own user holding a dish; a copy is of Ada's public list.
    "PATCH /lists/{id}": async ({ userId }) => ({
      path: { id: await listBy(s, userId) },
      body: { name: "Renamed" },
    }),
    "DELETE /lists/{id}": async ({ userId }) => ({ path: { id: await listBy(s, userId) } }),
    "POST /lists/{id}/items": async ({ userId }) => ({
      path: { id: await listBy(s, userId) },
      body: { kind: "restaurant", id: Object.values(fixture.restaurantIds)[0] },
    }),
    "PATCH /lists/{id}/items/{kind}/{itemId}": async ({ userId }) => ({
      path: { id: await listBy(s, userId), kind: "dish", itemId: firstDish(s) },
      body: { note: "Walk note" },
    }),
    "DELETE /lists/{id}/items/{kind}/{itemId}": async ({ userId }) => ({
      path: { id: await listBy(s, userId), kind: "dish", itemId: firstDish(s) },
    }),
    "POST /lists/items/move": async ({ userId }) => ({
      body: { kind: "dish", id: firstDish(s), fromListId: await listBy(s, userId) },
    }),
    "POST /lists/{id}/copy": async () => ({ path: { id: await listBy(s, fixture.userIds.ada, "public") } }),
  };
}

const walkUser = (id: number) => ({ id, username: `walk-${id}`, admin: false, tokenVersion: 0 });

/** Moderation (issue 21): a decision to make, one to appeal, a moderator to appoint. */
function moderationExamples(s: WalkScene): Examples {
  const { t } = s;
  return {
    // A review by someone else to keep; the caller is the moderator.
    "POST /moderation/actions": async () => ({
      body: {
        kind: "review",
        id: await reviewBy(s, (await createUser(t, NO_SCRYPT)).userId),
        action: "keep",
        reason: "no-violation",
        note: "Walk",
      },
    }),
    // A decision about the caller's own review, which they may appeal.
    "POST /moderation/appeals": async ({ userId }) => {
      const decider = await createUser(t, NO_SCRYPT);
      await setRole(t.db, decider.email, "moderator", { id: null, label: "walk" }, t.clock.now());
      const decision = await decide(
        t.deps,
        { id: decider.userId, username: decider.username, admin: false, tokenVersion: 0 },
        {
          kind: "review",
          id: await reviewBy(s, userId),
          // Only the side a decision went against may appeal it (issue 30): the author, of a removal.
          action: "remove",
          reason: "community-guidelines",
          note: "Walk",
        },
      );
      return { body: { decisionId: decision.decisionId, note: "Walk appeal" } };
    },
    "POST /moderation/moderators": async () => ({
      body: { email: (await createUser(t, NO_SCRYPT)).email, grant: true },
    }),
  };
}

/**
 * Issue 29, nobody decides their own case: each request would be valid for a moderator, but the
 * caller (a moderator) reported the review, appealed a decision on it, owns its restaurant or
 * decided it before. The walk expects 403 and nothing changed.
 */
export function moderationRelationships(s: WalkScene): NonNullable<WalkRules["relationships"]> {
  const { t, fixture } = s;
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
    const postId = await reviewBy(s, (await createUser(t, NO_SCRYPT)).userId);
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
  return {
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
          const postId = await reviewBy(s, (await createUser(t, NO_SCRYPT)).userId);
          await decideAs(userId, "keep", postId);
          return actionOn(postId);
        },
      },
    ],
  };
}

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

/**
 * Owners (issue 22, docs/owners.md): the example makes the request's user the verified owner
 * of a new restaurant; the walk sends the same request as someone else and expects 403.
 */
function ownerExamples({ t, fixture }: WalkScene): Examples {
  const owned = (userId: number | null) => restaurantOwnedBy(t, fixture, userId);
  return {
    "POST /restaurants/{id}/claim/verify": async ({ userId }) => {
      const id = await owned(null);
      return { path: { id }, body: { code: await claimCodeFor(t, id, userId) } };
    },
    "POST /restaurants/{id}/claim/evidence": async () => ({ path: { id: await owned(null) } }),
    "GET /moderation/claims/{claimId}/evidence": async () => {
      const claimant = await createUser(t, NO_SCRYPT);
      return { path: { claimId: await evidenceClaim(t, await owned(null), claimant.userId) } };
    },
    "PUT /restaurants/{id}/facts": async ({ userId }) => ({
      path: { id: await owned(userId) },
      body: ownerFacts,
    }),
    "PUT /restaurants/{id}/menu": async ({ userId }) => ({
      path: { id: await owned(userId) },
      body: {
        dishes: [{ dishName: "Walk Dish", price: 5, description: "", allergens: ["milk"], diets: null }],
      },
    }),
    "POST /reviews/{postId}/reply": async ({ userId }) => ({
      path: { postId: await reviewOf(t, await owned(userId)) },
      body: { content: "Thank you" },
    }),
    "PUT /reviews/{postId}/reply": async ({ userId }) => {
      const id = await owned(userId);
      const postId = await reviewOf(t, id);
      await replyTo(t, postId, id, userId);
      return { path: { postId }, body: { content: "Edited" } };
    },
    "DELETE /reviews/{postId}/reply": async ({ userId }) => {
      const id = await owned(userId);
      const postId = await reviewOf(t, id);
      await replyTo(t, postId, id, userId);
      return { path: { postId } };
    },
    "POST /reviews/{postId}/reply/report": async () => {
      const owner = await createUser(t, NO_SCRYPT);
      const id = await owned(owner.userId);
      const postId = await reviewOf(t, id);
      await replyTo(t, postId, id, owner.userId);
      return { path: { postId }, body: { reason: "harassment" } };
    },
    "POST /owner/reviews/{postId}/report": async ({ userId }) => ({
      path: { postId: await reviewOf(t, await owned(userId)) },
      body: { reason: "extortion" },
    }),
    "GET /owner/restaurants/{id}/reviews": async ({ userId }) => ({ path: { id: await owned(userId) } }),
    "GET /owner/restaurants/{id}/stats": async ({ userId }) => ({ path: { id: await owned(userId) } }),
    "GET /owner/restaurants/{id}/menu": async ({ userId }) => ({ path: { id: await owned(userId) } }),
    // The owner's restaurant photos (issue 22): the walk's smallest PNG is the upload.
    "POST /restaurants/{id}/photos": async ({ userId }) => ({ path: { id: await owned(userId) } }),
    "DELETE /restaurants/{id}/photos/{photoId}": async ({ userId }) => {
      const id = await owned(userId);
      return { path: { id, photoId: await ownerPhotoOf(t, id, userId) } };
    },
  };
}

/** Every example the walk has, over `s`. */
export function walkExamples(s: WalkScene): Examples {
  return { ...reviewExamples(s), ...memberExamples(s), ...moderationExamples(s), ...ownerExamples(s) };
}
