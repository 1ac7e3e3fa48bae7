// What `npm run moderator` does (scripts/moderator.ts), as a function the tests call: parse
// the arguments, set the role, and say what happened in one line.
import type { Role } from "../../../domain/moderation.ts";
import type { Database } from "../db/client.ts";
import { setRole, UnknownAccountError } from "./moderation-roles.ts";

export const MODERATOR_USAGE =
  "Usage: npm run moderator -- add <email> | add --admin <email> | remove <email>";

export async function runModeratorCommand(
  db: Database,
  args: readonly string[],
  now: number,
): Promise<{ ok: boolean; message: string }> {
  const [command, ...rest] = args;
  const admin = rest.includes("--admin");
  const emails = rest.filter((arg) => arg !== "--admin");
  if ((command !== "add" && command !== "remove") || emails.length !== 1 || (admin && command !== "add")) {
    return { ok: false, message: MODERATOR_USAGE };
  }
  const email = emails[0]!.trim().toLowerCase();
  const role: Role = command === "remove" ? "user" : admin ? "admin" : "moderator";
  try {
    const { before, after } = await setRole(db, email, role, { id: null, label: "cli" }, now);
    const what =
      before === after
        ? `${email} is already ${article(after)}; nothing changed.`
        : `${email} is now ${article(after)} (was ${article(before)}).`;
    return { ok: true, message: what };
  } catch (error) {
    if (error instanceof UnknownAccountError) {
      return { ok: false, message: `No account has the e-mail address ${email}. Nothing changed.` };
    }
    throw error;
  }
}

const article = (role: Role) =>
  role === "user" ? "a plain user" : role === "admin" ? "an admin" : "a moderator";
