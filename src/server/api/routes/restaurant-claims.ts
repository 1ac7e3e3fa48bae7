// Claiming a restaurant (issue 22, docs/owners.md): start a claim, verify the mailed code, send
// evidence; the caller's claims; and the moderators' private read of evidence. HTTP only: the
// rules live in services/restaurant-claims*.ts.
import { createRoute } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as z from "zod";
import { MAX_EVIDENCE_BYTES, OWNER_MESSAGES } from "../../../domain/owners.ts";
import { envelopeOf } from "../../../shared/schemas/envelope.ts";
import {
  claimEvidenceForm,
  claimEvidenceSchema,
  claimPath,
  claimStartedSchema,
  claimVerifiedSchema,
  ownClaimSchema,
  restaurantIdPath,
  verifyClaimSchema,
} from "../../../shared/schemas/owners.ts";
import { clientKey } from "../auth/rate-limit.ts";
import { requireActiveUser } from "../auth/require-active-user.ts";
import { authUser, requireUser } from "../auth/require-user.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { startClaim, verifyClaimCode } from "../services/restaurant-claims.ts";
import { readEvidence, submitEvidence } from "../services/restaurant-claims-evidence.ts";
import { listOwnClaims } from "../services/owners.ts";
import {
  bearer,
  failure,
  jsonContent,
  limitAccountBody,
  requireBodyType,
  tooMany,
  unauthorized,
} from "./route-http.ts";

const tags = ["Owners"];

const limitEvidenceBody: MiddlewareHandler = bodyLimit({
  maxSize: MAX_EVIDENCE_BYTES + 64 * 1024,
  onError: (c) => c.json(envelope(null, 413, OWNER_MESSAGES.evidenceTooLarge), 413),
});

const startRoute = createRoute({
  method: "post",
  path: "/restaurants/{id}/claim",
  tags,
  summary:
    "Start claiming a restaurant: answers the open routes, and mails a code where the code route is open",
  description:
    '"code" is open when a moderator approved the listing (or the seed holds it), it has a contact address set by a ' +
    'moderator or the seed, and no verified owner: a 6-character code goes to that address, with no text the ' +
    'claimant typed. "evidence" is always open (POST .../claim/evidence). Claim mails are limited per claimant too.',
  security: bearer,
  request: { params: restaurantIdPath },
  responses: {
    200: { description: OWNER_MESSAGES.claimStarted, content: jsonContent(envelopeOf(claimStartedSchema)) },
    400: failure("Invalid id"),
    401: unauthorized,
    403: failure("The account is suspended"),
    404: failure(OWNER_MESSAGES.restaurantNotFound),
    409: failure(OWNER_MESSAGES.alreadyOwner),
    429: tooMany,
    503: failure("The mail could not be sent"),
  },
});

const verifyRoute = createRoute({
  method: "post",
  path: "/restaurants/{id}/claim/verify",
  tags,
  summary: "Verify the mailed claim code: the caller becomes the restaurant's verified owner",
  security: bearer,
  request: { params: restaurantIdPath, body: { required: true, content: jsonContent(verifyClaimSchema) } },
  responses: {
    200: { description: OWNER_MESSAGES.claimVerified, content: jsonContent(envelopeOf(claimVerifiedSchema)) },
    400: failure("A wrong, expired or malformed code (field code)"),
    401: unauthorized,
    403: failure("The account is suspended"),
    404: failure(OWNER_MESSAGES.restaurantNotFound),
    409: failure(`${OWNER_MESSAGES.alreadyOwner} / ${OWNER_MESSAGES.noCodeRoute}`),
    415: failure("Not JSON"),
    429: failure("Out of tries: start the claim again for a new code"),
  },
});

const evidenceRoute = createRoute({
  method: "post",
  path: "/restaurants/{id}/claim/evidence",
  tags,
  summary: "Claim by evidence (multipart: file, note): stored privately, decided by a moderator",
  security: bearer,
  request: {
    params: restaurantIdPath,
    body: { required: true, content: { "multipart/form-data": { schema: claimEvidenceForm } } },
  },
  responses: {
    200: {
      description: OWNER_MESSAGES.evidenceReceived,
      content: jsonContent(envelopeOf(claimEvidenceSchema)),
    },
    400: failure("No file, or not a photo or PDF by its bytes (field file)"),
    401: unauthorized,
    403: failure("The account is suspended"),
    404: failure(OWNER_MESSAGES.restaurantNotFound),
    409: failure(OWNER_MESSAGES.claimWaitingYours),
    413: failure(OWNER_MESSAGES.evidenceTooLarge),
    415: failure("Not multipart/form-data"),
    429: tooMany,
  },
});

const ownClaimsRoute = createRoute({
  method: "get",
  path: "/owner/claims",
  tags,
  summary: "The caller's claims, newest first",
  security: bearer,
  responses: {
    200: { description: "Claims", content: jsonContent(envelopeOf(z.array(ownClaimSchema))) },
    401: unauthorized,
  },
});

const evidenceFileRoute = createRoute({
  method: "get",
  path: "/moderation/claims/{claimId}/evidence",
  tags,
  summary: "A claim's evidence file (moderators only; never cached)",
  security: bearer,
  request: { params: claimPath },
  responses: {
    200: { description: "The file's bytes (a WebP photo or a PDF), as an attachment" },
    400: failure("Invalid claimId"),
    401: unauthorized,
    403: failure("This needs a moderator."),
    404: failure("No such claim, or it has no evidence"),
  },
});

export function restaurantClaimRoutes(deps: AppDeps) {
  const active = requireActiveUser(deps);
  return createRouter()
    .openapi({ ...startRoute, middleware: [active] as const }, async (c) => {
      const started = await startClaim(deps, authUser(c), c.req.valid("param").id, clientKey(c, deps));
      return c.json(envelope(started, 200, OWNER_MESSAGES.claimStarted), 200);
    })
    .openapi(
      { ...verifyRoute, middleware: [limitAccountBody, active, requireBodyType("json")] as const },
      async (c) => {
        const verified = await verifyClaimCode(
          deps,
          authUser(c),
          c.req.valid("param").id,
          c.req.valid("json").code,
        );
        return c.json(envelope(verified, 200, OWNER_MESSAGES.claimVerified), 200);
      },
    )
    .openapi(
      { ...evidenceRoute, middleware: [limitEvidenceBody, active, requireBodyType("multipart")] as const },
      async (c) => {
        const claim = await submitEvidence(deps, authUser(c), c.req.valid("param").id, c.req.valid("form"));
        return c.json(envelope(claim, 200, OWNER_MESSAGES.evidenceReceived), 200);
      },
    )
    .openapi({ ...ownClaimsRoute, middleware: [requireUser(deps)] as const }, async (c) => {
      return c.json(envelope(await listOwnClaims(deps, authUser(c))), 200);
    })
    .openapi({ ...evidenceFileRoute, middleware: [requireUser(deps)] as const }, async (c) => {
      const { file, contentType, fileName } = await readEvidence(
        deps,
        authUser(c),
        c.req.valid("param").claimId,
      );
      return c.body(file.body as Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>, 200, {
        "content-type": contentType,
        "content-length": String(file.bytes),
        "content-disposition": `attachment; filename="${fileName}"`,
        "cache-control": "private, no-store",
        "content-security-policy": "sandbox; default-src 'none'",
      });
    });
}
