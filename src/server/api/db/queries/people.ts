// Every SQL statement of people search and suggestions (issue 12). Names are found through
// the people_search FTS5 index (drizzle/0008_people_search.sql), never LIKE over users;
// user text reaches MATCH only through buildMatch, which quotes every word. Typed raw SQL
// (decision 013): the search is an FTS5 MATCH, the suggestions derived tables with their own
// LIMIT; people_search is an FTS5 table, which the schema does not model.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { rawRows, sqlBoolean, sqlInteger } from "../raw-rows.ts";
import { followRequests, follows, posts, profiles, users } from "../schema.ts";
import { buildMatch } from "./fts-match.ts";
import { notBlockedEitherWay, type ViewerId } from "./social-graph.ts";

const personRow = z.object({
  userId: sqlInteger,
  username: z.string(),
  name: z.string(),
  profileImage: z.string().nullable(),
  isPrivate: sqlBoolean,
  isFollowing: sqlBoolean,
  isFollower: sqlBoolean,
});
export type PersonRow = z.output<typeof personRow>;

const [u, p, x, r] = [
  alias(users, "u"),
  alias(profiles, "p"),
  alias(follows, "x"),
  alias(followRequests, "r"),
];

/** The person `u` (with profile `p`) as a PersonRow, seen by `viewer`. */
const personColumns = (viewer: ViewerId) => sql`
  ${u.id} AS userId, ${u.username} AS username, coalesce(${p.name}, '') AS name,
  ${p.profileImage} AS profileImage, coalesce(${p.isPrivate}, 0) AS isPrivate,
  EXISTS (SELECT 1 FROM ${follows} ${x} WHERE ${x.followerId} = ${viewer} AND ${x.followingId} = ${u.id}) AS isFollowing,
  EXISTS (SELECT 1 FROM ${follows} ${x} WHERE ${x.followerId} = ${u.id} AND ${x.followingId} = ${viewer}) AS isFollower`;

/** The person whose id the derived table `s` holds, with their profile. */
const personOf = sql`JOIN ${users} ${u} ON ${u.id} = s.id LEFT JOIN ${profiles} ${p} ON ${p.userId} = ${u.id}`;

/**
 * People whose username or name has every typed word (the last as a prefix), best match
 * first. `offset` pages within the first MAX_PEOPLE_RESULTS: ranked results have no key to
 * seek by, and the bound keeps the deepest page cheap.
 */
export async function searchPeople(
  db: Database,
  viewer: ViewerId,
  query: string,
  offset: number,
  limit: number,
): Promise<PersonRow[]> {
  const match = buildMatch({ keyword: query });
  if (match === null) return [];
  return rawRows(
    db,
    personRow,
    sql`
    SELECT ${personColumns(viewer)}
    FROM (SELECT rowid AS id, rank FROM people_search WHERE people_search MATCH ${match}) s ${personOf}
    WHERE ${notBlockedEitherWay(viewer, u.id)}
    ORDER BY (lower(${u.username}) = lower(${query})) DESC, s.rank, ${u.id}
    LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** Not the viewer, not followed or asked for already, no block either way. */
const suggestable = (viewer: ViewerId, column: SQLWrapper): SQL => sql`
  ${column} <> ${viewer}
  AND NOT EXISTS (SELECT 1 FROM ${follows} ${x} WHERE ${x.followerId} = ${viewer} AND ${x.followingId} = ${column})
  AND NOT EXISTS (SELECT 1 FROM ${followRequests} ${r} WHERE ${r.requesterId} = ${viewer} AND ${r.targetId} = ${column})
  AND ${notBlockedEitherWay(viewer, column)}`;

/** How many of the viewer's latest follows are asked whom they follow: bounds the work. */
const FRIENDS_ASKED = 200;
/** How many of the newest posts decide who is an active reviewer. */
const RECENT_POSTS_READ = 2000;

/** People followed by people the viewer follows, most shared first. */
export async function suggestFollowedByFollowing(
  db: Database,
  viewer: number,
  limit: number,
): Promise<(PersonRow & { mutualCount: number })[]> {
  const f2 = alias(follows, "f2");
  return rawRows(
    db,
    personRow.extend({ mutualCount: sqlInteger }),
    sql`
    SELECT ${personColumns(viewer)}, s.mutual AS mutualCount
    FROM (
      SELECT ${f2.followingId} AS id, count(*) AS mutual
      FROM (SELECT ${follows.followingId} AS following_id FROM ${follows} WHERE ${follows.followerId} = ${viewer}
            ORDER BY ${follows.createdAt} DESC LIMIT ${FRIENDS_ASKED}) mine
        JOIN ${follows} ${f2} ON ${f2.followerId} = mine.following_id
      WHERE ${suggestable(viewer, f2.followingId)}
      GROUP BY ${f2.followingId}
      ORDER BY mutual DESC, ${f2.followingId}
      LIMIT ${limit}
    ) s ${personOf}
    ORDER BY s.mutual DESC, ${u.id}`,
  );
}

/** Authors of the most recent reviews, most reviews first. */
export async function suggestActiveReviewers(
  db: Database,
  viewer: number,
  excluded: readonly number[],
  limit: number,
): Promise<PersonRow[]> {
  // The derived table keeps the name and columns of posts it reads, so posts' columns read it.
  const recent = alias(posts, "recent");
  const notExcluded =
    excluded.length === 0
      ? sql``
      : sql`AND ${recent.authorId} NOT IN (${sql.join(
          excluded.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  return rawRows(
    db,
    personRow,
    sql`
    SELECT ${personColumns(viewer)}
    FROM (
      SELECT ${recent.authorId} AS id, count(*) AS reviews, max(${recent.createdAt}) AS latest
      FROM (SELECT ${posts.authorId} AS author_id, ${posts.createdAt} AS created_at FROM ${posts}
            ORDER BY ${posts.createdAt} DESC LIMIT ${RECENT_POSTS_READ}) recent
      WHERE ${suggestable(viewer, recent.authorId)} ${notExcluded}
      GROUP BY ${recent.authorId}
      ORDER BY reviews DESC, latest DESC
      LIMIT ${limit}
    ) s ${personOf}
    ORDER BY s.reviews DESC, s.latest DESC`,
  );
}
