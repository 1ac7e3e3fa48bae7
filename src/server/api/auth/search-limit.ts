// The per-caller limit on searches (issue 20): catalogue search, post search, people search
// and suggestions each cost real database work per request, and anyone can send them. A
// signed-in caller is counted per user (RATE_LIMITS.searchesPerUser), anyone else per client
// address (searchesPerClient); over the limit the call answers 429 with Retry-After.
//
// Issue 33: the count is kept off the database (read-limits.ts, deps.readLimits), so a search
// writes nothing. Only requests that reach the router are counted: an answer the URL fast path
// serves from memory (cache/url-fast-path.ts) never gets here, since it costs no database work
// (docs/security.md, "Sign-up, login and search limits").
import type { MiddlewareHandler } from "hono";
import type { AppDeps } from "../deps.ts";
import { clientKey, RATE_LIMITS } from "./rate-limit.ts";
import { enforceReadLimit } from "./read-limits.ts";
import { bearerToken } from "./require-user.ts";
import { readToken } from "./tokens.ts";

/**
 * Only the token's signature is checked, not the database: a token that verifies names its
 * user well enough to count by (a logged-out one still counts against that user), and the
 * route itself refuses it where a live session matters.
 */
export function limitSearches(deps: AppDeps): MiddlewareHandler {
  return async (c, next) => {
    const now = deps.now();
    const token = bearerToken(c);
    const claims = token ? await readToken(token, deps.config.jwtSecret, now) : undefined;
    if (claims) await enforceReadLimit(deps, RATE_LIMITS.searchesPerUser, String(claims.userId), now);
    else await enforceReadLimit(deps, RATE_LIMITS.searchesPerClient, clientKey(c, deps), now);
    await next();
  };
}
