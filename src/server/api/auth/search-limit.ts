// The per-caller limit on searches (issue 20): catalogue search, post search and people search
// each cost real database work per request, and anyone can send them. A signed-in caller is
// counted per user (RATE_LIMITS.searchesPerUser), anyone else per client address
// (searchesPerClient); over the limit the call answers 429 with Retry-After.
//
// The check is one upsert, the cost of the smallest write, and only requests that reach the
// router pay it: an answer the URL fast path serves from memory (cache/url-fast-path.ts) never
// gets here. That is on purpose: a cached answer costs no database work, and counting it would
// turn the cheapest answer into a write (docs/security.md, "Sign-up, login and search limits").
import type { MiddlewareHandler } from "hono";
import type { AppDeps } from "../deps.ts";
import { clientKey, enforceRateLimit, pruneOccasionally, RATE_LIMITS } from "./rate-limit.ts";
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
    if (claims) await enforceRateLimit(deps.db, RATE_LIMITS.searchesPerUser, String(claims.userId), now);
    else await enforceRateLimit(deps.db, RATE_LIMITS.searchesPerClient, clientKey(c, deps), now);
    // Every searching address leaves a counter row; searches far outnumber the mail calls that
    // prune otherwise, so they prune too, rarely, since the prune reads the whole table.
    await pruneOccasionally(deps.db, now, 0.001);
    await next();
  };
}
