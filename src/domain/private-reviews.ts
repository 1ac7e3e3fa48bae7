// The line an item's review list shows for the reviews it leaves out (issue 20, "Privacy of
// reviews"; docs/social.md): a private account's reviews count in the item's rating, without
// a name, and are listed only on its profile, to its approved followers and to itself.

/** "3 of these reviews are from private accounts"; null when the list leaves none out. */
export function privateReviewsLine(count: number): string | null {
  if (!Number.isSafeInteger(count) || count <= 0) return null;
  return count === 1
    ? "1 of these reviews is from a private account"
    : `${count} of these reviews are from private accounts`;
}
