// Each browser test file starts once the shared site answers: global-setup.ts seeds, builds and
// starts it in the background, while the unit tests run. Its failure fails every file, with
// the setup's own error.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { SETUP_FAILED } from "./global-setup.ts";

// Seeding and building under a loaded machine: minutes, not seconds.
const WAIT_MS = 15 * 60_000;

const url = inject("siteUrl");
const failed = join(inject("siteDataDir"), SETUP_FAILED);
const deadline = Date.now() + WAIT_MS;
for (;;) {
  if (existsSync(failed)) throw new Error(`The browser tests' site did not start:\n${readFileSync(failed, "utf8")}`);
  const answered = await fetch(`${url}/api/health`).then(
    (res) => res.ok,
    () => false,
  );
  if (answered) break;
  if (Date.now() > deadline) throw new Error(`The browser tests' site did not answer ${url} in ${WAIT_MS / 60_000} minutes`);
  await new Promise((resolve) => setTimeout(resolve, 250));
}
