// GET /dev/outbox: the development mailer's messages, newest first, so a person or a browser
// test can read a verification code without a mail server. 404 in production, wherever mail
// really leaves (SMTP or a mail API), and to anyone but this machine: the outbox holds every
// sign-up and reset code, so whoever reads it can take over any account (issue 14).
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import * as z from "zod";
import type { Context } from "hono";
import type { AppDeps } from "../deps.ts";
import { ApiError, envelope } from "../http/envelope.ts";
import { envelopeOf } from "../../../shared/schemas/envelope.ts";
import { failure, jsonContent } from "./route-http.ts";

const outboxRoute = createRoute({
  method: "get",
  path: "/dev/outbox",
  summary: "Development only: mail the outbox mailer kept, newest first",
  responses: {
    200: {
      description: "The outbox",
      content: jsonContent(
        envelopeOf(
          z.array(
            z.object({
              to: z.string(),
              subject: z.string(),
              text: z.string(),
              html: z.string(),
              sentAt: z.number(),
            }),
          ),
        ),
      ),
    },
    404: failure("Production, mail is really sent, or the caller is not on this machine"),
  },
});

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address
    .trim()
    .replace(/^"|"$/g, "")
    .replace(/^\[([^\]]+)\](:\d+)?$/, "$1")
    .replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, "$1")
    .replace(/^::ffff:/i, "");
  return /^127(\.\d{1,3}){3}$/.test(bare) || /^(0{0,4}:){7}0{0,3}1$|^::1$/i.test(bare);
}

/** Addresses a proxy put in the request: a proxied request is not a person at this machine. */
function forwardedAddresses(c: Context): string[] {
  const addresses: string[] = [];
  for (const name of ["x-forwarded-for", "x-real-ip", "cf-connecting-ip", "true-client-ip"]) {
    const value = c.req.header(name);
    if (value !== undefined) addresses.push(...value.split(","));
  }
  const forwarded = c.req.header("forwarded");
  if (forwarded !== undefined) {
    const fors = [...forwarded.matchAll(/for=("[^"]*"|[^;,\s]*)/gi)].map((m) => m[1]!);
    // A Forwarded header without a for= names no one we can check: refuse.
    addresses.push(...(fors.length > 0 ? fors : [""]));
  }
  return addresses;
}

/**
 * Only a client on this machine: the connecting address (or, behind a configured proxy, the
 * address it reports) and every address a proxy added must be loopback. A caller without
 * a known address (no clientIp) is refused.
 */
function fromThisMachine(c: Context, deps: AppDeps): boolean {
  return isLoopback(deps.clientIp?.(c)) && forwardedAddresses(c).every((a) => isLoopback(a));
}

export function devOutboxRoutes(deps: AppDeps) {
  return new OpenAPIHono().openapi(outboxRoute, (c) => {
    if (deps.config.production || !deps.outbox || !fromThisMachine(c, deps)) throw new ApiError(404);
    const messages = [...deps.outbox()]
      .reverse()
      .map(({ to, subject, text, html, sentAt }) => ({ to, subject, text, html, sentAt }));
    c.header("cache-control", "no-store");
    return c.json(envelope(messages), 200);
  });
}
