// npm run db:migrate — applies the committed drizzle migrations to DATABASE_URL or ./data.
import { parseEnv } from "../src/server/config.ts";
import { migrateDatabase, openDatabase } from "../src/server/db/node-client.ts";
import { databaseUrl } from "../src/server/node-deps.ts";

const env = parseEnv(process.env);
const { db, client } = await openDatabase(databaseUrl(env), env.DATABASE_AUTH_TOKEN);
await migrateDatabase(db);
client.close();
console.log(`Migrations applied to ${databaseUrl(env)}`);
