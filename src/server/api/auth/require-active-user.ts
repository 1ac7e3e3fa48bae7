// The one suspension guard (issue 21, docs/moderation.md): requireUser for the writes a
// suspended account may not make: posting and editing reviews, commenting, liking, saving,
// following, adding restaurants and dishes, and changing its profile. 403 saying until when
// and why; a suspension ends by itself when its time passes. Reading, logging out, exporting
// and deleting one's account stay open. The suspension is read from the database on each call
// (one primary-key read), so a suspension or its end takes effect at once.
import type { MiddlewareHandler } from "hono";
import { isSuspended, suspensionMessage } from "../../../domain/moderation.ts";
import { decisionReasonLabel } from "../../../domain/report-reasons.ts";
import { accountById } from "../db/queries/moderation-decisions.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../http/envelope.ts";
import { authUser, requireUser, type AuthEnv } from "./require-user.ts";

export function requireActiveUser(deps: AppDeps): MiddlewareHandler<AuthEnv> {
  const signedIn = requireUser(deps);
  return (c, next) =>
    signedIn(c, async () => {
      const account = await accountById(deps.db, authUser(c).id);
      const until = account?.suspendedUntil ?? null;
      if (until !== null && isSuspended(until, deps.now())) {
        const reason = decisionReasonLabel(account?.suspensionReason ?? "community-guidelines");
        throw new ApiError(403, suspensionMessage(until, reason));
      }
      await next();
    });
}
