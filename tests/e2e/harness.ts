// What browser tests use: the shared site started by global-setup.ts, and Debian's Chromium.
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { openDatabase, type OpenedDatabase } from "../../src/server/api/db/node-client.ts";
import { workerChromium } from "./browser-helpers.ts";

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

/** The address the current spec file's fetch calls carry, and the file it was made for. */
let fetchClient: { file: string | undefined; address: string } | undefined;

export function startSite(): Site {
  const dataDir = inject("siteDataDir");
  // A worker runs several files (vitest.config.ts: isolate false): each gets its own address.
  const file = expect.getState().testPath;
  if (!fetchClient || fetchClient.file !== file) {
    if (!fetchClient) {
      // Calls a spec makes with fetch (sign-ups through the API) come from this file's address.
      const plainFetch = globalThis.fetch;
      globalThis.fetch = (input, init) => {
        const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
        if (!headers.has("x-test-client")) headers.set("x-test-client", fetchClient!.address);
        return plainFetch(input, { ...init, headers });
      };
    }
    fetchClient = { file, address: newTestClient() };
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

/**
 * Chromium for this spec file: the worker's (browser-helpers.ts), whose close() closes only
 * the contexts the file made. Each context is its own client (see newTestClient), as each
 * person is.
 */
export function openBrowser(): Promise<Browser> {
  return workerChromium(() => ({ "x-test-client": newTestClient() }));
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

/**
 * Waits until the page shows what it loads first, for checks that read the whole page (axe,
 * text spacing, focus under the header, motion): the load event, every island live but those
 * that wait for someone to reach them (client:interaction), and nothing shown still saying it
 * is loading ("Loading…", "Searching for…" in a status) or marked aria-busy. A hidden panel
 * loads when it is first shown (the People tab's suggestions), so it does not count. A
 * condition, not networkidle's half second of quiet.
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.waitForFunction(() => {
    if (document.querySelectorAll('astro-island[ssr]:not([client="interaction"])').length > 0) return false;
    const shown = [...document.querySelectorAll('[aria-busy="true"], [role="status"]')].filter((el) =>
      el.checkVisibility(),
    );
    return !shown.some(
      (el) => el.getAttribute("aria-busy") === "true" || /^(Loading|Searching)\b/.test(el.textContent?.trim() ?? ""),
    );
  });
}
