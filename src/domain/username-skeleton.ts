// Usernames that look alike cannot both exist (issue 14). Usernames are ASCII letters,
// digits, dots, dashes and underscores (USERNAME_PATTERN), so only the ASCII look-alikes of
// Unicode's confusables table (UTS #39, confusables.txt) matter: "rn" reads as "m", "vv" as
// "w", "cl" as "d", "0" as "o", and "1", "I" and "l" as one another. The database enforces
// the same skeleton with a unique expression index (src/server/api/db/schema.ts,
// USERNAME_SKELETON_SQL): both must apply these steps in this order.
export const USERNAME_SKELETON_STEPS: readonly (readonly [string, string])[] = [
  ["rn", "m"],
  ["vv", "w"],
  ["cl", "d"],
  ["0", "o"],
  ["1", "l"],
  ["i", "l"],
];

/** The form two usernames share when a reader could mistake one for the other. */
export function usernameSkeleton(username: string): string {
  let skeleton = username.toLowerCase();
  for (const [from, to] of USERNAME_SKELETON_STEPS) skeleton = skeleton.replaceAll(from, to);
  return skeleton;
}
