// The one suspension guard (issue 21, docs/moderation.md): requireUser for the writes a
// suspended account may not make: posting and editing reviews, commenting, liking, saving,
// following, adding restaurants and dishes, changing its profile, and reporting (issue 29).
// 403 saying until when and why; a suspension ends by itself when its time passes. Reading,
// logging out, exporting, deleting one's account and appealing stay open. The suspension is read from the database on each call
// (one primary-key read), so a suspension or its end takes effect at once.
import type { MiddlewareHandler } from "hono";
import { suspensionNotice } from "../../../domain/moderation.ts";
import { accountById } from "../db/queries/moderation-decisions.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../http/envelope.ts";
import { authUser, requireUser, type AuthEnv } from "./require-user.ts";

export function requireActiveUser(deps: AppDeps): MiddlewareHandler<AuthEnv> {
  const signedIn = requireUser(deps);
  return (c, next) =>
    signedIn(c, async () => {
      const suspended = suspensionNotice(await accountById(deps.db, authUser(c).id), deps.now());
      if (suspended !== undefined) throw new ApiError(403, suspended);
      await next();
    });
}
