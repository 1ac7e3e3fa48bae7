// Detection before a person looks (issue 21, decision 014). On every review write the rated
// items' recent activity is read and judged (src/domain/review-signals.ts); the outcome rides
// in the review's own batch (db/queries/review-post-batch.ts recordReviewGroup: the held
// reviews' flag, their items' aggregates without them, the network row, a pause, and the
// moderation items that show them to a person), so a review is never counted for a moment it
// should not be, and never held without a queue item (issue 29).
import { createHmac } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { aggregateOf } from "../../../domain/ranking.ts";
import {
  assessReview,
  isNewAccount,
  networkPrefix,
  NO_PAUSE_MESSAGE,
  pauseAccounts,
  PAUSE_MS,
  PAUSE_WINDOW_MS,
  REVIEW_PAUSE_MESSAGE,
  REVIEW_PAUSE_STATUS,
  startsPause,
  type Assessment,
  type HeldFacts,
  type ReviewSignals,
} from "../../../domain/review-signals.ts";
import { openItemStatements } from "../db/queries/moderation-items.ts";
import {
  authorFacts,
  clearHoldStatement,
  endPauseStatement,
  heldFactsOf,
  heldReviewsSince,
  heldStateOf,
  heldWithStatements,
  holdPostsStatements,
  itemActivity,
  networkRowsStatement,
  newPostOfItem,
  pausedUntil,
  pauseStatement,
  pauseWindowStart,
  type ItemKind,
} from "../db/queries/review-signals.ts";
import { reviewsOfItem } from "../db/queries/reviews-reads.ts";
import {
  aggregateStatements,
  readAggregateRows,
  type AggregateChange,
} from "../db/queries/review-aggregates.ts";
import type { GroupDetection } from "../db/queries/review-post-batch.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../http/envelope.ts";
import type { ActionHandler } from "./moderation-actions.ts";

// ---------------------------------------------------------------------------------------------
// Client networks

/**
 * The key that salts network hashes, derived from JWT_SECRET under its own label: no second
 * secret to manage, and a leaked hash table cannot be reversed by hashing the 16 million /24
 * prefixes without the secret. Rotating JWT_SECRET starts new hashes (old rows stop matching).
 */
const NETWORK_KEY_LABEL = "dishcovery/review-networks/v1";
const networkKeys = new Map<string, Buffer>();

export function networkHashOf(secret: string, address: string | undefined): string | null {
  const prefix = networkPrefix(address);
  if (!prefix) return null;
  let key = networkKeys.get(secret);
  if (!key) {
    key = createHmac("sha256", secret).update(NETWORK_KEY_LABEL).digest();
    networkKeys.set(secret, key);
  }
  return createHmac("sha256", key).update(prefix).digest("base64url");
}

// ---------------------------------------------------------------------------------------------
// The pause

const keyOf = (kind: ItemKind, id: number) => `${kind}:${id}`;

/** 423 with the notice's words when any item the review rates is paused. */
/**
 * Issue 29: a pause keeps out only what an attack is made of, new accounts and the networks
 * its held reviews came from. Closing the item to everyone would let anyone with five fresh
 * accounts silence a competitor's real diners for a day; a moderator sees the pause's item and
 * can lift it.
 */
export async function refusePausedItems(
  deps: Pick<AppDeps, "db" | "config">,
  items: { kind: ItemKind; id: number }[],
  poster: { userId: number; clientIp?: string },
  now: number,
): Promise<void> {
  for (const item of items) {
    if ((await pausedUntil(deps.db, item.kind, item.id, now)) === null) continue;
    const author = await authorFacts(deps.db, poster.userId);
    const newcomer = !author || isNewAccount({ accountCreatedAt: author.accountCreatedAt, createdAt: now });
    const networkHash = networkHashOf(deps.config.jwtSecret, poster.clientIp);
    const since = now - PAUSE_WINDOW_MS;
    const held = newcomer ? [] : await heldReviewsSince(deps.db, item.kind, item.id, since);
    if (newcomer || (networkHash !== null && held.some((h) => h.networkHash === networkHash))) {
      throw new ApiError(REVIEW_PAUSE_STATUS, REVIEW_PAUSE_MESSAGE);
    }
  }
}

/** What an item's page and review list show: the pause in force and its words, or null. */
export async function reviewPauseOf(
  deps: Pick<AppDeps, "db">,
  kind: ItemKind,
  id: number,
  now: number,
): Promise<{ until: string; message: string } | null> {
  const until = await pausedUntil(deps.db, kind, id, now);
  return until === null ? null : { until: new Date(until).toISOString(), message: REVIEW_PAUSE_MESSAGE };
}

// ---------------------------------------------------------------------------------------------
// Judging one write

export interface RatedItem {
  kind: ItemKind;
  id: number;
  ratingTenths: number;
  content: string;
  incentivised: boolean;
}

export interface DetectionPlan {
  detection: GroupDetection;
  /** Per item ("dish:12"): the new review's signals and whether it is held. */
  assessments: Map<string, Assessment>;
  /** Earlier reviews held with it, with the signals of the write that found the pattern. */
  earlierHeld: Map<number, { item: { kind: ItemKind; id: number }; signals: ReviewSignals }>;
}

/** Reads the rated items' activity and judges the review about to be written (one group). */
export async function planDetection(
  deps: Pick<AppDeps, "db">,
  write: { authorId: number; createdAt: number; networkHash: string | null; items: RatedItem[] },
): Promise<DetectionPlan> {
  const author = await authorFacts(deps.db, write.authorId);
  const assessments = new Map<string, Assessment>();
  const earlierHeld: DetectionPlan["earlierHeld"] = new Map();
  const recomputed: AggregateChange[] = [];
  const holdIds: number[] = [];
  const pauses: { kind: ItemKind; id: number; heldAccounts: number }[] = [];
  for (const item of write.items) {
    const activity = await itemActivity(deps.db, item.kind, item.id, write.createdAt);
    const assessment = assessReview(
      {
        authorId: write.authorId,
        accountCreatedAt: author?.accountCreatedAt ?? write.createdAt,
        createdAt: write.createdAt,
        networkHash: write.networkHash,
        ratingTenths: item.ratingTenths,
        authorHasOtherReviews: author?.hasReviews ?? false,
        held: false,
        cleared: false,
      },
      item.content,
      activity,
    );
    assessments.set(keyOf(item.kind, item.id), assessment);
    for (const postId of assessment.holdEarlier) {
      earlierHeld.set(postId, { item: { kind: item.kind, id: item.id }, signals: assessment.signals });
      holdIds.push(postId);
    }
    if (assessment.holdEarlier.length > 0) {
      const change = await recomputeWithHolds(deps, item, assessment, write.createdAt);
      if (change) recomputed.push(change);
    }
    if (assessment.holdEarlier.length > 0 || assessment.hold) {
      const held = await heldInPauseWindow(deps, item, assessment, {
        postId: 0,
        authorId: write.authorId,
        accountCreatedAt: author?.accountCreatedAt ?? write.createdAt,
        createdAt: write.createdAt,
        networkHash: write.networkHash,
      });
      if (startsPause(held)) pauses.push({ kind: item.kind, id: item.id, heldAccounts: pauseAccounts(held) });
    }
  }
  const heldItems = new Set([...assessments].filter(([, a]) => a.hold).map(([key]) => key));
  return {
    assessments,
    earlierHeld,
    detection: {
      heldItems,
      recomputed,
      statements: (mainPost) => [
        ...holdPostsStatements(deps.db, holdIds, write.createdAt),
        ...(write.networkHash === null ? [] : [networkRowsStatement(deps.db, mainPost, write.networkHash)]),
        ...signalItemStatements(deps, { assessments, earlierHeld }, write, mainPost),
        ...pauses.flatMap((p) => pauseStatements(deps, p, write.createdAt)),
      ],
    },
  };
}

/**
 * A queue item (source "signals") for every review this write holds, the new ones and the
 * pattern's earlier members, with the signals the queue shows; in the review's own batch
 * (issue 29, decision 013), so a held review is never left with no item for a person to see.
 */
function signalItemStatements(
  deps: Pick<AppDeps, "db">,
  plan: Pick<DetectionPlan, "assessments" | "earlierHeld">,
  write: { createdAt: number; items: RatedItem[] },
  mainPost: SQL,
) {
  const open = (targetId: number | SQL, signals: Record<string, unknown>) =>
    openItemStatements(deps.db, {
      kind: "review",
      targetId,
      source: "signals",
      reasons: ["spam-or-fake"],
      signals,
      openedAt: write.createdAt,
    });
  const newHeld = write.items.flatMap((item) => {
    const assessment = plan.assessments.get(keyOf(item.kind, item.id));
    if (!assessment?.hold) return [];
    const at = { kind: item.kind, id: item.id };
    return open(newPostOfItem(mainPost, item.kind, item.id), { ...assessment.signals, item: at });
  });
  const earlier = [...plan.earlierHeld].flatMap(([postId, found]) =>
    open(postId, { ...found.signals, item: found.item }),
  );
  return [...newHeld, ...earlier, ...heldWithStatements(deps.db, [...plan.earlierHeld.keys()], mainPost)];
}

/**
 * The item's held reviews in the pause window once this write's are held too: the new review
 * (postId 0) when it is held, and the pattern's earlier members.
 */
async function heldInPauseWindow(
  deps: Pick<AppDeps, "db">,
  item: RatedItem,
  assessment: Assessment,
  candidate: HeldFacts,
): Promise<HeldFacts[]> {
  const since = await pauseWindowStart(deps.db, item.kind, item.id, candidate.createdAt);
  const [already, earlier] = await Promise.all([
    heldReviewsSince(deps.db, item.kind, item.id, since),
    heldFactsOf(deps.db, assessment.holdEarlier),
  ]);
  const byPost = new Map([...already, ...earlier].map((h) => [h.postId, h]));
  if (assessment.hold) byPost.set(candidate.postId, candidate);
  return [...byPost.values()];
}

/**
 * A pause and, in the same batch, a moderation item for the paused item (issue 29): a person
 * looks at once and can lift it early (liftPause), rather than the item staying closed to
 * everyone for 24 hours on detection's word alone.
 */
function pauseStatements(
  deps: Pick<AppDeps, "db">,
  pause: { kind: ItemKind; id: number; heldAccounts: number },
  startedAt: number,
) {
  const endsAt = startedAt + PAUSE_MS;
  return [
    pauseStatement(deps.db, { kind: pause.kind, id: pause.id, startedAt, endsAt }),
    ...openItemStatements(deps.db, {
      kind: pause.kind,
      targetId: pause.id,
      source: "signals",
      reasons: ["spam-or-fake"],
      openedAt: startedAt,
      signals: { pause: { startedAt, endsAt, heldAccounts: pause.heldAccounts } },
    }),
  ];
}

/** The item's aggregate with the pattern's earlier reviews held and the new review added. */
async function recomputeWithHolds(
  deps: Pick<AppDeps, "db">,
  item: RatedItem,
  assessment: Assessment,
  createdAt: number,
): Promise<AggregateChange | undefined> {
  const [rows, reviews] = await Promise.all([
    readAggregateRows(deps.db, item.kind, [item.id]),
    reviewsOfItem(deps.db, item.kind, item.id),
  ]);
  const before = rows.get(item.id);
  if (!before) return undefined;
  const holding = new Set(assessment.holdEarlier);
  const after = aggregateOf([
    ...reviews.map((r) => (holding.has(r.id) ? { ...r, flagged: true } : r)),
    { ratingTenths: item.ratingTenths, createdAt, incentivised: item.incentivised, flagged: assessment.hold },
  ]);
  return { kind: item.kind, id: item.id, before, after, reviewCountDelta: 1 };
}

// ---------------------------------------------------------------------------------------------
// A moderator's keep

/**
 * keep on a held review clears it: it counts again in its item's ranking maths, recomputed in
 * the decision's batch, and detection never holds it again. On any other review keep changes
 * nothing (moderation-actions.ts). remove leaves a held review out, as it does every review.
 */
export const keepReview: ActionHandler = async ({ deps, request, now }) => {
  const post = await heldStateOf(deps.db, request.id);
  if (!post || post.flaggedAt === null) return { statements: [], before: null, after: null };
  const item =
    post.restaurantId !== null
      ? { kind: "restaurant" as const, id: post.restaurantId }
      : { kind: "dish" as const, id: post.dishId! };
  const changes: AggregateChange[] = [];
  if (post.removedAt === null) {
    const [rows, reviews] = await Promise.all([
      readAggregateRows(deps.db, item.kind, [item.id]),
      reviewsOfItem(deps.db, item.kind, item.id),
    ]);
    const before = rows.get(item.id);
    if (before) {
      const after = aggregateOf(reviews.map((r) => (r.id === post.id ? { ...r, flagged: false } : r)));
      changes.push({ ...item, before, after, reviewCountDelta: 0 });
    }
  }
  return {
    statements: [clearHoldStatement(deps.db, post.id, now), ...aggregateStatements(deps.db, changes)],
    before: { flaggedAt: post.flaggedAt },
    after: { flaggedAt: null, flagClearedAt: now },
    changes: item.kind === "restaurant" ? { restaurantIds: [item.id] } : { dishIds: [item.id] },
  };
};

// ---------------------------------------------------------------------------------------------
// A moderator's lift-pause

/**
 * lift-pause on a restaurant or dish (issue 29): its pause in force ends now, so reviews are
 * taken again; the pause's row stays, ended, for the transparency report, and decide() logs
 * the decision. Refused with 409 when the item is not paused.
 */
export const liftPause: ActionHandler = async ({ deps, request, now }) => {
  const kind: ItemKind = request.kind === "restaurant" ? "restaurant" : "dish";
  const until = await pausedUntil(deps.db, kind, request.id, now);
  if (until === null) throw new ApiError(409, NO_PAUSE_MESSAGE);
  return {
    statements: [endPauseStatement(deps.db, kind, request.id, now)],
    before: { pausedUntil: until },
    after: { pausedUntil: now },
    changes: kind === "restaurant" ? { restaurantIds: [request.id] } : { dishIds: [request.id] },
  };
};
