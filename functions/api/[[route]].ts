// Cloudflare Pages Functions host for /api: bindings → deps → createApp → app.fetch
// (src/server/hosts/cloudflare-host.ts). The database is D1 or Turso/libSQL over HTTP, files in R2,
// mail through an HTTP mail API (or the development outbox).
import { cloudflareHost, serviceUnavailable, type CloudflareBindings } from "../../src/server/hosts/cloudflare-host.ts";

export const onRequest = async (context: {
  request: Request;
  env: CloudflareBindings;
  waitUntil: (p: Promise<unknown>) => void;
}) => {
  const host = cloudflareHost(context.env);
  // A missing setting is named in the log once; callers get the envelope, never a stack.
  if ("problem" in host) return serviceUnavailable();
  host.origins.add(new URL(context.request.url).origin);
  const response = await host.app.fetch(context.request, context.env, {
    waitUntil: context.waitUntil,
    passThroughOnException: () => {},
    props: undefined,
  });
  // Mail the request handed to deps.mail leaves after the answer: the isolate lives until it has.
  context.waitUntil(host.deps.mail.drain());
  return response;
};
