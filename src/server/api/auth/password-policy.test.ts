import { describe, expect, it } from "vitest";
import { commonPasswordCount, isCommonPassword, passwordProblem } from "./password-policy.ts";

describe("password policy", () => {
  it("ships at least 3,000 common passwords", () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(3000);
  });

  it.each([["password"], ["PASSWORD1"], ["Qwerty123"], ["iloveyou"], ["12345678"], ["Football"]])(
    "refuses %j, compared lower-cased",
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
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
