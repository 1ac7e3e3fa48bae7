// functions/api/[[route]].ts, the Cloudflare host: a missing or bad setting answers the
// envelope with 503 and names what is missing in the log, never a stack trace.
import { afterEach, describe, expect, it, vi } from "vitest";
import { onRequest } from "../../../functions/api/[[route]].ts";
import { cloudflareSettingsProblem, type CloudflareBindings } from "./cloudflare-host.ts";

const waitUntil = () => {};
const bindings: CloudflareBindings = {
  FILES: {} as never,
  DATABASE_URL: "libsql://dishcovery-example.turso.io",
  JWT_SECRET: "s".repeat(40),
  MAIL_API_URL: "https://mail.example.com/send",
  MAIL_API_KEY: "key",
  PUBLIC_ORIGIN: "https://dishcovery.example",
  ASSETS: { fetch: async () => new Response("Not found", { status: 404 }) },
};

afterEach(() => vi.restoreAllMocks());

describe("the Cloudflare host", () => {
  it("is configured with a remote database, R2, a secret and a mail API", () => {
    expect(cloudflareSettingsProblem(bindings)).toBeUndefined();
    expect(cloudflareSettingsProblem({ ...bindings, DATABASE_URL: undefined, DB: {} as never })).toBeUndefined();
    expect(
      cloudflareSettingsProblem({ ...bindings, MAIL_API_URL: undefined, NODE_ENV: "development", DEV_OUTBOX: "1" }),
    ).toBeUndefined();
  });

  it.each([
    [{ MAIL_API_URL: undefined }, /MAIL_API_URL and MAIL_API_KEY/],
    [{ MAIL_API_KEY: " " }, /MAIL_API_URL and MAIL_API_KEY/],
    [{ JWT_SECRET: undefined }, /JWT_SECRET/],
    [{ JWT_SECRET: "short" }, /JWT_SECRET must be at least 32 characters/],
    [{ DATABASE_URL: undefined }, /the DB binding \(D1\) or DATABASE_URL/],
    [{ DATABASE_URL: "file:./data/dishcovery.db" }, /a file: database cannot be opened in Workers/],
    [{ FILES: undefined }, /the FILES binding/],
    [{ PUBLIC_ORIGIN: undefined }, /PUBLIC_ORIGIN/],
    [{ ASSETS: undefined }, /the ASSETS binding/],
    [{ DEV_OUTBOX: "1", MAIL_API_URL: undefined }, /DEV_OUTBOX=1 is for development only/],
  ])("answers /api with the 503 envelope and logs what is missing: %o", async (change, named) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const env = { ...bindings, ...change } as CloudflareBindings;
    const res = await onRequest({ request: new Request("https://x.dev/api/health"), env, waitUntil });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ code: 503, message: "Service unavailable", data: null });
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toMatch(named);
    // Named, never the values.
    expect(String(error.mock.calls[0]![0])).not.toContain("s".repeat(40));
  });
});
