// The API contract suite (api-contract.ts) against the Node entry: the shared e2e site, whose
// server runs in development with the outbox, and whose build prerenders a bounded set, so
// the suite's dish page is rendered on demand (global-setup.ts).
import { join } from "node:path";
import { apiContract } from "./api-contract.ts";
import { startSite, type Site } from "./harness.ts";
import { nearContract } from "./near-contract.ts";

let site: Site | undefined;

const nodeEntry = () => {
  site ??= startSite();
  return {
    base: site.baseUrl,
    databaseUrl: site.databaseUrl,
    siteDir: join(site.dataDir, "dist"),
    // The shared site's server runs in development (global-setup.ts).
    sendsHsts: false,
    // A built page is served as a file until a write names its item (issue 30, decision 011).
    builtItemPages: "file" as const,
  };
};

apiContract("the Node entry", nodeEntry);
nearContract("the Node entry", nodeEntry);
