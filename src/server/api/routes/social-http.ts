// HTTP pieces shared by the follow, profile, people, block and notification routes (issue 12).
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_AVATAR_BYTES, SOCIAL_MESSAGES } from "../../../domain/social-rules.ts";
import { authenticateOrRefuse } from "../auth/require-user.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { VISITOR } from "../services/follows.ts";

/**
 * The viewer of a read anyone may make: the token's user, or a visitor (0) when the request
 * carries no token. A token that no longer works answers 401, as on every bearer call: read
 * as a visitor, a signed-out session would see its own profile as a stranger does and not
 * learn that it must log in again. Answers differ by viewer (isFollowing, private profiles),
 * so none is cached.
 */
export async function viewerOf(c: Context, deps: AppDeps): Promise<number> {
  if (c.req.header("authorization") === undefined) return VISITOR;
  return (await authenticateOrRefuse(c, deps)).id;
}

/** A photo of at most 10 MB and its multipart framing; anything larger is refused unread. */
export const limitAvatarBody: MiddlewareHandler = bodyLimit({
  maxSize: MAX_AVATAR_BYTES + 64 * 1024,
  onError: (c) =>
    c.json(
      envelope({ fields: { file: SOCIAL_MESSAGES.avatarTooLarge } }, 413, SOCIAL_MESSAGES.avatarTooLarge),
      413,
    ),
});
