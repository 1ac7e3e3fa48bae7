// Node host: one process serves the built static site (dist/) and the API on one port.
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createApp } from "./app.ts";
import { parseEnv } from "./config.ts";
import { createNodeDeps, log } from "./node-deps.ts";
import { staticSite } from "./static-site.ts";
import { siteSecurityHeadersMiddleware } from "./http/site-security-headers.ts";

export async function startNodeServer(source: Record<string, string | undefined> = process.env) {
  const env = parseEnv(source);
  const { deps, client } = await createNodeDeps(env);
  const server = new Hono();
  const app = createApp(deps);
  server.route("/", app);
  server.use("*", siteSecurityHeadersMiddleware({ root: env.SITE_DIR, production: deps.config.production, log }));
  server.use("*", staticSite({ root: env.SITE_DIR }));
  // A mounted app's notFound does not carry over: unmatched /api paths get the API's own
  // enveloped 404 rather than Hono's plain-text one.
  server.notFound((c) => app.fetch(c.req.raw, c.env));

  const listener = serve({ fetch: server.fetch, port: env.PORT, hostname: env.HOST }, (info) =>
    log("info", `Dishcovery is listening on http://localhost:${info.port}`),
  );
  const stop = () => {
    listener.close();
    client.close();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  return { listener, deps, stop };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await startNodeServer();
}
