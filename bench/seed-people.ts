// What the benches that write their own world on a copy of the seeded database share
// (lists.ts, moderation.ts): members inserted in bulk as the seed makes them (verified, a
// password hash no login can match), their bearer tokens, and writes in chunks of one
// transaction each, so a trigger runs once per row as it does for any write.
import type { Client, InStatement } from "@libsql/client";
import { issueToken } from "../src/server/api/auth/tokens.ts";

/** Statements in chunks, each chunk one transaction. */
export async function inChunks(db: Client, statements: InStatement[], size = 500) {
  const results = [];
  for (let i = 0; i < statements.length; i += size) {
    results.push(...(await db.batch(statements.slice(i, i + size), "write")));
  }
  return results;
}

export interface BenchPerson {
  username: string;
  /** `${username}@bench.invalid` unless given. */
  email?: string;
  /** Their profile's name; no profile row when absent. */
  name?: string;
  createdAt?: number;
}

/** Inserts the members (and the profiles of those with a name); answers their ids in order. */
export async function insertPeople(db: Client, people: BenchPerson[], now: number): Promise<number[]> {
  const inserted = await inChunks(
    db,
    people.map((person) => ({
      sql: "INSERT INTO users (username, email, password_hash, email_verified, created_at) VALUES (?, ?, 'x', 1, ?) RETURNING id",
      args: [person.username, person.email ?? `${person.username}@bench.invalid`, person.createdAt ?? now],
    })),
  );
  const ids = inserted.map((result) => Number(result.rows[0]!.id));
  const profiles = people.flatMap((person, i) =>
    person.name === undefined
      ? []
      : [{ sql: "INSERT INTO profiles (user_id, name) VALUES (?, ?)", args: [ids[i]!, person.name] }],
  );
  await inChunks(db, profiles);
  return ids;
}

/** A bearer token of `userId` signed with the secret the bench's server was started with. */
export function benchToken(userId: number, secret: string): Promise<string> {
  return issueToken({ userId, tokenVersion: 0 }, secret, Date.now());
}
