// The Chromium browser tests drive: Debian's, launched once per vitest worker and shared by the
// spec files that worker runs one after another (vitest.config.ts: isolate false). A launch per
// file cost about a second of the two cores, 45 times a run. Each file's openBrowser() (harness.ts)
// gets the worker's browser; its close() closes the contexts the file made, not the browser,
// which ends with the worker. A browser launched here, not connected to: a download's path()
// is only there for a browser this process launched.
import { chromium, type Browser, type BrowserContext, type LaunchOptions } from "playwright-core";

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

let workerBrowser: Promise<Browser> | undefined;
/** The contexts made since the last file opened the browser: the ones its close() closes. */
let fileContexts = new Set<BrowserContext>();

/**
 * The worker's browser for one spec file. `headersOf` gives each new context's extra headers.
 * Files in a worker run one at a time, so the contexts made after this call are this file's.
 */
export async function workerChromium(headersOf: () => Record<string, string>): Promise<Browser> {
  // A browser that crashed in an earlier file is not this file's failure: launch another.
  if (workerBrowser && !(await workerBrowser.catch(() => undefined))?.isConnected())
    workerBrowser = undefined;
  workerBrowser ??= chromium.launch(CHROMIUM_OPTIONS).then((browser) => {
    // Through newContext, as newPage goes too: every context is counted and named.
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options = {}) => {
      const context = await newContext({
        ...options,
        extraHTTPHeaders: { ...headersOf(), ...options.extraHTTPHeaders },
      });
      fileContexts.add(context);
      context.once("close", () => fileContexts.delete(context));
      return context;
    };
    return browser;
  });
  const browser = await workerBrowser;
  const mine = new Set<BrowserContext>();
  fileContexts = mine;
  browser.close = async () => {
    await Promise.all([...mine].map((context) => context.close()));
  };
  return browser;
}
