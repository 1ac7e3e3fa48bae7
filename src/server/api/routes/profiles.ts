// Profiles (spec points 3 "Profile", 5, 7 "Follow and profile"; issue 12; docs/social.md):
// reading a profile and its posts, and the owner's photo, bio and privacy. HTTP only: the
// rules live in services/profiles.ts.
import { createRoute } from "@hono/zod-openapi";
import { SOCIAL_MESSAGES } from "../../../domain/social-rules.ts";
import { envelopeOf } from "../../../shared/schemas/envelope.ts";
import {
  profilePostsPageSchema,
  profilePostsQuery,
  profileSchema,
  updateBioSchema,
  updatePrivacySchema,
  uploadAvatarForm,
  userIdPathSchema,
} from "../../../shared/schemas/social-profiles.ts";
import { assertSelf, privateNoStore, requireUser } from "../auth/require-user.ts";
import { requireActiveUser } from "../auth/require-active-user.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { profileFor, profilePosts, updateBio, updatePrivacy, uploadAvatar } from "../services/profiles.ts";
import {
  bearer,
  commonFailures,
  failure,
  jsonContent,
  limitAccountBody,
  requireBodyType,
  staleToken,
  tooMany,
} from "./route-http.ts";
import { limitAvatarBody, viewerOf } from "./social-http.ts";

const ownProfileResponses = (saved: string) => ({
  200: { description: saved, content: jsonContent(envelopeOf(profileSchema)) },
  ...commonFailures,
  403: failure("{userId} is not the caller"),
});

const profileRoute = createRoute({
  method: "get",
  path: "/profiles/getProfileByUserId/{userId}",
  tags: ["Profiles"],
  summary: "A profile with its counts and first page of posts",
  description:
    "Anyone may read it, with or without a token. A private profile answers a non-follower with " +
    "isPrivate true, its name, photo, bio and counts, and no posts (canSeePosts false). A block " +
    "either way answers 404, as for a user who does not exist.",
  middleware: [privateNoStore] as const,
  request: { params: userIdPathSchema },
  responses: {
    200: { description: "Found", content: jsonContent(envelopeOf(profileSchema)) },
    400: commonFailures[400],
    401: staleToken,
    404: failure("No such user, or a block either way"),
  },
});

const postsRoute = createRoute({
  method: "get",
  path: "/profiles/getPostsByUserId/{userId}",
  tags: ["Profiles"],
  summary: "A profile's posts, newest or most liked first, by cursor",
  description:
    "sort=newest (the default) continues the profile's first page from its postsNextCursor; " +
    "sort=most-liked lists the most-liked first, ties newest first (the profile's Default sort). " +
    "A cursor is valid only in the order that made it (400 otherwise). `cards` carries the same " +
    "posts as the feed's post cards, for the Posts tab.",
  middleware: [privateNoStore] as const,
  request: { params: userIdPathSchema, query: profilePostsQuery },
  responses: {
    200: { description: "One page", content: jsonContent(envelopeOf(profilePostsPageSchema)) },
    400: commonFailures[400],
    401: staleToken,
    403: failure(SOCIAL_MESSAGES.privateProfile),
    404: failure("No such user, or a block either way"),
  },
});

const uploadImageRoute = createRoute({
  method: "post",
  path: "/profiles/uploadImage/{userId}",
  tags: ["Profiles"],
  summary: "Set the caller's profile photo (multipart, field `file`)",
  description:
    "One image of at most 10 MB: JPEG, PNG, WebP or AVIF, judged by its bytes. It is decoded and " +
    "stored as a new 512 px square WebP without metadata. Limit: 20 an hour (429 with Retry-After).",
  security: bearer,
  request: {
    params: userIdPathSchema,
    body: { required: true, content: { "multipart/form-data": { schema: uploadAvatarForm } } },
  },
  responses: {
    ...ownProfileResponses(SOCIAL_MESSAGES.avatarSaved),
    413: failure(SOCIAL_MESSAGES.avatarTooLarge),
    415: failure("Not multipart/form-data"),
    429: tooMany,
  },
});

const updateBioRoute = createRoute({
  method: "post",
  path: "/profiles/updateBio/{userId}",
  tags: ["Profiles"],
  summary: "Set the caller's bio (an empty bio clears it)",
  security: bearer,
  request: { params: userIdPathSchema, body: { required: true, content: jsonContent(updateBioSchema) } },
  responses: { ...ownProfileResponses(SOCIAL_MESSAGES.bioSaved), 415: failure("Not JSON") },
});

const updatePrivacyRoute = createRoute({
  method: "post",
  path: "/profiles/updatePrivacy/{userId}",
  tags: ["Profiles"],
  summary: "Make the caller's account private or public",
  description:
    "A private account's posts and follow lists are for its followers; others send follow " +
    "requests. Going public accepts every waiting request.",
  security: bearer,
  request: { params: userIdPathSchema, body: { required: true, content: jsonContent(updatePrivacySchema) } },
  responses: { ...ownProfileResponses(SOCIAL_MESSAGES.privacySaved), 415: failure("Not JSON") },
});

export function profileRoutes(deps: AppDeps) {
  const signedIn = requireUser(deps);
  const active = requireActiveUser(deps);
  return createRouter()
    .openapi(profileRoute, async (c) => {
      const profile = await profileFor(deps, await viewerOf(c, deps), c.req.valid("param").userId);
      return c.json(envelope(profile), 200);
    })
    .openapi(postsRoute, async (c) => {
      const page = await profilePosts(
        deps,
        await viewerOf(c, deps),
        c.req.valid("param").userId,
        c.req.valid("query"),
      );
      return c.json(envelope(page), 200);
    })
    .openapi(
      { ...uploadImageRoute, middleware: [limitAvatarBody, active, requireBodyType("multipart")] as const },
      async (c) => {
        const me = assertSelf(c, c.req.valid("param").userId);
        const profile = await uploadAvatar(deps, me.id, c.req.valid("form").file);
        return c.json(envelope(profile, 200, SOCIAL_MESSAGES.avatarSaved), 200);
      },
    )
    .openapi(
      { ...updateBioRoute, middleware: [limitAccountBody, active, requireBodyType("json")] as const },
      async (c) => {
        const me = assertSelf(c, c.req.valid("param").userId);
        const profile = await updateBio(deps, me.id, c.req.valid("json").bio);
        return c.json(envelope(profile, 200, SOCIAL_MESSAGES.bioSaved), 200);
      },
    )
    .openapi(
      { ...updatePrivacyRoute, middleware: [limitAccountBody, signedIn, requireBodyType("json")] as const },
      async (c) => {
        const me = assertSelf(c, c.req.valid("param").userId);
        const profile = await updatePrivacy(deps, me.id, c.req.valid("json").isPrivate);
        return c.json(envelope(profile, 200, SOCIAL_MESSAGES.privacySaved), 200);
      },
    );
}
