// A removed review stays removed (issue 29, /review-policy "If we remove your review"): the
// removed review is the record, so its author cannot delete it (deleting and posting a copy
// would undo the removal), and one voice per person per item still holds. What the author may
// do instead of appealing is rewrite it to follow the policy: the rewrite stays hidden and out
// of every count, and opens the review's moderation item; a moderator's keep restores it.
import { MODERATION_MESSAGES } from "../../../domain/moderation.ts";
import type { Database } from "../db/client.ts";
import { openModerationItem, type ModerationItemRow } from "../db/queries/moderation-items.ts";
import { removedAmong } from "../db/queries/moderation-restores.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../http/envelope.ts";

/** 409 when the author's delete would take a removed review (or a removed dish review in it) away. */
export async function keepRemovalRecord(db: Database, postIds: number[]): Promise<void> {
  if ((await removedAmong(db, postIds)).length > 0) {
    throw new ApiError(409, MODERATION_MESSAGES.removedReviewKept);
  }
}

/** After its author edits a removed review: a moderator reads the rewrite before it can count. */
export async function holdRewriteOfRemoved(deps: Pick<AppDeps, "db" | "now">, postId: number): Promise<void> {
  if ((await removedAmong(deps.db, [postId])).length === 0) return;
  await openModerationItem(deps.db, {
    kind: "review",
    targetId: postId,
    source: "reports",
    reasons: ["community-guidelines"],
    signals: { rewrittenAfterRemoval: true, rewrittenAt: new Date(deps.now()).toISOString() },
    openedAt: deps.now(),
  });
}

/** The open item holds a rewrite of a removed review: keeping it restores the review. */
export function holdsRewrite(item: Pick<ModerationItemRow, "signals"> | undefined): boolean {
  return item?.signals?.rewrittenAfterRemoval === true;
}
