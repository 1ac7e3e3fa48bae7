// Catalogue moderation (issue 21, docs/moderation.md "Added restaurants and dishes"): what a
// moderator's approve, merge and edit do to a restaurant or dish. Each is an ActionHandler for
// the dispatch seam (ACTIONS in moderation-actions.ts): it checks the item, and answers the
// statements of its effect, which decide() runs in one batch with the decision, the log and
// the queue item's closing, and the changes it then publishes.
import { CATALOGUE_MODERATION_MESSAGES as MESSAGES } from "../../../domain/moderation.ts";
import { aggregateOf } from "../../../domain/ranking.ts";
import { maskEmail } from "../../../domain/mask-email.ts";
import type { CatalogueEditFields } from "../../../shared/schemas/moderation.ts";
import { changeScopes, type Scope } from "../cache/scopes.ts";
import { resolveTags } from "../db/queries/catalogue-saves.ts";
import { changedDishes, changedRestaurants } from "../db/queries/changed-items.ts";
import {
  approveStatement,
  dishIdsOfRestaurant,
  editStatements,
  listingOf,
  mergeStatements,
  offerIdsOfRestaurant,
  postsOfItems,
  type CatalogueKind,
  type ListingRow,
} from "../db/queries/moderation-catalogue.ts";
import {
  aggregateStatements,
  readAggregateRows,
  type AggregateChange,
} from "../db/queries/review-aggregates.ts";
import type { Database } from "../db/client.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import type { ActionHandler } from "./moderation-actions.ts";

/** The item acted on: there (decide() checked), neither removed nor merged into another. */
async function actionable(db: Database, kind: CatalogueKind, id: number): Promise<ListingRow> {
  const item = await listingOf(db, kind, id);
  if (!item) throw fieldError(404, "id", MESSAGES.notFound);
  if (item.removedAt !== null) throw new ApiError(409, MESSAGES.removed);
  if (item.listingState === "merged") throw new ApiError(409, MESSAGES.merged);
  return item;
}

const changesOf = (kind: CatalogueKind, ids: number[]) =>
  kind === "restaurant" ? { restaurantIds: ids } : { dishIds: ids };

/** The reads the items show now, named before a write that may move them out of some. */
async function scopesNow(db: Database, dishIds: number[], restaurantIds: number[]): Promise<Scope[]> {
  const [dishFacts, restaurantFacts] = await Promise.all([
    changedDishes(db, dishIds),
    changedRestaurants(db, restaurantIds),
  ]);
  return [...dishFacts.flatMap(changeScopes.dish), ...restaurantFacts.flatMap(changeScopes.restaurant)];
}

/** Approve: the item joins the ranked lists its scores place it in. */
export const approveCatalogueItem: ActionHandler = async ({ deps, request }) => {
  const kind = request.kind as CatalogueKind;
  const item = await actionable(deps.db, kind, request.id);
  if (item.listingState !== "pending") throw new ApiError(409, MESSAGES.notPending);
  // A restaurant's approval also lists the dishes its owner added while it waited (a trigger,
  // drizzle/0034): their cached searches and pages change with it.
  const dishIds = kind === "restaurant" ? await dishIdsOfRestaurant(deps.db, item.id) : [];
  return {
    statements: [approveStatement(deps.db, kind, item.id)],
    before: { listingState: "pending" },
    after: { listingState: "approved" },
    changes: kind === "restaurant" ? { restaurantIds: [item.id], dishIds } : changesOf(kind, [item.id]),
  };
};

/**
 * Merge: the duplicate's reviews, tags (and a restaurant's dishes and offers) move to the item
 * it repeats, both items' aggregates are recomputed from the reviews each then holds, and the
 * duplicate's page points at the target. A reviewer of both keeps one voice: their review of
 * the duplicate stays with it, out of sight with it.
 */
export const mergeCatalogueItem: ActionHandler = async ({ deps, request }) => {
  const kind = request.kind as CatalogueKind;
  const duplicate = await actionable(deps.db, kind, request.id);
  const targetId = request.mergeInto!;
  const target = await listingOf(deps.db, kind, targetId);
  if (!target) throw fieldError(404, "mergeInto", MESSAGES.mergeTargetNotFound);
  if (target.id === duplicate.id) throw fieldError(400, "mergeInto", MESSAGES.mergeIntoItself);
  if (target.removedAt !== null || target.listingState === "merged")
    throw fieldError(400, "mergeInto", MESSAGES.mergeTargetGone);
  if (kind === "dish" && target.restaurantId !== duplicate.restaurantId)
    throw fieldError(400, "mergeInto", MESSAGES.mergeDishElsewhere);

  const [allPosts, rows, movedDishIds, movedOffers] = await Promise.all([
    postsOfItems(deps.db, kind, [duplicate.id, target.id]),
    readAggregateRows(deps.db, kind, [duplicate.id, target.id]),
    kind === "restaurant" ? dishIdsOfRestaurant(deps.db, duplicate.id) : [],
    kind === "restaurant" ? offerIdsOfRestaurant(deps.db, duplicate.id) : [],
  ]);
  const targetAuthors = new Set(allPosts.filter((p) => p.itemId === target.id).map((p) => p.authorId));
  const moves = (p: (typeof allPosts)[number]) => p.itemId === duplicate.id && !targetAuthors.has(p.authorId);
  const live = allPosts.filter((p) => p.removedAt === null);
  const heldBy = {
    [target.id]: live.filter((p) => p.itemId === target.id || moves(p)),
    [duplicate.id]: live.filter((p) => p.itemId === duplicate.id && !moves(p)),
  };
  const aggregates: AggregateChange[] = [target.id, duplicate.id].map((id) => {
    const before = rows.get(id)!;
    return {
      kind,
      id,
      before,
      after: aggregateOf(heldBy[id]!),
      reviewCountDelta: heldBy[id]!.length - before.reviewCount,
    };
  });
  const dishIds = kind === "dish" ? [duplicate.id, target.id] : movedDishIds;
  const restaurantIds = kind === "restaurant" ? [duplicate.id, target.id] : [target.restaurantId!];
  const movedReviewIds = allPosts.filter(moves).map((p) => p.id);
  return {
    statements: [
      ...mergeStatements(deps.db, kind, duplicate.id, target.id),
      ...aggregateStatements(deps.db, aggregates),
    ],
    before: { listingState: duplicate.listingState, mergedInto: null, name: duplicate.name },
    after: { listingState: "merged", mergedInto: target.id, movedReviewIds, movedDishIds },
    changes: {
      dishIds,
      restaurantIds,
      offers: movedOffers.map((id) => ({ id, restaurantId: target.id })),
      tagsChanged: true,
      formerScopes: await scopesNow(deps.db, dishIds, restaurantIds),
    },
  };
};

/** The fields an edit may change, as the decision's before and after record them. */
function fieldsOf(kind: CatalogueKind, item: ListingRow) {
  return {
    name: item.name,
    description: item.description,
    tagIds: item.tagIds,
    ...(kind === "restaurant" ? { address: item.address } : { priceMinor: item.priceMinor }),
  };
}

/**
 * Edit: the fields a moderator corrects (validated by catalogueEditSchema, tags by name or id
 * here). Having looked at the item, the moderator approves it too: an edit of an item awaiting
 * approval lists it, as approve would.
 */
export const editCatalogueItem: ActionHandler = async ({ deps, request }) => {
  const kind = request.kind as CatalogueKind;
  const item = await actionable(deps.db, kind, request.id);
  const fields = request.fields as CatalogueEditFields;
  let tagIds: number[] | undefined;
  if (fields.tags !== undefined) {
    const resolved = await resolveTags(deps.db, fields.tags);
    if (resolved.unknown.length > 0) throw fieldError(400, "fields", MESSAGES.unknownTags(resolved.unknown));
    tagIds = resolved.ids;
  }
  const edit = {
    name: fields.name,
    address: fields.address,
    description: fields.description,
    tagIds,
    priceMinor:
      fields.price === undefined ? undefined : fields.price === null ? null : Math.round(fields.price * 100),
    contactEmail: fields.contactEmail,
  };
  const approve = item.listingState === "pending" ? [approveStatement(deps.db, kind, item.id)] : [];
  // A restaurant's dish pages show its name and address: they are rebuilt with it.
  const shownOnDishes = kind === "restaurant" && (edit.name !== undefined || edit.address !== undefined);
  const ids =
    kind === "dish"
      ? { dishIds: [item.id], restaurantIds: [item.restaurantId!] }
      : {
          dishIds: shownOnDishes ? await dishIdsOfRestaurant(deps.db, item.id) : [],
          restaurantIds: [item.id],
        };
  const before = fieldsOf(kind, item);
  const defined = Object.entries(edit).filter(([key, value]) => value !== undefined && key in before);
  return {
    statements: [...editStatements(deps.db, kind, item.id, edit), ...approve],
    before: { listingState: item.listingState, ...before },
    after: {
      listingState: "approved",
      ...before,
      ...Object.fromEntries(defined),
      // Issue 29: that a moderator set the claim address is recorded; the address itself, masked.
      ...(edit.contactEmail === undefined
        ? {}
        : { contactEmail: edit.contactEmail === null ? null : maskEmail(edit.contactEmail) }),
    },
    changes: {
      ...ids,
      tagsChanged: tagIds !== undefined,
      formerScopes: await scopesNow(deps.db, ids.dishIds, ids.restaurantIds),
    },
  };
};
