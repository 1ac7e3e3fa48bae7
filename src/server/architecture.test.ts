// The lint zones that keep the layers honest (eslint.config.js), each shown refusing a bad
// import and letting a good one through, so a change that loosens a zone fails here too.
import { readdirSync, readFileSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports")
    .map((message) => message.message);
}

/** `allowedIn`: where the allowed import is linted, when not `file`. */
const cases: { zone: string; file: string; refused: string; allowed: string; allowedIn?: string }[] = [
  {
    zone: "a route writes through a service, never a write query",
    file: "src/server/api/routes/example.ts",
    refused: 'import { recordReviews } from "../db/queries/reviews.ts";\nrecordReviews;',
    allowed:
      'import { getDish } from "../db/queries/dish-reads.ts";\nimport { postReview } from "../services/reviews.ts";\ngetDish; postReview;',
  },
  {
    zone: "a route never reaches the schema or the client",
    file: "src/server/api/routes/example.ts",
    refused: 'import { posts } from "../db/schema.ts";\nposts;',
    allowed: 'import type { Database } from "../db/client.ts";\nexport type D = Database;',
  },
  {
    zone: "a service never builds SQL",
    file: "src/server/api/services/example.ts",
    refused: 'import { sql } from "drizzle-orm";\nsql;',
    allowed:
      'import type { SQL } from "drizzle-orm";\nimport { recordReviews } from "../db/queries/reviews.ts";\nexport type S = SQL; recordReviews;',
  },
  {
    zone: "only src/server/api/db builds SQL: not a host or a page renderer either",
    file: "src/server/pages/example.ts",
    refused: 'import { eq } from "drizzle-orm";\neq;',
    allowed: 'import { sql } from "drizzle-orm";\nsql;',
    allowedIn: "src/server/api/db/queries/example.ts",
  },
  {
    zone: "an island imports server code only as types",
    file: "src/islands/example/Example.tsx",
    refused: 'import { createApp } from "../../server/api/app.ts";\ncreateApp;',
    allowed: 'import type { AppType } from "../../server/api/app.ts";\nexport type A = AppType;',
  },
  {
    zone: "an island imports no other island: what islands share is in src/client",
    file: "src/islands/example/Example.tsx",
    refused: 'import { currentSession } from "../accounts/session.ts";\ncurrentSession;',
    allowed:
      'import { currentSession } from "../../client/session.ts";\nimport { ItemReviews } from "./ItemReviews.tsx";\ncurrentSession; ItemReviews;',
  },
  {
    zone: "an island reaches no other island by a longer path either",
    file: "src/islands/example/Example.tsx",
    refused: 'import { PostCard } from "../../islands/social-feed/PostCard.tsx";\nPostCard;',
    allowed: 'import { PostCard } from "../../client/post-card/post-card.tsx";\nPostCard;',
  },
  {
    zone: "src/client imports no island",
    file: "src/client/example.ts",
    refused: 'import { SearchBar } from "../islands/search/SearchBar.tsx";\nSearchBar;',
    allowed:
      'import { api } from "../shared/api-client.ts";\nimport { SIGNED_OUT } from "./screen-parts.tsx";\napi; SIGNED_OUT;',
  },
  {
    zone: "src/client imports server code only as types",
    file: "src/client/example.ts",
    refused: 'import { createApp } from "../server/api/app.ts";\ncreateApp;',
    allowed: 'import type { App } from "../server/api/app.ts";\nexport type A = App;',
  },
  {
    zone: "a component imports no island",
    file: "src/components/layout/example.ts",
    refused: 'import { logOut } from "../../islands/accounts/logout.ts";\nlogOut;',
    allowed: 'import { logOut } from "../../client/logout.ts";\nlogOut;',
  },
  {
    zone: "src/shared imports nothing of src/client",
    file: "src/shared/example.ts",
    refused: 'import { currentSession } from "../client/session.ts";\ncurrentSession;',
    allowed: 'import { REVIEW_MESSAGES } from "../domain/review-rules.ts";\nREVIEW_MESSAGES;',
  },
  {
    zone: "a service never reaches a host",
    file: "src/server/api/services/example.ts",
    refused: 'import { cloudflareHost } from "../../hosts/cloudflare-host.ts";\ncloudflareHost;',
    allowed: 'import { createApp } from "../app.ts";\ncreateApp;',
  },
  {
    zone: "a route never reaches a page renderer",
    file: "src/server/api/routes/example.ts",
    refused:
      'import { renderCataloguePage } from "../../pages/catalogue-page-render.ts";\nrenderCataloguePage;',
    allowed: 'import { createRestaurant } from "../services/catalogue.ts";\ncreateRestaurant;',
  },
  {
    zone: "the API's db and app never reach a host or a page renderer",
    file: "src/server/api/db/example.ts",
    refused:
      'import { inProcessApiClient } from "../../pages/in-process-api-client.ts";\ninProcessApiClient;',
    allowed: 'import { sql } from "drizzle-orm";\nsql;',
  },
  {
    zone: "the API's app never reaches a host",
    file: "src/server/api/app-example.ts",
    refused: 'import { startNodeServer } from "../hosts/node.ts";\nstartNodeServer;',
    allowed: 'import { createApp } from "./app.ts";\ncreateApp;',
  },
  {
    zone: "a page renderer never reaches a host",
    file: "src/server/pages/example.ts",
    refused: 'import { cloudflareHost } from "../hosts/cloudflare-host.ts";\ncloudflareHost;',
    allowed:
      'import type { App } from "../api/app.ts";\nimport { matchPagePath } from "./page-routes.ts";\nexport type A = App; matchPagePath;',
  },
  {
    zone: "the domain imports nothing of ours and does no I/O",
    file: "src/domain/example.ts",
    refused: 'import { readFileSync } from "node:fs";\nreadFileSync;',
    allowed: "export const EXAMPLE = 1;",
  },
];

describe("lint zones", () => {
  for (const { zone, file, refused, allowed, allowedIn = file } of cases) {
    it(zone, async () => {
      expect(await restrictedImports(file, refused)).not.toEqual([]);
      expect(await restrictedImports(allowedIn, allowed)).toEqual([]);
    });
  }
});

async function ruleMessages(filePath: string, code: string, ruleId: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === ruleId).map((message) => message.message);
}

describe("one way to query (decision 013)", () => {
  const file = "src/server/api/db/queries/example.ts";
  const preamble = 'import { sql } from "drizzle-orm";\nimport type { Database } from "../client.ts";\n';

  it("refuses the driver's untyped raw readers and writers outside raw-rows.ts", async () => {
    for (const call of [
      "db.all(sql`SELECT 1`)",
      "db.run(sql`SELECT 1`)",
      "tx.get(sql`SELECT 1`)",
      "getRow(db, sql`SELECT 1`)",
    ]) {
      const code = `${preamble}declare const db: Database, tx: Database, getRow: Function;\nexport const q = () => ${call};`;
      expect(await ruleMessages(file, code, "no-restricted-syntax"), call).not.toEqual([]);
    }
  });

  it("lets the builder and rawRows through", async () => {
    const code = `${preamble}import * as z from "../../../../shared/schemas/zod.ts";
import { rawRows } from "../raw-rows.ts";
import { posts } from "../schema.ts";
export const builder = (db: Database) => db.select({ id: posts.id }).from(posts).all();
export const raw = (db: Database) => rawRows(db, z.object({ id: z.number() }), sql\`SELECT \${posts.id} AS id FROM \${posts}\`);`;
    expect(await ruleMessages(file, code, "no-restricted-syntax")).toEqual([]);
  });
});

describe("functions under 150 lines", () => {
  const body = (lines: number) => Array.from({ length: lines }, (_, i) => `  const v${i} = ${i};`).join("\n");

  it("refuses a function of 151 lines in shipped code, and lets one of 150 through", async () => {
    const file = "src/server/api/services/example.ts";
    const long = `export function long() {\n${body(148)}\n  return 0;\n}\n`;
    const short = `export function short() {\n${body(147)}\n  return 0;\n}\n`;
    expect(await ruleMessages(file, long, "max-lines-per-function")).not.toEqual([]);
    expect(await ruleMessages(file, short, "max-lines-per-function")).toEqual([]);
  });
});

// ESLint does not read .astro files, so their imports are held to the layers here: a page
// reads the API at build through the site's data module (decision 004) and nothing else of
// the server; components and layouts reach no server code at all; nothing .astro builds SQL.
describe("the .astro files keep the layers too", () => {
  const root = new URL("../..", import.meta.url).pathname;
  const astroFiles = readdirSync(`${root}src`, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".astro"))
    .map((name) => `src/${name}`);
  const importsOf = (path: string) =>
    [
      ...readFileSync(`${root}${path}`, "utf8").matchAll(/^\s*import\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gm),
    ].map((match) => ({ typeOnly: Boolean(match[1]), from: match[2]! }));
  const SITE_DATA = /(^|\/)server\/hosts\/site-(data|build)\.ts$/;

  it("reads the server only from a page, only through the build's site data", () => {
    expect(astroFiles.length).toBeGreaterThan(40);
    const refused = astroFiles.flatMap((path) =>
      importsOf(path)
        .filter(({ typeOnly, from }) => !typeOnly && /(^|\/)server\//.test(from))
        .filter(({ from }) => !(path.startsWith("src/pages/") && SITE_DATA.test(from)))
        .map(({ from }) => `${path} imports ${from}`),
    );
    expect(refused).toEqual([]);
  });

  it("never imports the query builder", () => {
    const refused = astroFiles.flatMap((path) =>
      importsOf(path)
        .filter(({ from }) => from === "drizzle-orm" || from.startsWith("drizzle-orm/"))
        .map(({ from }) => `${path} imports ${from}`),
    );
    expect(refused).toEqual([]);
  });
});
