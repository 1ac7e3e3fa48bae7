// What browser tests use: the shared site started by global-setup.ts, and Debian's Chromium.
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { inject } from "vitest";

export interface Site {
  baseUrl: string;
  /** The site's data folder: its database is `${dataDir}/dishcovery.db`. */
  dataDir: string;
  databaseUrl: string;
  /** The shared site is stopped by the global teardown; kept for symmetry with other hosts. */
  stop: () => Promise<void>;
}

export function startSite(): Site {
  const dataDir = inject("siteDataDir");
  return {
    baseUrl: inject("siteUrl"),
    dataDir,
    databaseUrl: `file:${join(dataDir, "dishcovery.db")}`,
    stop: async () => {},
  };
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function openBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
