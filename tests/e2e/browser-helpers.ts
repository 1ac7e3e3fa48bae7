// The Chromium every browser test drives: Debian's, launched once per run by global-setup.ts and
// shared by every spec file, each connecting over its websocket (harness.ts's openBrowser).
// A launch per file cost about a second of the two cores each, 45 times a run; each file still
// gets its own connection, and closing it closes only the contexts that file made.
import { chromium, type Browser, type BrowserServer, type LaunchOptions } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_OPTIONS: LaunchOptions = {
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
};

/** The run's browser, for global-setup.ts: specs connect to its wsEndpoint(). */
export function launchSharedChromium(): Promise<BrowserServer> {
  return chromium.launchServer(CHROMIUM_OPTIONS);
}

/** A connection to the run's browser, or, where no run provided one, a browser of its own. */
export function connectOrLaunch(endpoint: string | undefined): Promise<Browser> {
  return endpoint ? chromium.connect(endpoint) : chromium.launch(CHROMIUM_OPTIONS);
}
