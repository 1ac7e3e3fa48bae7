// What browser tests use: the shared site and the shared Chromium, both started by global-setup.ts.
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, type OpenedDatabase } from "../../src/server/api/db/node-client.ts";
import { connectOrLaunch } from "./browser-helpers.ts";

export interface Site {
  baseUrl: string;
  /** The site's data folder: its database is `${dataDir}/dishcovery.db`. */
  dataDir: string;
  databaseUrl: string;
  /** The shared site is stopped by the global teardown; kept for symmetry with other hosts. */
  stop: () => Promise<void>;
}

let nextClient = Math.floor(Math.random() * 60_000);

/** A loopback address of its own for one browser context or spec file (see global-setup.ts). */
export function newTestClient(): string {
  nextClient = (nextClient + 1) % 65_000;
  return `127.${process.pid % 250}.${Math.floor(nextClient / 250) + 1}.${(nextClient % 250) + 1}`;
}

let fetchNamesClient = false;

export function startSite(): Site {
  const dataDir = inject("siteDataDir");
  if (!fetchNamesClient) {
    // Calls a spec makes with fetch (sign-ups through the API) come from this file's address.
    fetchNamesClient = true;
    const client = newTestClient();
    const plainFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      if (!headers.has("x-test-client")) headers.set("x-test-client", client);
      return plainFetch(input, { ...init, headers });
    };
  }
  return {
    baseUrl: inject("siteUrl"),
    dataDir,
    databaseUrl: `file:${join(dataDir, "dishcovery.db")}`,
    stop: async () => {},
  };
}

export interface SiteUnderTest {
  readonly site: Site;
  readonly browser: Browser;
  readonly database: OpenedDatabase;
}

/**
 * What most specs open first: the shared site, a browser and the site's database, opened in a
 * beforeAll and closed in an afterAll. Call it at the top of the file, before the spec's own
 * hooks (vitest runs beforeAll hooks in the order they were made), and read the fields inside
 * hooks and tests: they throw until the beforeAll has run.
 */
export function useSite(): SiteUnderTest {
  let opened: { site: Site; browser: Browser; database: OpenedDatabase } | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const site = startSite();
    browser = await openBrowser();
    opened = { site, browser, database: await openDatabase(site.databaseUrl) };
  });
  afterAll(async () => {
    opened?.database.client.close();
    await browser?.close();
  });
  const ready = () => {
    if (!opened) throw new Error("useSite's fields are read in hooks and tests, after its beforeAll");
    return opened;
  };
  return {
    get site() {
      return ready().site;
    },
    get browser() {
      return ready().browser;
    },
    get database() {
      return ready().database;
    },
  };
}

export { CHROMIUM_PATH } from "./browser-helpers.ts";

/** The run's Chromium (global-setup.ts), connected to by this file; closing it disconnects. */
export async function openBrowser(): Promise<Browser> {
  const browser = await connectOrLaunch(inject("browserEndpoint"));
  // Each context is its own client (see newTestClient), as each person is.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) =>
    newContext({
      ...options,
      extraHTTPHeaders: { "x-test-client": newTestClient(), ...options.extraHTTPHeaders },
    });
  return browser;
}

/**
 * Waits until every island on the page is live. Islands marked `client:interaction` (the home
 * page's search bar) wait for someone to reach them, so they are reached first, by a focusin
 * as a keyboard user's Tab would send; Astro drops `ssr` once a component has hydrated.
 */
export async function hydrateIslands(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const island of document.querySelectorAll('astro-island[client="interaction"][ssr]')) {
      island.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    }
  });
  await page.waitForFunction(() => document.querySelectorAll("astro-island[ssr]").length === 0);
}
