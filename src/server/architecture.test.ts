// The lint zones that keep the layers honest (eslint.config.js), each shown refusing a bad
// import and letting a good one through, so a change that loosens a zone fails here too.
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
    allowed: 'import { getDish } from "../db/queries/dish-reads.ts";\nimport { postReview } from "../services/reviews.ts";\ngetDish; postReview;',
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
    allowed: 'import type { SQL } from "drizzle-orm";\nimport { recordReviews } from "../db/queries/reviews.ts";\nexport type S = SQL; recordReviews;',
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
