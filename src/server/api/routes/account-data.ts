// Settings' account calls (issue 12): change password, download my data, delete my account.
// HTTP only: the rules live in services/account-data.ts. {userId} must be the caller (403).
import { createRoute } from "@hono/zod-openapi";
import { ACCOUNT_DATA_MESSAGES } from "../../../domain/account-rules.ts";
import {
  accountExportSchema,
  changePasswordSchema,
  deleteAccountSchema,
  passwordChangedSchema,
} from "../../../shared/schemas/account-data.ts";
import { envelopeOf, messageEnvelope } from "../../../shared/schemas/envelope.ts";
import { userIdPathSchema } from "../../../shared/schemas/social-profiles.ts";
import { assertSelf, requireUser } from "../auth/require-user.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { changePassword, deleteAccount, exportAccount } from "../services/account-data.ts";
import {
  bearer,
  commonFailures,
  failure,
  jsonContent,
  limitAccountBody,
  requireBodyType,
  tooMany,
} from "./route-http.ts";

const tags = ["Account"];
const ownFailures = { ...commonFailures, 403: failure("{userId} is not the caller"), 429: tooMany };

const changePasswordRoute = createRoute({
  method: "post",
  path: "/account/password/{userId}",
  tags,
  summary: "Change the caller's password; every other session ends",
  description:
    "Needs the current password. Answers a new token for this device: the old ones, this one included, no longer work.",
  security: bearer,
  request: { params: userIdPathSchema, body: { required: true, content: jsonContent(changePasswordSchema) } },
  responses: {
    200: {
      description: ACCOUNT_DATA_MESSAGES.passwordChanged,
      content: jsonContent(envelopeOf(passwordChangedSchema)),
    },
    ...ownFailures,
    415: failure("Not JSON"),
  },
});

const exportRoute = createRoute({
  method: "get",
  path: "/account/export/{userId}",
  tags,
  summary: "Everything the caller gave us, as one JSON file (UK GDPR portability)",
  description:
    "Profile, posts with their photo URLs, comments, likes, saves, follows, requests and blocks. 10 a day.",
  security: bearer,
  request: { params: userIdPathSchema },
  responses: {
    200: {
      description: ACCOUNT_DATA_MESSAGES.exported,
      content: jsonContent(envelopeOf(accountExportSchema)),
    },
    ...ownFailures,
  },
});

const deleteRoute = createRoute({
  method: "post",
  path: "/account/delete/{userId}",
  tags,
  summary: "Delete the caller's account at once, confirmed with the password",
  description:
    "Removes the account, profile, photo, posts (aggregates recomputed), comments, likes, saves, follows, requests, blocks and notifications; every token ends.",
  security: bearer,
  request: { params: userIdPathSchema, body: { required: true, content: jsonContent(deleteAccountSchema) } },
  responses: {
    200: { description: ACCOUNT_DATA_MESSAGES.deleted, content: jsonContent(messageEnvelope) },
    ...ownFailures,
    415: failure("Not JSON"),
  },
});

export function accountDataRoutes(deps: AppDeps) {
  const signedIn = requireUser(deps);
  return createRouter()
    .openapi(
      { ...changePasswordRoute, middleware: [limitAccountBody, signedIn, requireBodyType("json")] as const },
      async (c) => {
        const me = assertSelf(c, c.req.valid("param").userId);
        const answer = await changePassword(deps, me.id, c.req.valid("json"));
        return c.json(envelope(answer, 200, ACCOUNT_DATA_MESSAGES.passwordChanged), 200);
      },
    )
    .openapi({ ...exportRoute, middleware: [signedIn] as const }, async (c) => {
      const me = assertSelf(c, c.req.valid("param").userId);
      const data = await exportAccount(deps, me.id);
      c.header("Content-Disposition", `attachment; filename="dishcovery-data-${me.id}.json"`);
      return c.json(envelope(data, 200, ACCOUNT_DATA_MESSAGES.exported), 200);
    })
    .openapi(
      { ...deleteRoute, middleware: [limitAccountBody, signedIn, requireBodyType("json")] as const },
      async (c) => {
        const me = assertSelf(c, c.req.valid("param").userId);
        await deleteAccount(deps, me.id, c.req.valid("json").password);
        return c.json(envelope(null, 200, ACCOUNT_DATA_MESSAGES.deleted), 200);
      },
    );
}
