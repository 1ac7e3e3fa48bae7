// npm run moderator -- add <email> | add --admin <email> | remove <email>
// Grants or revokes moderation roles on the server's database (DATABASE_URL, or DATA_DIR's
// dishcovery.db as the server opens it), the only way besides an admin on the web
// (docs/moderation.md). Each change is written to the moderation log as "cli".
import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import { parseEnv, type Env } from "../src/server/api/config.ts";
import { openDatabase } from "../src/server/api/db/node-client.ts";
import { runModeratorCommand } from "../src/server/api/services/moderator-command.ts";
import { databaseUrl } from "../src/server/hosts/node-deps.ts";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let env: Env;
try {
  env = parseEnv(process.env);
} catch (error) {
  fail((error as Error).message);
}
const url = databaseUrl(env);
// Opening a missing file would create an empty database and report "no such account":
// a moderator typing in the wrong folder must hear that the database is not there.
if (url.startsWith("file:")) {
  const path = resolve(decodeURIComponent(url.slice("file:".length).split("?")[0]!));
  if (!existsSync(path)) {
    fail(
      `No Dishcovery database at ${relative(process.cwd(), path) || path}. Run this from the ` +
        "project folder the server runs in, after it has started once (npm start), or set " +
        "DATA_DIR or DATABASE_URL to the server's. Nothing changed.",
    );
  }
}
const { db, client } = await openDatabase(url, env.DATABASE_AUTH_TOKEN);
try {
  const result = await runModeratorCommand(db, process.argv.slice(2), Date.now());
  console[result.ok ? "log" : "error"](result.message);
  process.exitCode = result.ok ? 0 : 1;
} catch (error) {
  // drizzle wraps the driver's error ("Failed query: …"): the reason is in its cause.
  const reasons = [error, (error as Error).cause].map((e) => (e instanceof Error ? e.message : ""));
  console.error(
    reasons.some((reason) => /no such table/i.test(reason))
      ? "That database has no Dishcovery tables yet: start the server once (npm start) or run npm run db:migrate. Nothing changed."
      : `Could not change the role: ${reasons.filter(Boolean).at(-1)}. Nothing changed.`,
  );
  process.exitCode = 1;
} finally {
  client.close();
}
