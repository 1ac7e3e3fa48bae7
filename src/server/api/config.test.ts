import { describe, expect, it } from "vitest";
import { passwordCost, SCRYPT_PARAMS, TEST_SCRYPT_PARAMS } from "./auth/password.ts";
import { configuredPasswordCost, listenHost, nodeStartProblem, parseEnv, publicOrigin } from "./config.ts";

describe("parseEnv", () => {
  it("reads an env file's empty values as unset, so the defaults apply", () => {
    // Every line of .env.example left blank, as a fresh copy has them.
    const env = parseEnv({
      PORT: "",
      HOST: "",
      DATABASE_URL: "",
      DATABASE_AUTH_TOKEN: "",
      JWT_SECRET: "",
      SMTP_URL: " ",
      CLIENT_IP_HEADER: "",
      PUBLIC_ORIGIN: "",
      CACHE_TTL_SECONDS: "",
      NODE_ENV: "",
    });
    expect(env).toMatchObject({ PORT: 4321, NODE_ENV: "development", CACHE_TTL_SECONDS: 30 });
    expect(env.JWT_SECRET).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.HOST).toBeUndefined();
    expect(env.CLIENT_IP_HEADER).toBeUndefined();
  });

  it("still refuses a secret that is set but short, naming the variable", () => {
    expect(() => parseEnv({ JWT_SECRET: "short" })).toThrow(/JWT_SECRET/);
  });
});

describe("listenHost", () => {
  it("is loopback in development and every interface in production, unless HOST is set", () => {
    expect(listenHost(parseEnv({}))).toBe("127.0.0.1");
    expect(listenHost(parseEnv({ NODE_ENV: "production" }))).toBe("0.0.0.0");
    expect(listenHost(parseEnv({ HOST: "0.0.0.0" }))).toBe("0.0.0.0");
    expect(listenHost(parseEnv({ NODE_ENV: "production", HOST: "127.0.0.1" }))).toBe("127.0.0.1");
  });
});

describe("publicOrigin", () => {
  it("follows PORT and HOST when PUBLIC_ORIGIN is unset, so another port links to itself", () => {
    expect(publicOrigin(parseEnv({}))).toBe("http://localhost:4321");
    expect(publicOrigin(parseEnv({ PORT: "5050" }))).toBe("http://localhost:5050");
    expect(publicOrigin(parseEnv({ HOST: "0.0.0.0", PORT: "8080" }))).toBe("http://localhost:8080");
    expect(publicOrigin(parseEnv({ HOST: "192.168.1.20", PORT: "8080" }))).toBe("http://192.168.1.20:8080");
    expect(publicOrigin(parseEnv({ HOST: "fe80::1" }))).toBe("http://[fe80::1]:4321");
  });

  it("is PUBLIC_ORIGIN when set, without a trailing slash", () => {
    expect(publicOrigin(parseEnv({ PUBLIC_ORIGIN: "https://dishcovery.london/", PORT: "5050" }))).toBe(
      "https://dishcovery.london",
    );
  });
});

describe("nodeStartProblem", () => {
  it("names PUBLIC_ORIGIN and SMTP_URL in production without them, and nothing otherwise", () => {
    expect(nodeStartProblem(parseEnv({ NODE_ENV: "production", SMTP_URL: "smtp://mail:587" }))).toMatch(
      /PUBLIC_ORIGIN/,
    );
    const origin = { PUBLIC_ORIGIN: "https://dishcovery.london" };
    expect(nodeStartProblem(parseEnv({ NODE_ENV: "production", ...origin }))).toMatch(/SMTP_URL/);
    expect(
      nodeStartProblem(parseEnv({ NODE_ENV: "production", SMTP_URL: "smtp://mail:587", ...origin })),
    ).toBeUndefined();
    expect(nodeStartProblem(parseEnv({}))).toBeUndefined();
  });
});

describe("PASSWORD_COST", () => {
  it("gives a test server the test apps' cheap cost, and is refused in production", () => {
    expect(configuredPasswordCost(parseEnv({}))).toBeUndefined();
    expect(passwordCost({ production: false, passwordCost: configuredPasswordCost(parseEnv({})) })).toEqual(SCRYPT_PARAMS);
    const test = parseEnv({ PASSWORD_COST: "test" });
    expect(configuredPasswordCost(test)).toEqual(TEST_SCRYPT_PARAMS);
    expect(() => parseEnv({ PASSWORD_COST: "cheap" })).toThrow(/PASSWORD_COST/);
    const production = parseEnv({
      NODE_ENV: "production",
      PASSWORD_COST: "test",
      SMTP_URL: "smtp://mail:587",
      PUBLIC_ORIGIN: "https://dishcovery.london",
    });
    expect(nodeStartProblem(production)).toMatch(/^PASSWORD_COST=test is for test servers/);
    expect(() => passwordCost({ production: true, passwordCost: configuredPasswordCost(production) })).toThrow(
      /Refusing scrypt/,
    );
  });
});
