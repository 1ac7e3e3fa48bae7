// Test apps hash passwords at a cheap scrypt cost (TEST_SCRYPT_PARAMS); this holds that cost
// out of production, where the configuration refuses it and no app starts with it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { users } from "../db/schema.ts";
import { clientFromTestHeader, signUp } from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { passwordCost, SCRYPT_PARAMS, TEST_SCRYPT_PARAMS } from "./password.ts";

const storedHashOf = async (t: TestApp, userId: number) =>
  (await t.db.query.users.findFirst({ where: eq(users.id, userId) }))!.passwordHash;

describe("passwordCost", () => {
  it("is SCRYPT_PARAMS unless the configuration names another", () => {
    expect(passwordCost({ production: true })).toEqual(SCRYPT_PARAMS);
    expect(passwordCost({ production: false })).toEqual(SCRYPT_PARAMS);
    expect(passwordCost({ production: false, passwordCost: TEST_SCRYPT_PARAMS })).toEqual(TEST_SCRYPT_PARAMS);
  });

  it("refuses, in production, any cost below SCRYPT_PARAMS in any parameter, and takes a higher one", () => {
    const { N, r, p } = SCRYPT_PARAMS;
    for (const weaker of [TEST_SCRYPT_PARAMS, { N: N / 2, r, p }, { N, r: r - 1, p }, { N, r, p: p - 1 }]) {
      expect(() => passwordCost({ production: true, passwordCost: weaker }), JSON.stringify(weaker)).toThrow(
        /^Refusing scrypt N=\d+ r=\d+ p=\d+ in production/,
      );
    }
    expect(passwordCost({ production: true, passwordCost: { N: N * 2, r, p } })).toEqual({ N: N * 2, r, p });
  });
});

describe("an app's scrypt cost", () => {
  let cheap: TestApp;
  beforeAll(async () => {
    cheap = await createTestApp();
    clientFromTestHeader(cheap);
  });
  afterAll(() => cheap?.close());

  it("never starts in production with the test cost", () => {
    const config = { ...cheap.deps.config, production: true, passwordCost: TEST_SCRYPT_PARAMS };
    expect(() => createApp({ ...cheap.deps, config })).toThrow(/^Refusing scrypt N=16 r=1 p=1 in production/);
  });

  it("is the test cost in a test app, through the real sign-up", async () => {
    const user = await signUp(cheap);
    const { N, r, p } = TEST_SCRYPT_PARAMS;
    expect(await storedHashOf(cheap, user.userId)).toMatch(new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$`));
  });

  it("is SCRYPT_PARAMS in a production test app, through the real sign-up", async () => {
    const production = await createTestApp({ production: true });
    try {
      clientFromTestHeader(production);
      const user = await signUp(production);
      expect(await storedHashOf(production, user.userId)).toMatch(/^scrypt\$16384\$8\$5\$/);
    } finally {
      await production.close();
    }
  });
});
