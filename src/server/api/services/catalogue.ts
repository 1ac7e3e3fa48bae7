// Restaurants and dishes added by users from the review modal (spec points 3, 5, 7 and 9;
// issue 11). A new item is marked as added by its user, opens at its URL at once and is
// searchable at once: its row, tags and search rows are one batch (db/queries/catalogue-saves.ts),
// and the cache drops every read that could show it (its own 404 included). It waits, labelled
// and out of every ranked list, for a moderator (issue 21): its queue item opens with it.
import { MAX_DISHES_PER_RESTAURANT, OWNER_MESSAGES } from "../../../domain/owners.ts";
import { PLACE_MESSAGES } from "../../../domain/place-messages.ts";
import { REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import { districtPin } from "../../../domain/london-place-index.ts";
import type { saveDishSchema, saveRestaurantSchema } from "../../../shared/schemas/reviews.ts";
import type { z } from "../../../shared/schemas/zod.ts";
import { enforceRateLimit, RATE_LIMITS } from "../auth/rate-limit.ts";
import {
  findDishByName,
  findRestaurantByNameAndPostCode,
  listedDishCount,
  placeOf,
  resolveTags,
  saveDish,
  saveRestaurant,
} from "../db/queries/catalogue-saves.ts";
import { restaurantExists } from "../db/queries/restaurant-reads.ts";
import type { AppDeps } from "../deps.ts";
import { fieldError } from "../http/envelope.ts";
import { openModerationItem } from "../db/queries/moderation-items.ts";
import { publishCatalogueChanges } from "./catalogue-changes.ts";

type Deps = Pick<AppDeps, "db" | "cache" | "now" | "referenceData">;

// After the item's own batch: should this fail, the item is still out of every ranked list
// (it is pending), so nothing unreviewed can rank; the error reaches the caller and the log.
function openAddedItem(
  deps: Deps,
  kind: "restaurant" | "dish",
  targetId: number,
  userId: number,
  suggestedContactEmail: string | null = null,
) {
  return openModerationItem(deps.db, {
    kind,
    targetId,
    source: "community-added",
    openedAt: deps.now(),
    signals: { addedBy: userId, ...(suggestedContactEmail ? { suggestedContactEmail } : {}) },
  });
}

async function tagIdsFor(deps: Deps, refs: (number | string)[]): Promise<number[]> {
  const { ids, unknown } = await resolveTags(deps.db, refs);
  if (unknown.length > 0) throw fieldError(400, "tags", REVIEW_MESSAGES.unknownTags(unknown));
  if (ids.length === 0) throw fieldError(400, "tags", REVIEW_MESSAGES.tagRequired);
  return ids;
}

export async function addRestaurant(
  deps: Deps,
  userId: number,
  input: z.output<typeof saveRestaurantSchema>,
): Promise<{ id: number; name: string }> {
  const { region, area } = await placeOf(deps.db, input.region, input.area);
  if (!region) throw fieldError(400, "region", REVIEW_MESSAGES.unknownRegion);
  if (!area) throw fieldError(400, "area", REVIEW_MESSAGES.unknownArea);
  if (area.regionId !== region.id) throw fieldError(400, "area", REVIEW_MESSAGES.areaNotInRegion);
  const tagIds = await tagIdsFor(deps, input.tags);
  // Issue 31: placed at its postcode district's centroid until an owner or moderator pins it.
  const pin = districtPin(await deps.referenceData.londonPlaces(), input.postCode);
  if (!pin) throw fieldError(400, "postCode", PLACE_MESSAGES.postCodeNotInLondon);
  if (await findRestaurantByNameAndPostCode(deps.db, input.name, input.postCode)) {
    throw fieldError(409, "name", REVIEW_MESSAGES.duplicateRestaurant);
  }
  await enforceRateLimit(deps.db, RATE_LIMITS.catalogueAddsPerUser, String(userId), deps.now());
  const id = await saveRestaurant(deps.db, {
    name: input.name,
    address: input.address,
    postCode: input.postCode,
    ...pin,
    phone: input.phone,
    openingHours: input.openingHours,
    regionId: region.id,
    areaId: area.id,
    tagIds,
    createdBy: userId,
    createdAt: deps.now(),
  });
  // Issue 29: the address the lister typed is where a claim code would go, so it is only a
  // suggestion in the moderators' item; a moderator's edit or the seed sets a contact address.
  await openAddedItem(deps, "restaurant", id, userId, input.contactEmail);
  await publishCatalogueChanges(deps, { restaurantIds: [id], tagsChanged: true });
  return { id, name: input.name };
}

export async function addDish(
  deps: Deps,
  userId: number,
  input: z.output<typeof saveDishSchema>,
): Promise<{ id: number; dishName: string; restaurantId: number }> {
  const restaurantId = input.restaurantId;
  if (!(await restaurantExists(deps.db, restaurantId)))
    throw fieldError(404, "restaurantId", REVIEW_MESSAGES.restaurantNotFound);
  const tagIds = await tagIdsFor(deps, input.tags);
  if (await findDishByName(deps.db, restaurantId, input.dishName)) {
    throw fieldError(409, "dishName", REVIEW_MESSAGES.duplicateDish);
  }
  if ((await listedDishCount(deps.db, restaurantId)) >= MAX_DISHES_PER_RESTAURANT)
    throw fieldError(409, "restaurantId", OWNER_MESSAGES.restaurantFull);
  await enforceRateLimit(deps.db, RATE_LIMITS.catalogueAddsPerUser, String(userId), deps.now());
  const id = await saveDish(deps.db, {
    restaurantId,
    dishName: input.dishName,
    priceMinor: input.price === null ? null : Math.round(input.price * 100),
    tagIds,
    createdBy: userId,
    createdAt: deps.now(),
  });
  await openAddedItem(deps, "dish", id, userId);
  await publishCatalogueChanges(deps, { dishIds: [id], restaurantIds: [restaurantId], tagsChanged: true });
  return { id, dishName: input.dishName, restaurantId };
}
