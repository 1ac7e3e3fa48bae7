// Moderation decisions (issue 21, docs/moderation.md): a moderator's action on a review,
// comment, person, restaurant or dish, with a reason and a note. Every decision is one batch:
// its effect (a removal and the aggregates it changes, a suspension), the decision row, the
// item's closing and the log line. Then the cache drops what the effect changed, and the
// author and every reporter are told.
import { aggregateOf } from "../../../domain/ranking.ts";
import {
  MODERATION_MESSAGES,
  suspensionEnd,
  type ModerationAction,
  type ModerationKind,
} from "../../../domain/moderation.ts";
import type { ModerationActionRequest } from "../../../shared/schemas/moderation.ts";
import type { AuthUser } from "../auth/require-user.ts";
import type { Database } from "../db/client.ts";
import {
  closeItemStatement,
  ensureOpenItemStatement,
  openItemIdSql,
  openItemOf,
} from "../db/queries/moderation-items.ts";
import {
  accountById,
  appealById,
  decidedAppealStatement,
  decisionById,
  liftSuspensionStatement,
  insertDecisionStatement,
  logStatement,
  decisionsOfTarget,
  suspendStatement,
} from "../db/queries/moderation-decisions.ts";
import {
  catalogueTarget,
  clearProfileStatement,
  commentTarget,
  postsOfGroup,
  removeCatalogueItemStatement,
  removeCommentStatement,
  removePostsStatement,
  restoreCatalogueItemStatement,
  restoreCommentStatement,
  restorePostsStatement,
  reviewTarget,
  subjectUserOf,
  userTarget,
} from "../db/queries/moderation-targets.ts";
import { runBatch } from "../db/batch.ts";
import {
  aggregateStatements,
  readAggregateRows,
  type AggregateChange,
} from "../db/queries/review-aggregates.ts";
import {
  decisionEffect,
  postsTakenBy,
  restoreProfileStatement,
  type ClearedProfile,
} from "../db/queries/moderation-restores.ts";
import { reviewsOfItem } from "../db/queries/reviews-reads.ts";
import { withStaleRetries } from "../db/with-stale-retries.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { publishCatalogueChanges, type CatalogueChanges } from "./catalogue-changes.ts";
import { approveCatalogueItem, editCatalogueItem, mergeCatalogueItem } from "./moderation-catalogue.ts";
import { conflictMessage, excludedDeciders } from "./moderation-conflicts.ts";
import { tellDecision } from "./moderation-notices.ts";
import { holdsRewrite } from "./moderation-rewrites.ts";
import { approveClaim, refuseClaim, removeReply } from "./restaurant-claims-moderation.ts";
import { keepReview, liftPause } from "./review-signals.ts";

type BatchStatement = Parameters<Database["batch"]>[0][number];

/** What an action hands back to decide(): its statements and what it changed. */
export interface ActionEffect {
  statements: BatchStatement[];
  before: unknown;
  after: unknown;
  /** Named to publishCatalogueChanges once the batch commits. */
  changes?: CatalogueChanges;
  /** Whom the decision is about when not the target's author (a claimant, issue 22): they are told. */
  subjectUserId?: number;
}

export interface ActionContext {
  deps: AppDeps;
  request: ModerationActionRequest;
  moderator: AuthUser;
  /** The person the target is by (or is), when there is one. */
  subjectUserId: number | null;
  now: number;
}

export type ActionHandler = (ctx: ActionContext) => Promise<ActionEffect>;

// ---------------------------------------------------------------------------------------------
// The actions

/**
 * Keep: nothing changes, unless it decides an appeal of a removal or a suspension: then the
 * appeal is upheld and what was removed comes back (a review into its items' counts and
 * scores), or the suspension ends.
 */
const keep: ActionHandler = async (ctx) => {
  const item = await openItemOf(ctx.deps.db, ctx.request.kind, ctx.request.id);
  const appealed = item?.appealId == null ? undefined : await appealedDecision(ctx.deps, item.appealId);
  if (appealed?.action === "suspend" && ctx.subjectUserId !== null) {
    const account = await accountById(ctx.deps.db, ctx.subjectUserId);
    return {
      statements: [liftSuspensionStatement(ctx.deps.db, ctx.subjectUserId)],
      before: { suspendedUntil: account?.suspendedUntil ?? null },
      after: { suspendedUntil: null },
    };
  }
  if (appealed?.action !== "remove") return { statements: [], before: null, after: null };
  const removal = await decisionEffect(ctx.deps.db, appealed.id);
  switch (ctx.request.kind) {
    case "review":
      // Only what that removal took down: a dish review removed on its own stays removed.
      return reviewVisibility(ctx, "restore", postsTakenBy(removal));
    case "user":
      return restoreProfile(ctx, removal?.before as ClearedProfile | null | undefined);
    case "comment":
      return {
        statements: [restoreCommentStatement(ctx.deps.db, ctx.request.id)],
        before: { removed: true },
        after: { removedAt: null },
      };
    case "restaurant":
    case "dish":
      return {
        statements: [restoreCatalogueItemStatement(ctx.deps.db, ctx.request.kind, ctx.request.id)],
        before: { removed: true },
        after: { removedAt: null },
        changes:
          ctx.request.kind === "restaurant"
            ? { restaurantIds: [ctx.request.id], tagsChanged: true }
            : { dishIds: [ctx.request.id], tagsChanged: true },
      };
    default:
      return { statements: [], before: null, after: null };
  }
};

/** An upheld appeal of a person's removal gives back the name, bio and photo it cleared. */
async function restoreProfile(
  ctx: ActionContext,
  was: ClearedProfile | null | undefined,
): Promise<ActionEffect> {
  if (!was) return { statements: [], before: null, after: null };
  const user = (await userTarget(ctx.deps.db, ctx.request.id))!;
  return {
    statements: [restoreProfileStatement(ctx.deps.db, user.id, was)],
    before: { name: user.name, bio: user.bio, profileImage: user.profileImage },
    after: {
      name: user.name || was.name,
      bio: user.bio || was.bio,
      profileImage: user.profileImage ?? was.profileImage,
    },
  };
}

async function appealedDecision(deps: AppDeps, appealId: number) {
  const appealRow = await appealById(deps.db, appealId);
  return appealRow === undefined ? undefined : decisionById(deps.db, appealRow.decisionId);
}

/** Warn: no change but the notice itself, which decide() sends to the author. */
const warn: ActionHandler = async () => ({ statements: [], before: null, after: { warned: true } });

const suspend: ActionHandler = async ({ deps, request, subjectUserId, now }) => {
  if (subjectUserId === null) throw new ApiError(400, MODERATION_MESSAGES.actionNotForKind);
  const account = await accountById(deps.db, subjectUserId);
  // Like an admin's role, an admin's account is changed from the command line only (issue 29).
  if (account?.role === "admin") throw new ApiError(403, MODERATION_MESSAGES.adminSuspension);
  const until = suspensionEnd(now, request.days);
  return {
    statements: [suspendStatement(deps.db, subjectUserId, until, request.reason)],
    before: {
      suspendedUntil: account?.suspendedUntil ?? null,
      suspensionReason: account?.suspensionReason ?? null,
    },
    after: { suspendedUntil: until, suspensionReason: request.reason },
  };
};

/**
 * A removed review leaves its items' counts and scores, recomputed from the reviews left as a
 * deletion does (services/review-delete.ts); a restaurant review's live dish reviews go with
 * it. Restoring (an upheld appeal) brings back the same way the posts `taken` names (what the
 * appealed removal took down), and no others.
 */
async function reviewVisibility(
  ctx: ActionContext,
  to: "remove" | "restore",
  taken: number[] = [],
): Promise<ActionEffect> {
  const { deps, request, now } = ctx;
  const post = (await reviewTarget(deps.db, request.id))!;
  if ((post.removedAt === null) === (to === "restore")) {
    return { statements: [], before: { removedAt: post.removedAt }, after: { removedAt: post.removedAt } };
  }
  const group = (
    post.restaurantId !== null ? await postsOfGroup(deps.db, post.id, to === "restore") : []
  ).filter((p) => to === "remove" || taken.includes(p.id));
  // A dish review shows inside its restaurant review too: that restaurant's list changes.
  const shownIn =
    post.reviewGroupId === null
      ? null
      : ((await reviewTarget(deps.db, post.reviewGroupId))?.restaurantId ?? null);
  const moved = [
    {
      id: post.id,
      restaurantId: post.restaurantId,
      dishId: post.dishId,
      ratingTenths: post.ratingTenths,
      createdAt: post.createdAt,
      incentivised: post.incentivised,
    },
    ...group,
  ];
  const movedIds = new Set(moved.map((p) => p.id));
  const items = new Map<string, { kind: "restaurant" | "dish"; id: number }>();
  for (const p of moved) {
    const item =
      p.restaurantId !== null
        ? { kind: "restaurant" as const, id: p.restaurantId }
        : { kind: "dish" as const, id: p.dishId! };
    items.set(`${item.kind}:${item.id}`, item);
  }
  const changes: AggregateChange[] = [];
  for (const item of items.values()) {
    const [rows, reviews] = await Promise.all([
      readAggregateRows(deps.db, item.kind, [item.id]),
      reviewsOfItem(deps.db, item.kind, item.id),
    ]);
    const before = rows.get(item.id);
    if (!before) continue;
    const ofItem = moved.filter((p) => (item.kind === "restaurant" ? p.restaurantId : p.dishId) === item.id);
    const next = to === "remove" ? reviews.filter((r) => !movedIds.has(r.id)) : [...reviews, ...ofItem];
    changes.push({
      ...item,
      before,
      after: aggregateOf(next),
      reviewCountDelta: next.length - reviews.length,
    });
  }
  const list = [...items.values()];
  const ids = [...movedIds];
  return {
    statements: [
      to === "remove" ? removePostsStatement(deps.db, ids, now) : restorePostsStatement(deps.db, ids),
      ...aggregateStatements(deps.db, changes),
    ],
    before: {
      removedAt: post.removedAt,
      postIds: ids,
      content: post.content,
      ratingTenths: post.ratingTenths,
    },
    after: { removedAt: to === "remove" ? now : null, postIds: ids },
    changes: {
      restaurantIds: [
        ...list.filter((i) => i.kind === "restaurant").map((i) => i.id),
        ...(shownIn === null ? [] : [shownIn]),
      ],
      dishIds: list.filter((i) => i.kind === "dish").map((i) => i.id),
    },
  };
}

const removeReview: ActionHandler = (ctx) => reviewVisibility(ctx, "remove");

// Comments are shown only in per-viewer reads that are never cached: nothing to publish.
const removeComment: ActionHandler = async ({ deps, request, now }) => {
  const comment = (await commentTarget(deps.db, request.id))!;
  return {
    statements: [removeCommentStatement(deps.db, comment.id, now)],
    before: { removedAt: comment.removedAt, content: comment.content },
    after: { removedAt: comment.removedAt ?? now },
  };
};

/** A person's profile text and photo are what can break the policy: they go, the account stays. */
const removeProfile: ActionHandler = async ({ deps, request }) => {
  const user = (await userTarget(deps.db, request.id))!;
  return {
    statements: [clearProfileStatement(deps.db, user.id)],
    before: { name: user.name, bio: user.bio, profileImage: user.profileImage },
    after: { name: "", bio: "", profileImage: null },
  };
};

const removeCatalogueItem: ActionHandler = async ({ deps, request, now }) => {
  const kind = request.kind as "restaurant" | "dish";
  const item = (await catalogueTarget(deps.db, kind, request.id))!;
  return {
    statements: [removeCatalogueItemStatement(deps.db, kind, item.id, now)],
    before: { removedAt: item.removedAt },
    after: { removedAt: item.removedAt ?? now },
    changes:
      kind === "restaurant"
        ? { restaurantIds: [item.id], tagsChanged: true }
        : { dishIds: [item.id], tagsChanged: true },
  };
};

const keepOrRestoreReview: ActionHandler = async (ctx) => {
  const upheld = await keep(ctx);
  if (upheld.statements.length > 0) return upheld;
  // Its author rewrote a removed review (moderation-rewrites.ts): keeping the rewrite restores it.
  if (holdsRewrite(await openItemOf(ctx.deps.db, "review", ctx.request.id))) {
    return reviewVisibility(ctx, "restore");
  }
  return keepReview(ctx);
};

/**
 * The dispatch seam: kind → action → handler. Catalogue moderation adds approve, merge and
 * edit for restaurants and dishes here; everything around a handler (checks, the decision,
 * the log, the notices, appeals) is shared.
 */
export const ACTIONS: Record<ModerationKind, Partial<Record<ModerationAction, ActionHandler>>> = {
  // keep on a review held by detection clears it back into the ranking maths (review-signals.ts);
  // on an appeal of its removal, it restores it.
  review: { keep: keepOrRestoreReview, remove: removeReview, warn, suspend },
  comment: { keep, remove: removeComment, warn, suspend },
  user: { keep, remove: removeProfile, warn, suspend },
  restaurant: {
    keep,
    remove: removeCatalogueItem,
    approve: approveCatalogueItem,
    merge: mergeCatalogueItem,
    edit: editCatalogueItem,
    "approve-claim": approveClaim,
    "refuse-claim": refuseClaim,
    "lift-pause": liftPause,
  },
  dish: {
    keep,
    remove: removeCatalogueItem,
    approve: approveCatalogueItem,
    merge: mergeCatalogueItem,
    edit: editCatalogueItem,
    "lift-pause": liftPause,
  },
  reply: { keep, remove: removeReply, warn, suspend },
};

// ---------------------------------------------------------------------------------------------
// Deciding

export async function decide(
  deps: AppDeps,
  moderator: AuthUser,
  request: ModerationActionRequest,
): Promise<{ decisionId: number; itemId: number; action: string }> {
  const subjectUserId = await subjectUserOf(deps.db, request.kind, request.id);
  if (subjectUserId === undefined) throw fieldError(404, "id", MODERATION_MESSAGES.targetNotFound);
  const handler = ACTIONS[request.kind][request.action];
  if (!handler) throw fieldError(400, "action", MODERATION_MESSAGES.actionNotAvailable);
  const [item, excluded] = await Promise.all([
    openItemOf(deps.db, request.kind, request.id),
    excludedDeciders(deps.db, { kind: request.kind, targetId: request.id }),
  ]);
  const conflict = excluded.get(moderator.id);
  if (conflict !== undefined) {
    throw new ApiError(403, conflictMessage(conflict, item?.excludedModeratorId === moderator.id));
  }
  const appealId = item?.appealId ?? null;

  // In the app's write queue with review posts, edits and deletions: a decision rewrites the
  // same aggregates (services/write-queue.ts).
  const effect = await deps.writes.run(moderator.id, () =>
    withStaleRetries(async () => {
      const now = deps.now();
      const effect = await handler({ deps, request, moderator, subjectUserId, now });
      const itemId = openItemIdSql(request.kind, request.id);
      const statements: BatchStatement[] = [
        ensureOpenItemStatement(deps.db, request.kind, request.id, now),
        ...effect.statements,
        insertDecisionStatement(deps.db, {
          itemId,
          moderatorId: moderator.id,
          kind: request.kind,
          targetId: request.id,
          subjectUserId: effect.subjectUserId ?? subjectUserId,
          action: request.action,
          reason: request.reason,
          note: request.note,
          days: request.days ?? null,
          before: effect.before,
          after: effect.after,
          appealId,
          createdAt: now,
        }),
        ...(appealId === null ? [] : [decidedAppealStatement(deps.db, appealId)]),
        logStatement(deps.db, {
          actorId: moderator.id,
          actorLabel: moderator.username,
          action: `decision:${request.action}`,
          kind: request.kind,
          targetId: request.id,
          reason: request.reason,
          note: request.note,
          before: effect.before,
          after: effect.after,
          createdAt: now,
        }),
        closeItemStatement(deps.db, itemId, now),
      ];
      await runBatch(deps.db, statements);
      return effect;
    }),
  );
  const [decision] = await decisionsOfTarget(deps.db, request.kind, request.id, 1);
  if (!decision) throw new Error("The decision's batch committed but its row is missing");
  // Every decision moves the transparency report, whatever else it changed.
  await publishCatalogueChanges(deps, { ...effect.changes, transparency: true });
  await tellDecision(deps, decision, { days: request.days, final: appealId !== null });
  return { decisionId: decision.id, itemId: decision.itemId, action: request.action };
}
