// The bench's reference for the by-id rows: a bare node:http server answering
// /api/dishes/{id} and /api/restaurants/{id} with the very SQL getDish and getRestaurant run,
// on a connection opened like the API's (same pragmas, memory-mapped), each row sent as
// JSON. No framework, validation, envelope mapping or cache: what one uncached read costs on
// this machine before any of our own stack, so the by-id ratios can be read against what is
// reachable at all.
import { createServer } from "node:http";
import { fillPlaceholders, sql } from "drizzle-orm";
import Database from "libsql";
import { FILE_PRAGMAS, openDatabase } from "../src/server/api/db/node-client.ts";
import { dishByIdQuery } from "../src/server/api/db/queries/dish-reads.ts";
import { restaurantByIdQuery } from "../src/server/api/db/queries/restaurant-reads.ts";

const url = process.env.DATABASE_URL!;
const { db, client } = await openDatabase(url);
const queries = {
  dishes: dishByIdQuery(db, sql.placeholder("id")).toSQL(),
  restaurants: restaurantByIdQuery(db, sql.placeholder("id")).toSQL(),
};
client.close();

const connection = new Database(url.slice("file:".length));
for (const pragma of FILE_PRAGMAS) connection.exec(`PRAGMA ${pragma}`);
const statements = Object.fromEntries(
  Object.entries(queries).map(([kind, query]) => {
    const statement = connection.prepare(query.sql).raw(true);
    const columns = statement.columns().map((column) => column.name);
    return [kind, { statement, columns, params: query.params }];
  }),
);

createServer((request, response) => {
  const match = /^\/api\/(dishes|restaurants)\/(\d+)$/.exec(request.url ?? "");
  const read = match && statements[match[1]!]!;
  const row =
    read && (read.statement.get(fillPlaceholders(read.params, { id: Number(match[2]) })) as unknown[]);
  if (!read || !row) {
    response.writeHead(404).end();
    return;
  }
  const data = Object.fromEntries(read.columns.map((name, i) => [name, row[i]]));
  const body = JSON.stringify({ code: 200, message: "success", data });
  response.writeHead(200, {
    "content-type": "application/json; charset=UTF-8",
    "content-length": Buffer.byteLength(body),
  });
  response.end(body);
}).listen(Number(process.env.PORT ?? 4401), "127.0.0.1");
