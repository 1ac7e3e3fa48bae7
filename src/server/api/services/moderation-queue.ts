// The moderation queue read (issue 21, docs/moderation.md): a page of open items, oldest
// first, each with its reasons and counts, the reporters' notes, the item in context (removed
// content included), its author's account age, review count and earlier decisions, and any
// signals detection stored. One page costs one index walk plus a few reads per item.
import { cursorCodec } from "../../../domain/keyset-cursor.ts";
import { fileUrl } from "../../../domain/file-url.ts";
import type { ModerationKind } from "../../../domain/moderation.ts";
import { decisionReasonLabel } from "../../../domain/report-reasons.ts";
import type { QueueItem, QueuePage } from "../../../shared/schemas/moderation.ts";
import {
  accountById,
  appealById,
  decisionById,
  decisionsAbout,
  reviewCountOf,
} from "../db/queries/moderation-decisions.ts";
import {
  queuePage,
  reasonsOfItems,
  reportsOf,
  type ModerationItemRow,
} from "../db/queries/moderation-items.ts";
import {
  catalogueTarget,
  commentTarget,
  reviewTarget,
  subjectUserOf,
  userTarget,
} from "../db/queries/moderation-targets.ts";
import type { AppDeps } from "../deps.ts";
import { replyModerationTarget } from "../db/queries/owner-replies.ts";
import { excludedDeciders } from "./moderation-conflicts.ts";
import { readCursor } from "./page-cursor.ts";

/** Open items oldest first: the item's opened_at, then its id. */
/** Tier (extortion reports first, issue 22), then opened_at, then id. */
const queueCursor = cursorCodec("modqueue", ["queueTier", "openedAt", "id"]);

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * How many index walks one queue page may take to skip the items its reader may not decide
 * (issue 29): past that the page ends early and its cursor continues where the walk stopped.
 */
const MAX_QUEUE_WALKS = 4;

export async function readQueue(
  deps: AppDeps,
  moderatorId: number,
  query: { kind?: ModerationKind; reason?: string; cursor?: string; limit: number },
): Promise<QueuePage> {
  const decidable: ModerationItemRow[] = [];
  let after = readCursor(queueCursor, query.cursor);
  let walkedToEnd = false;
  for (let walk = 0; walk < MAX_QUEUE_WALKS && decidable.length <= query.limit && !walkedToEnd; walk += 1) {
    const rows = await queuePage(deps.db, {
      kind: query.kind,
      reason: query.reason,
      moderatorId,
      after,
      limit: query.limit + 1,
    });
    walkedToEnd = rows.length <= query.limit;
    // Nobody decides their own case: an item that excludes the reader is not offered to them.
    const exclusions = await Promise.all(
      rows.map((row) => excludedDeciders(deps.db, { kind: row.kind, targetId: row.targetId })),
    );
    for (const [i, row] of rows.entries()) {
      after = row;
      if (!exclusions[i]!.has(moderatorId)) decidable.push(row);
      if (decidable.length > query.limit) break;
    }
  }
  const shown = decidable.slice(0, query.limit);
  const reasons = await reasonsOfItems(
    deps.db,
    shown.map((row) => row.id),
  );
  const items = await Promise.all(shown.map((row) => queueItem(deps, row, reasons)));
  const more = decidable.length > query.limit || !walkedToEnd;
  // After a full page, the next starts after its last item; after a cut-short walk, where it stopped.
  const resumeAt = decidable.length > query.limit ? shown.at(-1) : after;
  return { items, nextCursor: more && resumeAt ? queueCursor.encode(resumeAt) : null };
}

async function queueItem(
  deps: AppDeps,
  row: ModerationItemRow,
  reasons: Awaited<ReturnType<typeof reasonsOfItems>>,
): Promise<QueueItem> {
  const [reports, target, authorId, appeal] = await Promise.all([
    reportsOf(deps.db, row.kind, row.targetId),
    targetOf(deps, row.kind, row.targetId),
    subjectUserOf(deps.db, row.kind, row.targetId),
    appealOf(deps, row.appealId),
  ]);
  return {
    id: row.id,
    kind: row.kind,
    targetId: row.targetId,
    source: row.source,
    openedAt: new Date(row.openedAt).toISOString(),
    reportCount: row.reportCount,
    reasons: reasons
      .filter((r) => r.itemId === row.id)
      .map((r) => ({ id: r.reason, label: decisionReasonLabel(r.reason), count: r.count })),
    reports: reports.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
    signals: row.signals,
    appeal,
    target,
    author: authorId === undefined || authorId === null ? null : await authorOf(deps, authorId),
  };
}

async function appealOf(deps: AppDeps, appealId: number | null): Promise<QueueItem["appeal"]> {
  if (appealId === null) return null;
  const appeal = await appealById(deps.db, appealId);
  if (!appeal) return null;
  const decision = await decisionById(deps.db, appeal.decisionId);
  return {
    id: appeal.id,
    decisionId: appeal.decisionId,
    note: appeal.note,
    byRole: appeal.role,
    createdAt: new Date(appeal.createdAt).toISOString(),
    decision: { action: decision?.action ?? "", reason: decision?.reason ?? "", note: decision?.note ?? "" },
  };
}

async function authorOf(deps: AppDeps, userId: number): Promise<QueueItem["author"]> {
  const [account, reviewCount, decisions] = await Promise.all([
    accountById(deps.db, userId),
    reviewCountOf(deps.db, userId),
    decisionsAbout(deps.db, userId),
  ]);
  if (!account) return null;
  return {
    id: account.id,
    username: account.username,
    accountCreatedAt: new Date(account.createdAt).toISOString(),
    reviewCount,
    earlierDecisions: decisions.map((d) => ({
      id: d.id,
      kind: d.kind,
      action: d.action,
      reason: d.reason,
      createdAt: new Date(d.createdAt).toISOString(),
    })),
  };
}

async function targetOf(deps: AppDeps, kind: ModerationKind, id: number): Promise<QueueItem["target"]> {
  switch (kind) {
    case "review": {
      const post = await reviewTarget(deps.db, id);
      if (!post) return null;
      const subject =
        post.restaurantId !== null
          ? { kind: "restaurant" as const, id: post.restaurantId, url: `/restaurant/${post.restaurantId}` }
          : { kind: "dish" as const, id: post.dishId!, url: `/dish/${post.dishId}` };
      return {
        type: "review",
        content: post.content,
        rating: post.ratingTenths > 0 ? post.ratingTenths / 10 : null,
        photos: post.photos.map((name) => fileUrl(name)!),
        removedAt: iso(post.removedAt),
        subject: { ...subject, name: post.subjectName },
      };
    }
    case "reply": {
      const reply = await replyModerationTarget(deps.db, id);
      if (!reply) return null;
      return {
        type: "reply",
        content: reply.content,
        removedAt: iso(reply.removedAt),
        post: { id, content: reply.postContent },
        restaurant: { id: reply.restaurantId, name: reply.restaurantName },
      };
    }
    case "comment": {
      const comment = await commentTarget(deps.db, id);
      if (!comment) return null;
      return {
        type: "comment",
        content: comment.content,
        removedAt: iso(comment.removedAt),
        post: { id: comment.postId, content: comment.postContent },
      };
    }
    case "user": {
      const user = await userTarget(deps.db, id);
      if (!user) return null;
      return {
        type: "user",
        username: user.username,
        name: user.name,
        bio: user.bio,
        avatar: fileUrl(user.profileImage),
        suspendedUntil: iso(user.suspendedUntil),
      };
    }
    case "restaurant":
    case "dish": {
      const item = await catalogueTarget(deps.db, kind, id);
      if (!item) return null;
      return {
        type: kind,
        name: item.name,
        url: `/${kind}/${item.id}`,
        fields: item.fields,
        removedAt: iso(item.removedAt),
      };
    }
  }
}
