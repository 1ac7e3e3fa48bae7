// What a verified owner keeps true, and the dashboard's reads (issue 22, docs/owners.md).
// Each edit is one batch with its log line, then names what it changed to
// publishCatalogueChanges (the cache drops it; on Node the ranked-list refresh runs, on
// Cloudflare the item pages are purged). Nothing here touches a review, a rating or a score.
import { allergenMask } from "../../../domain/allergens.ts";
import { dietMask } from "../../../domain/diets.ts";
import { cursorCodec } from "../../../domain/keyset-cursor.ts";
import {
  dayOf,
  lastMonths,
  MAX_DISHES_PER_RESTAURANT,
  OWNER_MESSAGES,
  OWNER_RATE_LIMITS,
  openingHoursLines,
  replyRate,
} from "../../../domain/owners.ts";
import type { RestaurantItem, DishItem } from "../../../shared/schemas/catalogue-items.ts";
import type {
  DashboardReviews,
  FactsInput,
  MenuInput,
  OwnedRestaurant,
  OwnerStats,
} from "../../../shared/schemas/owners.ts";
import type { AuthUser } from "../auth/require-user.ts";
import { enforceRateLimit } from "../auth/rate-limit.ts";
import { dishesByIds } from "../db/queries/dish-reads.ts";
import {
  dashboardReviewIds,
  factsOf,
  insertMenuDishStatement,
  menuOf,
  monthlyStats,
  postsByIds,
  dashboardCounts,
  updateFactsStatement,
  updateMenuDishStatement,
  type MenuDishWrite,
} from "../db/queries/owner-facts.ts";
import {
  activeOwnerOf,
  claimableRestaurant,
  claimsOf,
  ownedRestaurants,
  ownerLogStatement,
  type BatchStatement,
} from "../db/queries/owners.ts";
import { ownerMenu } from "../db/queries/owner-menu-reads.ts";
import { getRestaurant } from "../db/queries/restaurant-reads.ts";
import { runBatch } from "../db/batch.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { publishCatalogueChanges } from "./catalogue-changes.ts";
import { readCursor } from "./page-cursor.ts";
import { reviewCards } from "./review-cards.ts";

/** The restaurant, when the caller is its verified owner: 404 no such restaurant, 403 not theirs. */
export async function assertOwner(
  deps: Pick<AppDeps, "db">,
  user: AuthUser,
  restaurantId: number,
): Promise<void> {
  if (!(await claimableRestaurant(deps.db, restaurantId)))
    throw fieldError(404, "id", OWNER_MESSAGES.restaurantNotFound);
  if ((await activeOwnerOf(deps.db, restaurantId)) !== user.id)
    throw new ApiError(403, OWNER_MESSAGES.notOwner);
}

const log = (
  deps: AppDeps,
  user: AuthUser,
  restaurantId: number,
  action: string,
  before: unknown,
  after: unknown,
): BatchStatement =>
  ownerLogStatement(deps.db, {
    actorId: user.id,
    actorLabel: user.username,
    action,
    restaurantId,
    before,
    after,
    createdAt: deps.now(),
  });

/**
 * Counts an owner's save against both limits (issue 29): `amount` is one per save plus one per
 * new dish. Counted once ownership is proven, so nobody else can use up a restaurant's limit.
 */
async function countOwnerEdit(deps: AppDeps, user: AuthUser, restaurantId: number, amount: number) {
  const now = deps.now();
  await enforceRateLimit(deps.db, OWNER_RATE_LIMITS.ownerEditsPerUser, String(user.id), now, amount);
  await enforceRateLimit(deps.db, OWNER_RATE_LIMITS.ownerEditsPerRestaurant, String(restaurantId), now, amount);
}

export async function updateFacts(
  deps: AppDeps,
  user: AuthUser,
  restaurantId: number,
  input: FactsInput,
): Promise<RestaurantItem> {
  await assertOwner(deps, user, restaurantId);
  await countOwnerEdit(deps, user, restaurantId, 1);
  const before = await factsOf(deps.db, restaurantId);
  const after = {
    hours: input.hours,
    openingHours: openingHoursLines(input.hours),
    bookingLinks: input.bookingLinks,
    orderingLinks: input.orderingLinks,
    description: input.description,
  };
  await runBatch(deps.db, [
    updateFactsStatement(deps.db, restaurantId, after),
    log(deps, user, restaurantId, "owner:facts", before ?? null, after),
  ]);
  await publishCatalogueChanges(deps, { restaurantIds: [restaurantId] });
  return (await getRestaurant(deps.db, restaurantId))!;
}

const penceOf = (pounds: number | null) => (pounds === null ? null : Math.round(pounds * 100));

/**
 * Updates the listed dishes and adds the new ones; dishes not listed stay as they are (owners
 * never delete dishes, and so never their reviews). A dish sent with allergens is stamped now:
 * the owner vouches for them on that day.
 */
export async function updateMenu(
  deps: AppDeps,
  user: AuthUser,
  restaurantId: number,
  input: MenuInput,
): Promise<{ dishes: DishItem[] }> {
  await assertOwner(deps, user, restaurantId);
  const menu = await menuOf(deps.db, restaurantId);
  const onMenu = new Map(menu.map((d) => [d.id, d]));
  input.dishes.forEach((dish, i) => {
    if (dish.id !== undefined && !onMenu.has(dish.id))
      throw fieldError(404, `dishes.${i}.id`, OWNER_MESSAGES.dishNotOnMenu);
  });
  const sentIds = new Set(input.dishes.flatMap((d) => (d.id === undefined ? [] : [d.id])));
  const names = new Set(menu.filter((d) => !sentIds.has(d.id)).map((d) => d.dishName.toLowerCase()));
  input.dishes.forEach((dish, i) => {
    const name = dish.dishName.toLowerCase();
    if (names.has(name)) throw fieldError(400, `dishes.${i}.dishName`, OWNER_MESSAGES.duplicateDish);
    names.add(name);
  });
  const added = input.dishes.filter((dish) => dish.id === undefined).length;
  if (added > 0 && menu.length + added > MAX_DISHES_PER_RESTAURANT)
    throw fieldError(409, "dishes", OWNER_MESSAGES.menuFull(menu.length + added));
  await countOwnerEdit(deps, user, restaurantId, 1 + added);
  const now = deps.now();
  const writes: MenuDishWrite[] = input.dishes.map((dish) => ({
    dishName: dish.dishName,
    priceMinor: penceOf(dish.price),
    description: dish.description,
    allergensMask: dish.allergens === null ? null : allergenMask(dish.allergens),
    allergensUpdatedAt: dish.allergens === null ? null : now,
    dietsMask: dish.diets === null ? null : dietMask(dish.diets),
  }));
  const statements: BatchStatement[] = input.dishes.map((dish, i) =>
    dish.id === undefined
      ? insertMenuDishStatement(deps.db, restaurantId, { ...writes[i]!, createdBy: user.id, createdAt: now })
      : updateMenuDishStatement(deps.db, dish.id, restaurantId, writes[i]!),
  );
  const results = await runBatch(deps.db, [
    ...statements,
    log(
      deps,
      user,
      restaurantId,
      "owner:menu",
      menu.filter((d) => sentIds.has(d.id)),
      input.dishes.map((d, i) => ({ id: d.id ?? null, ...writes[i]! })),
    ),
  ]);
  const ids = input.dishes.map((dish, i) => dish.id ?? (results[i] as { id: number }[])[0]!.id);
  // A price moves the restaurant's price range; a new dish joins its menu and search.
  await publishCatalogueChanges(deps, { dishIds: ids, restaurantIds: [restaurantId] });
  return { dishes: await dishesByIds(deps.db, ids) };
}

// ---------------------------------------------------------------------------------------------
// Dashboard

export async function listOwnedRestaurants(deps: AppDeps, user: AuthUser): Promise<OwnedRestaurant[]> {
  const owned = await ownedRestaurants(deps.db, user.id);
  // An owner has a handful of restaurants: one count read each keeps a single definition.
  const counts = await Promise.all(owned.map((r) => dashboardCounts(deps.db, r.id, user.id)));
  return owned.map((r, i) => ({
    ...r,
    claimedAt: dayOf(r.claimedAt),
    reviewCount: counts[i]!.reviewCount,
    unansweredCount: counts[i]!.listed - counts[i]!.answered,
  }));
}

export async function listOwnClaims(deps: AppDeps, user: AuthUser) {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return (await claimsOf(deps.db, user.id)).map((c) => ({
    ...c,
    createdAt: iso(c.createdAt)!,
    decidedAt: iso(c.decidedAt),
  }));
}

const dashboardCursor = cursorCodec("ownerreviews", ["answered", "createdAt", "id"]);

export async function dashboardReviews(
  deps: AppDeps,
  user: AuthUser,
  restaurantId: number,
  query: { cursor?: string; pageSize: number },
): Promise<DashboardReviews> {
  await assertOwner(deps, user, restaurantId);
  const after = readCursor(dashboardCursor, query.cursor);
  const [keys, counts] = await Promise.all([
    dashboardReviewIds(deps.db, restaurantId, user.id, after, query.pageSize),
    dashboardCounts(deps.db, restaurantId, user.id),
  ]);
  const page = keys.slice(0, query.pageSize);
  const rows = await postsByIds(
    deps.db,
    page.map((k) => k.id),
  );
  const last = page.at(-1);
  return {
    // Each review on its own (a dish review too): each can be answered.
    reviews: await reviewCards(deps, rows, { withDishReviews: false }),
    nextCursor: keys.length > query.pageSize && last ? dashboardCursor.encode(last) : null,
    counts: {
      reviewCount: counts.reviewCount,
      restaurantReviewCount: counts.restaurantReviewCount,
      listed: counts.listed,
      notListed: counts.reviewCount - counts.listed,
    },
    replyRate: {
      answered: counts.answered,
      total: counts.listed,
      rate: replyRate(counts.answered, counts.listed),
    },
  };
}

/** The whole menu the owner keeps, community-added dishes included (issue 24). */
export async function ownerMenuDishes(deps: AppDeps, user: AuthUser, restaurantId: number): Promise<DishItem[]> {
  await assertOwner(deps, user, restaurantId);
  return ownerMenu(deps.db, restaurantId);
}

export async function ownerStats(deps: AppDeps, user: AuthUser, restaurantId: number): Promise<OwnerStats> {
  await assertOwner(deps, user, restaurantId);
  const months = lastMonths(deps.now());
  const since = Date.parse(`${months[0]}-01T00:00:00Z`);
  const stats = await monthlyStats(deps.db, restaurantId, since);
  return {
    months: months.map((month) => {
      const m = stats.get(month);
      return {
        month,
        reviewCount: m?.reviewCount ?? 0,
        averageRating: m && m.ratedCount > 0 ? Math.round(m.ratingSumTenths / m.ratedCount) / 10 : null,
      };
    }),
  };
}
