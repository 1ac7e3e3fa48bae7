// The bearer check for every signed-in call. Usage in any router:
//
//   import { authUser, requireUser } from "./require-user.ts";
//   const route = createRoute({ ..., middleware: [requireUser(deps)] as const });
//   router.openapi(route, (c) => { const me = authUser(c); ... me.id ... });
//
// (or router.use("/things/*", requireUser(deps)) for a whole prefix). A missing, malformed,
// forged, expired, exp-less, alg-"none" or logged-out token answers 401 "Unauthorized access.
// Please login to continue." before the handler runs, so nothing changes.
import type { Context, MiddlewareHandler } from "hono";
import { HTTP_MESSAGES } from "../../../domain/messages.ts";
import { PASSWORD_CHANGED_MESSAGE } from "../../../shared/session-ended.ts";
import { findUserById } from "../db/queries/users.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../http/envelope.ts";
import { readToken } from "./tokens.ts";

/** The signed-in caller: always the token's user, never an id from the request. */
export interface AuthUser {
  id: number;
  username: string;
  admin: boolean;
  tokenVersion: number;
}

export type AuthEnv = { Variables: { authUser: AuthUser } };

const BEARER = /^Bearer[ ]+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)[ ]*$/i;

export function unauthorized(): ApiError {
  return new ApiError(401, HTTP_MESSAGES[401], { "WWW-Authenticate": 'Bearer realm="dishcovery"' });
}

/**
 * The 401 for a token ended by a password change since it was issued (issue 24): its own
 * message, so the client can say why it signed the person out, and RFC 6750's invalid_token.
 */
function passwordChanged(): ApiError {
  return new ApiError(401, PASSWORD_CHANGED_MESSAGE, {
    "WWW-Authenticate": 'Bearer realm="dishcovery", error="invalid_token"',
  });
}

/** Why a token was refused: "password-changed" has its own answer; anything else the plain 401. */
type Refusal = "invalid" | "password-changed";

/** The bearer token of the Authorization header, if it has the shape of one. */
export function bearerToken(c: Context): string | undefined {
  return BEARER.exec(c.req.header("authorization") ?? "")?.[1];
}

/**
 * The user the request's bearer token names, checked against the database (the user still
 * exists and the token's version is current). Tokens are read only from the Authorization
 * header, never from a URL, a cookie or a body.
 */
export async function authenticate(c: Context, deps: AppDeps): Promise<AuthUser | undefined> {
  const checked = await checkToken(c, deps);
  return typeof checked === "string" ? undefined : checked;
}

/** authenticate, or the 401 that says why not: for callers that refuse a bad token. */
export async function authenticateOrRefuse(c: Context, deps: AppDeps): Promise<AuthUser> {
  const checked = await checkToken(c, deps);
  if (checked === "password-changed") throw passwordChanged();
  if (checked === "invalid") throw unauthorized();
  return checked;
}

async function checkToken(c: Context, deps: AppDeps): Promise<AuthUser | Refusal> {
  const token = bearerToken(c);
  if (!token) return "invalid";
  const claims = await readToken(token, deps.config.jwtSecret, deps.now());
  if (!claims) return "invalid";
  const user = await findUserById(deps.db, claims.userId);
  if (!user) return "invalid";
  if (user.tokenVersion !== claims.tokenVersion) {
    // A log out also ends every token; only one issued before the last password change says so.
    const changedAt = user.passwordChangedAt;
    return changedAt !== null && claims.issuedAtMs <= changedAt ? "password-changed" : "invalid";
  }
  return { id: user.id, username: user.username, admin: user.admin, tokenVersion: user.tokenVersion };
}

/**
 * Answers that carry a token or the caller's own data must never sit in a shared cache or the
 * browser's disk cache (issue 14). Set before the handler runs so refusals carry it too, and
 * again after, so a handler cannot loosen it by mistake.
 */
export const PRIVATE_NO_STORE = "private, no-store";

export const privateNoStore: MiddlewareHandler = async (c, next) => {
  c.header("Cache-Control", PRIVATE_NO_STORE);
  await next();
  keepPrivate(c);
};

function keepPrivate(c: Context): void {
  try {
    c.res.headers.set("Cache-Control", PRIVATE_NO_STORE);
  } catch {
    // A response passed through from fetch() has immutable headers: copy it first.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set("Cache-Control", PRIVATE_NO_STORE);
  }
}

export function requireUser(deps: AppDeps): MiddlewareHandler<AuthEnv> {
  // privateNoStore around the check, so the 401 is private too.
  return (c, next) =>
    privateNoStore(c, async () => {
      c.set("authUser", await authenticateOrRefuse(c, deps));
      await next();
    });
}

/** The caller set by requireUser; a route that forgot the middleware fails closed with 401. */
export function authUser(c: Context): AuthUser {
  const user = c.get("authUser") as AuthUser | undefined;
  if (!user) throw unauthorized();
  return user;
}

/** 403 unless `id` (from a path, query or body) is the caller's own. Absent ids are fine. */
export function assertSelf(c: Context, ...ids: (number | string | undefined | null)[]): AuthUser {
  const user = authUser(c);
  for (const id of ids) {
    if (id === undefined || id === null || id === "") continue;
    if (Number(id) !== user.id) throw new ApiError(403);
  }
  return user;
}
