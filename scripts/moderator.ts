// npm run moderator -- add <email> | add --admin <email> | remove <email>
// Grants or revokes moderation roles on DATABASE_URL (or ./data), the only way besides an
// admin on the web (docs/moderation.md). Each change is written to the moderation log as "cli".
import { parseEnv } from "../src/server/api/config.ts";
import { openDatabase } from "../src/server/api/db/node-client.ts";
import { runModeratorCommand } from "../src/server/api/services/moderator-command.ts";
import { databaseUrl } from "../src/server/hosts/node-deps.ts";

const env = parseEnv(process.env);
const { db, client } = await openDatabase(databaseUrl(env), env.DATABASE_AUTH_TOKEN);
try {
  const result = await runModeratorCommand(db, process.argv.slice(2), Date.now());
  console[result.ok ? "log" : "error"](result.message);
  process.exitCode = result.ok ? 0 : 1;
} finally {
  client.close();
}
