// Shapes of the discovery API's answers (api-contract.md). The routes declare them so
// /api/openapi.json documents every response; pages and islands may use the inferred types.
import * as z from "./zod.ts";
import { ALLERGEN_IDS } from "../../domain/allergens.ts";
import { DIET_IDS } from "../../domain/diets.ts";
import { WEEKDAYS } from "../../domain/owners.ts";
import { restaurantPhotoSchema } from "./restaurant-photos.ts";

export const locationSchema = z.object({
  region: z.string(),
  area: z.string(),
  regionId: z.number().int(),
  areaId: z.number().int(),
});

const fileName = z.string().describe("A file name; its URL is /api/files/{name}");

// Facts the restaurant's verified owner keeps (issue 22, docs/owners.md). Null where the owner
// has said nothing: never a guess.
const timeRangeAnswer = z.object({ opens: z.string(), closes: z.string() });
export const openingHoursAnswerSchema = z.object({
  weekly: z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(timeRangeAnswer)])) as {
    [K in (typeof WEEKDAYS)[number]]: z.ZodArray<typeof timeRangeAnswer>;
  }),
  closures: z.array(z.object({ date: z.string().describe("YYYY-MM-DD"), note: z.string() })),
});

const ownerRestaurantFields = {
  claimedAt: z
    .string()
    .nullable()
    .describe("YYYY-MM-DD the current owner was verified: 'Claimed by its owner'; null when unclaimed"),
  hours: openingHoursAnswerSchema
    .nullable()
    .describe(
      "Structured hours and special closures (the owner's; a seeded restaurant's listed hours), read by openNow; null: none; openingHours holds the lines",
    ),
  orderingLinks: z.array(z.string()).describe("The owner's ordering links (https)"),
};

const ownerDishFields = {
  allergens: z
    .object({
      contains: z.array(z.enum(ALLERGEN_IDS)).describe("Which of the UK's 14 allergens it contains; empty: none"),
      updatedAt: z.string().describe("ISO 8601: when the owner last saved them"),
    })
    .nullable()
    .describe("Declared by the verified owner; null: 'Allergen information has not been provided'"),
  diets: z.array(z.enum(DIET_IDS)).nullable().describe("Declared by the verified owner; null when not provided"),
};

// Issue 21 (docs/moderation.md, "Added restaurants and dishes"): how a client labels an item
// anyone added, and finds where a merged duplicate went.
const listingFields = {
  communityAdded: z
    .boolean()
    .describe(
      "Added by someone and not yet approved by a moderator: labelled 'Added by the community' and left out of every ranked list",
    ),
  mergedInto: z
    .object({ id: z.number().int(), name: z.string() })
    .nullable()
    .describe(
      "A duplicate a moderator merged: the item its reviews moved to (only a by-id read answers one)",
    ),
};

export const dishSchema = z.object({
  id: z.number().int(),
  dishName: z.string(),
  restaurantId: z.number().int(),
  restaurantName: z.string(),
  restaurantAddress: z.string(),
  restaurantLogo: fileName.nullable(),
  images: z.array(fileName),
  price: z.number().nullable().describe("Major units (pounds); null when unknown"),
  currency: z.string(),
  rating: z.number().describe("Mean rating to one decimal, 0 when unrated"),
  ratingCount: z.number().int().describe("Ratings that rank (not incentivised, rated above 0)"),
  reviewCount: z.number().int().describe("Every review, incentivised and text-only included"),
  location: locationSchema,
  tags: z.array(z.string()),
  description: z.string(),
  about: z.string(),
  ...listingFields,
  ...ownerDishFields,
});

export const restaurantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rating: z.number(),
  ratingCount: z.number().int(),
  reviewCount: z.number().int(),
  logo: fileName.nullable(),
  images: z.array(fileName),
  tags: z.array(z.string()),
  location: locationSchema,
  bookingLinks: z.array(z.string()),
  description: z.string(),
  address: z.string(),
  postCode: z.string(),
  phone: z.string().nullable(),
  openingHours: z.array(z.string()),
  priceRange: z.enum(["£", "££", "£££", "££££", "Unknown"]),
  ...listingFields,
  ...ownerRestaurantFields,
  ownerPhotos: z
    .array(restaurantPhotoSchema)
    .optional()
    .describe("Only on GET /restaurants/{id}: the photos its verified owner added, oldest first (issue 22)"),
});

export const offerSchema = z.object({
  id: z.number().int(),
  restaurantId: z.number().int(),
  title: z.string(),
  image: fileName.nullable(),
  imageUrl: fileName.nullable().describe("The same file name as image"),
  restaurantName: z.string(),
  location: locationSchema,
  rating: z.number().describe("The restaurant's mean rating"),
  description: z.string(),
  originalPrice: z.number(),
  discountedPrice: z.number(),
  currency: z.string(),
  termsAndConditions: z.string(),
  available: z.string(),
  booking: z.string(),
});

export const tagSchema = z.object({
  id: z.number().int(),
  tagName: z.string(),
  imageURL: z.string().describe("An emoji"),
});

export const regionSchema = z.object({ id: z.number().int(), regionName: z.string() });

export const areaSummarySchema = z.object({
  id: z.number().int(),
  areaName: z.string(),
  image: fileName.nullable(),
  regionId: z.number().int(),
  regionName: z.string(),
});

export const areaSchema = areaSummarySchema.extend({ content: z.string() });

export type DishItem = z.infer<typeof dishSchema>;
export type RestaurantItem = z.infer<typeof restaurantSchema>;
export type OfferItem = z.infer<typeof offerSchema>;
export type TagItem = z.infer<typeof tagSchema>;
export type RegionItem = z.infer<typeof regionSchema>;
export type AreaSummaryItem = z.infer<typeof areaSummarySchema>;
export type AreaItem = z.infer<typeof areaSchema>;
