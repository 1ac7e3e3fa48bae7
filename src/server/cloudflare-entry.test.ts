// functions/api/[[route]].ts, the Cloudflare host: it must not run without a way to mail codes.
import { describe, expect, it } from "vitest";
import { onRequest } from "../../functions/api/[[route]].ts";

const waitUntil = () => {};
const bindings = {
  FILES: {} as never,
  DATABASE_URL: "libsql://dishcovery-example.turso.io",
  JWT_SECRET: "s".repeat(40),
  MAIL_API_URL: "https://mail.example.com/send",
  MAIL_API_KEY: "key",
};

describe("the Cloudflare host", () => {
  it("refuses to serve without a mail API rather than tell users a code was sent", () => {
    for (const missing of [
      { MAIL_API_URL: undefined },
      { MAIL_API_KEY: undefined },
      { MAIL_API_URL: "" },
      { MAIL_API_KEY: " " },
    ]) {
      const env = { ...bindings, ...missing } as unknown as typeof bindings;
      expect(() => onRequest({ request: new Request("https://x.dev/api/health"), env, waitUntil })).toThrow(
        /MAIL_API_URL and MAIL_API_KEY/,
      );
    }
  });
});
