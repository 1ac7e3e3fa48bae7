// Photos a verified owner adds to their restaurant (issue 22), through the review photos'
// pipeline: checked in the request, encoded off it (issue 23).
export const MAX_RESTAURANT_PHOTOS = 12;

export const RESTAURANT_PHOTO_MESSAGES = {
  added: "Photo added. It shows on your restaurant's page once it is ready, in a few seconds.",
  removed: "Photo removed.",
  tooMany: `A restaurant can show at most ${MAX_RESTAURANT_PHOTOS} photos from its owner. Remove one first.`,
  missing: "Choose a photo to upload.",
  notFound: "That photo is not one of this restaurant's.",
} as const;
