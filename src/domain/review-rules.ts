// The reviews and catalogue-writes contract's limits and messages (issue 11; spec points 3, 5,
// 7 "Review and catalogue writes", 8 and 9; issue 15 for incentives and reports). The schemas
// (src/shared/schemas/reviews.ts), the review modal, the item pages and the server read them
// from here, so an island shows them without loading zod.

/** Spec points 5 and 9: at most 10 images per review (the upload panel's limit). */
export const MAX_REVIEW_IMAGES = 10;
/** Spec point 9: one restaurant review plus up to five dish reviews. */
export const MAX_DISH_REVIEWS = 5;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_MEGAPIXELS = 40;
/** Widths written for every photo (never upscaled), for srcset. */
export const PHOTO_WIDTHS = [400, 800, 1600] as const;
/** Spec point 9: the slider runs 0..50; a rating is held as integer tenths. */
export const MAX_RATING_TENTHS = 50;
export const MAX_REVIEW_CONTENT = 5000;
export const MAX_REVIEW_TAGS = 20;
export const MAX_CATALOGUE_NAME = 100;
export const MAX_ADDRESS = 200;
export const MAX_POST_CODE = 10;
export const MAX_ITEM_TAGS = 20;
/** Name lists: a prefix filter and a bound, so a suggestion box never ships 40,000 names. */
export const DEFAULT_NAMES_LIMIT = 20;
export const MAX_NAMES_LIMIT = 100;
export const DEFAULT_REVIEWS_PAGE_SIZE = 10;
export const MAX_REVIEWS_PAGE_SIZE = 50;
/** How long a stored Idempotency-Key answers a repeat with the first answer. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Spec point 9: a new restaurant's opening hours when none are given. */
export const DEFAULT_OPENING_HOURS = [
  "Monday: 11:00 AM - 9:00 PM",
  "Tuesday: 11:00 AM - 9:00 PM",
  "Wednesday: 11:00 AM - 9:00 PM",
  "Thursday: 11:00 AM - 9:00 PM",
  "Friday: 11:00 AM - 9:00 PM",
] as const;
/** A new restaurant's opening hours: at most a line a day, each a short line of text. */
export const MAX_OPENING_HOURS_LINES = 7;
export const MAX_OPENING_HOURS_LENGTH = 100;
/** A dish's price in pounds: anything above is a typing slip, not a price. */
export const MAX_DISH_PRICE = 100_000;
/** A report's optional note on a review. */
export const REVIEW_REPORT_NOTE_MAX_LENGTH = 1000;

/** Messages of these calls: the spec's (points 5 and 8) word for word where it has one. */
export const REVIEW_MESSAGES = {
  tooManyImages: "You can upload a maximum of 10 images.",
  requiredFields: "Please login and fill out all required fields.",
  requiredFieldsWithDishes: "Please login and fill out all required fields for the restaurant review.",
  loginToPost: "You need to be logged in to post a review.",
  postFailed: "Failed to post review. Please try again.",
  restaurantPostFailed: "Failed to post restaurant review.",
  dishPostFailed: (dishId: number | string) => `Failed to post review for Dish ${dishId}.`,
  restaurantNotFound: "Restaurant not found. Please try again.",
  dishNotFound: "Dish not found. Please try again.",
  posted: "Your review has been posted.",
  ratingRange: "Rating must be between 0 and 5 in steps of 0.1.",
  contentTooLong: `Reviews can be at most ${MAX_REVIEW_CONTENT} characters long.`,
  dishReviewsInvalid: `Dish reviews must be a list of at most ${MAX_DISH_REVIEWS} reviews, each with a dish.`,
  dishReviewEmpty: "A dish review needs a rating above 0 or some text.",
  dishReviewNeedsRestaurant: "Dish reviews are posted with a restaurant review.",
  imageIndexInvalid: "Each chosen photo must be one of the uploaded images.",
  idempotencyKeyInvalid: "Idempotency-Key must be a UUID.",
  idempotencyKeyReused: "This Idempotency-Key was already used for a different review.",
  imageNotAccepted: "Only JPEG, PNG, WebP or AVIF photos can be uploaded.",
  imageTooLarge: "Each photo must be at most 10 MB.",
  imageTooManyPixels: `Each photo must be at most ${MAX_IMAGE_MEGAPIXELS} megapixels.`,
  imageDamaged: "This photo is damaged or incomplete and could not be read.",
  reviewUpdated: "Your review has been updated.",
  reviewDeleted: "Your review has been deleted.",
  reviewNotFound: "Review not found.",
  restaurantNameRequired: "Restaurant Name is required.",
  addressRequired: "Address is required.",
  postCodeRequired: "PostCode is required.",
  tagRequired: "At least one tag is required.",
  phoneNumeric: "Phone must be a number.",
  dishNameRequired: "Dish Name is required.",
  restaurantRequired: "Restaurant selection is required.",
  priceNumeric: "Price must be a number.",
  unknownRegion: "Please choose a region from the list.",
  unknownArea: "Please choose an area from the list.",
  areaNotInRegion: "That area is not in the chosen region.",
  unknownTags: (names: string[]) => `Unknown tag${names.length === 1 ? "" : "s"}: ${names.join(", ")}.`,
  duplicateRestaurant: "A restaurant with this name and post code is already listed.",
  duplicateDish: "This restaurant already lists a dish with this name.",
  restaurantSaved: "Restaurant saved successfully!",
  restaurantSaveFailed: "Failed to save restaurant. Please try again.",
  dishSaved: "Dish saved successfully!",
  dishSaveFailed: "Failed to save dish. Please try again.",
  restaurantNamesFailed: "Failed to fetch restaurant names.",
  dishNamesFailed: "Failed to fetch dish names.",
  restaurantDishesFailed: "Failed to fetch dishes for the restaurant.",
  reportReason: "Please choose a reason from the list.",
  // One voice per person per item (issue 20): posting again is an edit of the earlier review.
  restaurantAlreadyReviewed: "You have already reviewed this restaurant. Please edit your review instead.",
  dishAlreadyReviewed: "You have already reviewed this dish. Please edit your review instead.",
  dishReviewedTwice: "Each dish can be reviewed only once. Please remove the repeated dish.",
  incentiveFinal: "A review marked as incentivised cannot be changed back.",
} as const;
