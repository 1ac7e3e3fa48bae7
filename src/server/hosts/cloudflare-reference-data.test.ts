// Issue 34: the Cloudflare host reads the reference data (stations, postcode districts, the
// common-password list) from the built site through the ASSETS binding, once per isolate, and
// the API answers from it as the Node host does from disk. workerd's asset server cannot run
// here, so a minimal fetcher serves the folder the build step writes (copyReferenceData, as
// `astro build` runs it); tests/e2e/edge-replica.spec.ts reads them through the real one.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../domain/account-rules.ts";
import { copyReferenceData } from "../../build/reference-data-integration.ts";
import { diskReferenceData } from "../api/reference-data-disk.ts";
import { REFERENCE_DATA_PATH, REFERENCE_FILES } from "../api/reference-data.ts";
import { createUser, postJson } from "../api/testing/accounts.ts";
import { createTestApp } from "../api/testing/test-app.ts";
import { cloudflareHost, type CloudflareBindings } from "./cloudflare-host.ts";
import type { AssetFetcher } from "./cloudflare-pages.ts";
import { assetsReferenceData } from "./cloudflare-reference-data.ts";

const ORIGIN = "https://dishcovery.example";
const site = mkdtempSync(join(tmpdir(), "dishcovery-assets-"));
copyReferenceData(site);
afterAll(() => rmSync(site, { recursive: true, force: true }));

/** The built site's files by path, as Pages' asset server answers them; counts each read. */
function builtSite(root = site) {
  const asked: string[] = [];
  const assets: AssetFetcher = {
    async fetch(input) {
      const { pathname } = new URL(input instanceof Request ? input.url : input);
      asked.push(pathname);
      const file = join(root, pathname);
      return existsSync(file) ? new Response(readFileSync(file)) : new Response("Not found", { status: 404 });
    },
  };
  return { assets, asked };
}

const bindings = (assets: AssetFetcher): CloudflareBindings => ({
  FILES: {} as never,
  DATABASE_URL: "libsql://dishcovery-example.turso.io",
  JWT_SECRET: "s".repeat(40),
  MAIL_API_URL: "https://mail.example.com/send",
  MAIL_API_KEY: "key",
  PUBLIC_ORIGIN: ORIGIN,
  ASSETS: assets,
});

describe("the Cloudflare host's reference data", () => {
  it("is read from the built site, each file once per isolate, and equals what Node reads from disk", async () => {
    const { assets, asked } = builtSite();
    const host = cloudflareHost(bindings(assets));
    if ("problem" in host) throw new Error(host.problem);
    const [places, again, passwords] = await Promise.all([
      host.deps.referenceData.londonPlaces(),
      host.deps.referenceData.londonPlaces(),
      host.deps.referenceData.commonPasswords(),
    ]);
    await host.deps.referenceData.commonPasswords();
    expect(again).toBe(places);
    expect(asked.sort()).toEqual(
      Object.values(REFERENCE_FILES)
        .map((name) => `${REFERENCE_DATA_PATH}${name}`)
        .sort(),
    );
    const disk = diskReferenceData();
    expect(places.stations).toEqual((await disk.londonPlaces()).stations);
    expect(places.districts).toEqual((await disk.londonPlaces()).districts);
    expect([...passwords]).toEqual([...(await disk.commonPasswords())]);
    expect(places.stationBySlug("angel")?.name).toBe("Angel");
  });

  it("tries a file again on the next request after a failed read", async () => {
    const empty = mkdtempSync(join(tmpdir(), "dishcovery-assets-empty-"));
    try {
      let root = empty;
      const switching: AssetFetcher = { fetch: (input, init) => builtSite(root).assets.fetch(input, init) };
      const data = assetsReferenceData(switching, ORIGIN);
      await expect(data.commonPasswords()).rejects.toThrow(
        `${REFERENCE_DATA_PATH}${REFERENCE_FILES.commonPasswords} answered 404`,
      );
      root = site;
      expect((await data.commonPasswords()).has("password")).toBe(true);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe("the API over the Cloudflare host's reading of the reference data", () => {
  const app = createTestApp({ referenceData: assetsReferenceData(builtSite().assets, ORIGIN) });
  afterAll(async () => (await app).close());

  it("refuses a common password (a password change: the same check as sign-up and reset)", async () => {
    const t = await app;
    const me = await createUser(t);
    const res = await postJson(
      t,
      `/api/account/password/${me.userId}`,
      { currentPassword: me.password, newPassword: "Password123" },
      me.authorization,
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { data: { fields: Record<string, string> } }).data.fields).toEqual({
      newPassword: ACCOUNT_MESSAGES.passwordCommon,
    });
  });

  it("suggests stations and districts, and reads near a station or district it knows", async () => {
    const t = await app;
    const suggest = await t.app.request("/api/places/suggest?q=angel");
    expect(suggest.status).toBe(200);
    const suggestions = ((await suggest.json()) as { data: { kind: string; value: string }[] }).data;
    expect(suggestions).toContainEqual(expect.objectContaining({ kind: "station", value: "angel" }));
    expect((await t.app.request("/api/restaurants/top?station=angel&topNum=5")).status).toBe(200);
    expect((await t.app.request("/api/dishes/top?district=N1&topNum=5")).status).toBe(200);
    const unknown = await t.app.request("/api/restaurants/top?station=no-such-station&topNum=5");
    expect(unknown.status).toBe(400);
  });
});
