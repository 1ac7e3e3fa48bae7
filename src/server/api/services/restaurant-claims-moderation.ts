// The owner parts of moderation (issue 22, docs/owners.md), plugged into the dispatch seam
// (ACTIONS in moderation-actions.ts): approve-claim and refuse-claim decide the evidence claim
// they name; remove hides an owner's reply as a comment is hidden. decide()
// around them writes the decision, the log line, closes the item and tells the claimant.
import { OWNER_MESSAGES } from "../../../domain/owners.ts";
import { replyModerationTarget, replyTarget, setReplyRemovedStatement } from "../db/queries/owner-replies.ts";
import {
  activeOwnerOf,
  becomeOwnerStatements,
  claimById,
  decideClaimStatement,
  ownerLogStatement,
} from "../db/queries/owners.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import type { ActionContext, ActionEffect, ActionHandler } from "./moderation-actions.ts";

/**
 * The claim the moderator reviewed (request.claimId, issue 29), when it is an evidence claim of
 * this restaurant still waiting; 409 otherwise, so a decision taken on a stale screen never
 * lands on whichever claim came in since.
 */
async function waitingClaim(ctx: ActionContext) {
  if (ctx.request.claimId === undefined) throw fieldError(400, "claimId", OWNER_MESSAGES.claimIdRequired);
  const claim = await claimById(ctx.deps.db, ctx.request.claimId);
  if (!claim || claim.restaurantId !== ctx.request.id || claim.method !== "evidence" || claim.state !== "pending")
    throw new ApiError(409, OWNER_MESSAGES.claimNotWaiting);
  if (claim.userId === ctx.moderator.id) throw new ApiError(403, OWNER_MESSAGES.ownClaim);
  return claim;
}

/** The claimant becomes the verified owner; an earlier owner's ownership ends (a transfer, logged). */
export const approveClaim: ActionHandler = async (ctx): Promise<ActionEffect> => {
  const { deps, request, moderator, now } = ctx;
  const claim = await waitingClaim(ctx);
  const previous = (await activeOwnerOf(deps.db, request.id)) ?? null;
  return {
    statements: [
      ...becomeOwnerStatements(deps.db, {
        restaurantId: request.id,
        userId: claim.userId,
        method: "evidence",
        now,
      }),
      decideClaimStatement(deps.db, claim.id, "approved", now),
      ...(previous === null
        ? []
        : [
            ownerLogStatement(deps.db, {
              actorId: moderator.id,
              actorLabel: moderator.username,
              action: "owner:transfer",
              restaurantId: request.id,
              note: request.note,
              before: { ownerId: previous },
              after: { ownerId: claim.userId, claimId: claim.id },
              createdAt: now,
            }),
          ]),
    ],
    before: { claimId: claim.id, state: "pending", ownerId: previous },
    after: { claimId: claim.id, state: "approved", ownerId: claim.userId },
    // "Claimed by its owner" shows on the restaurant at once.
    changes: { restaurantIds: [request.id] },
    subjectUserId: claim.userId,
  };
};

export const refuseClaim: ActionHandler = async (ctx): Promise<ActionEffect> => {
  const claim = await waitingClaim(ctx);
  return {
    statements: [decideClaimStatement(ctx.deps.db, claim.id, "refused", ctx.now)],
    before: { claimId: claim.id, state: "pending" },
    after: { claimId: claim.id, state: "refused" },
    subjectUserId: claim.userId,
  };
};

/** A removed reply leaves every review list at once; it is kept, hidden, like a removed comment. */
export const removeReply: ActionHandler = async ({ deps, request, now }): Promise<ActionEffect> => {
  const reply = await replyModerationTarget(deps.db, request.id);
  if (!reply) throw new ApiError(404, OWNER_MESSAGES.replyNotFound);
  const review = await replyTarget(deps.db, request.id, null);
  const items = review
    ? [
        review.item,
        ...(review.groupRestaurantId === null
          ? []
          : [{ kind: "restaurant" as const, id: review.groupRestaurantId }]),
      ]
    : [];
  return {
    statements: [setReplyRemovedStatement(deps.db, request.id, reply.removedAt ?? now)],
    before: { removedAt: reply.removedAt, content: reply.content },
    after: { removedAt: reply.removedAt ?? now },
    changes: {
      restaurantIds: items.filter((i) => i.kind === "restaurant").map((i) => i.id),
      dishIds: items.filter((i) => i.kind === "dish").map((i) => i.id),
    },
  };
};
