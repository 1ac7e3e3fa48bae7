// The typed API client (src/shared/api-client.ts) over an app in this process: the build's
// pages and the hosts' on-demand pages read what the browser would, through the same client,
// without the network. No timeout: nothing leaves the process.
import { createApiClient, type ApiClient } from "../../shared/api-client.ts";
import type { App } from "../api/app.ts";

/** `app`, or a function that gives it once it exists (the build creates it on first use). */
export function inProcessApiClient(app: App | (() => Promise<App>)): ApiClient {
  return createApiClient({
    fetch:
      typeof app === "function"
        ? async (input, init) => (await app()).request(input, init)
        : (input, init) => app.request(input, init),
    timeoutMs: null,
  });
}
