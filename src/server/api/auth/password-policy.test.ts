import { describe, expect, it } from "vitest";
import { diskReferenceData } from "../reference-data-disk.ts";
import { isCommonPassword, passwordProblem as problemWith } from "./password-policy.ts";

// The list as the Node host reads it (data/common-passwords.txt); the Cloudflare host's reading
// of the same file is checked in src/server/hosts/cloudflare-reference-data.test.ts.
const COMMON = await diskReferenceData().commonPasswords();
const passwordProblem = (password: string, identity: { username?: string; email?: string }) =>
  problemWith(password, identity, COMMON);

describe("password policy", () => {
  it("ships at least 3,000 common passwords", () => {
    expect(COMMON.size).toBeGreaterThanOrEqual(3000);
  });

  it.each([["password"], ["PASSWORD1"], ["Qwerty123"], ["iloveyou"], ["12345678"], ["Football"]])(
    "refuses %j, compared lower-cased",
    (password) => {
      expect(isCommonPassword(password, COMMON)).toBe(true);
      expect(passwordProblem(password, {})).toBe(
        "This password is too common. Please choose a less guessable one.",
      );
    },
  );

  it("accepts an uncommon passphrase without any composition rule", () => {
    expect(
      passwordProblem("saffron rice at midnight", { username: "cook", email: "cook@example.com" }),
    ).toBeUndefined();
    expect(passwordProblem("zqxjkvbw", {})).toBeUndefined();
  });

  it("refuses the username, the address or its local part", () => {
    const identity = { username: "Saffron_Cook", email: "saffron.lover@example.com" };
    expect(passwordProblem("saffron_cook", identity)).toBe(
      "Your password must not be your username or email address.",
    );
    expect(passwordProblem("SAFFRON.LOVER@example.com", identity)).toBeDefined();
    expect(passwordProblem("saffron.lover", identity)).toBeDefined();
  });
});
