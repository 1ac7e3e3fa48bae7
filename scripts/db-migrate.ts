// npm run db:migrate — applies the committed drizzle migrations to DATABASE_URL or ./data.
import { parseEnv } from "../src/server/api/config.ts";
import { migrateDatabase, openDatabase } from "../src/server/api/db/node-client.ts";
import { databaseUrl } from "../src/server/hosts/node-deps.ts";

const env = parseEnv(process.env);
const { db, client } = await openDatabase(databaseUrl(env), env.DATABASE_AUTH_TOKEN);
await migrateDatabase(db);
client.close();
console.log(`Migrations applied to ${databaseUrl(env)}`);
