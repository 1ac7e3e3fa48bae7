// Seeded people: users with profiles, and how active each is (a few very active reviewers
// and a long tail, as on every review site), which reviews, comments and follows draw on.
import { usernameSkeleton } from "../../domain/username-skeleton.ts";
import { profiles, users } from "../../server/api/db/schema.ts";
import { AREAS } from "../london-places.ts";
import { FIRST_NAMES, LAST_NAMES, bio, handle } from "../people.ts";
import type { Random } from "../random.ts";
import { chunked, DAY, type SeedContext } from "./context.ts";
import { cumulative } from "./weighted-pick.ts";

/**
 * Seeded users cannot log in: "!" is not a hash any password verifies against, so the
 * login route treats it as a mismatch. They exist to write reviews, comments and follows.
 */
export const SEEDED_PASSWORD_HASH = "!";

export interface SeededUsers {
  ids: number[];
  /** Relative activity per user, in the order of `ids`. */
  activity: number[];
  /** Cumulative activity, for pickIndex. */
  activityCum: Float64Array;
}

export async function fillUsers(ctx: SeedContext, scale: number, random: Random): Promise<SeededUsers> {
  const { db, now, pool } = ctx;
  const userCount = Math.max(30, Math.round(300 * Math.pow(scale, 0.6)));
  const usernames = new Set<string>();
  const userRows: (typeof users.$inferInsert)[] = [];
  const profileRows: { name: string; bio: string; profileImage: string | null; isPrivate: boolean }[] = [];
  for (let i = 0; i < userCount; i++) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    let username = handle(random, first, last);
    // Unique by look-alike skeleton, as the users table requires (usernameSkeleton).
    while (usernames.has(usernameSkeleton(username))) username = `${username}${random.int(1, 9)}`;
    usernames.add(usernameSkeleton(username));
    userRows.push({
      username,
      email: `${username.replace(/[^a-z0-9._-]/gi, "")}@example.com`,
      firstName: first,
      lastName: last,
      passwordHash: SEEDED_PASSWORD_HASH,
      emailVerified: true,
      createdAt: now - random.int(40, 1100) * DAY - random.int(0, DAY),
    });
    profileRows.push({
      name: `${first} ${last}`,
      bio: bio(random, random.pick(AREAS).name),
      profileImage: random.chance(0.85) ? random.pick(pool.avatar) : null,
      isPrivate: random.chance(0.12),
    });
  }
  const ids: number[] = [];
  for (const part of chunked(userRows, 400)) {
    const rows = await db.insert(users).values(part).returning({ id: users.id });
    ids.push(...rows.map((r) => r.id));
  }
  for (const part of chunked(
    profileRows.map((p, i) => ({ ...p, userId: ids[i]! })),
    400,
  )) {
    await db.insert(profiles).values(part);
  }
  const activity = ids.map((_, i) => 1 / Math.pow(i + 1, 0.75));
  random.shuffle(activity);
  return { ids, activity, activityCum: cumulative(activity) };
}
