// Changing the photos of one's own review (issue 30): the words people see. The limit is the
// spec's upload panel's (point 5: at most 10 images in total), counted over the review and the
// dish reviews posted with it, as when it was posted.
export const REVIEW_PHOTO_EDIT_MESSAGES = {
  added: "Your photos were added.",
  removed: "The photo was taken off your review.",
  noPhoto: "Choose at least one photo to add.",
  notFound: "This photo is not on your review.",
} as const;
