// GET /dev/outbox: the development mailer's messages, newest first, so a person or a browser
// test can read a verification code without a mail server. 404 in production, and wherever
// mail really leaves (SMTP or a mail API), so it can never expose real mail.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppDeps } from "../deps.ts";
import { ApiError, envelope } from "../http/envelope.ts";
import { envelopeOf, failure, jsonContent } from "./account-http.ts";

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
    404: { description: "Production, or mail is really sent", content: jsonContent(failure) },
  },
});

export function devOutboxRoutes(deps: AppDeps) {
  return new OpenAPIHono().openapi(outboxRoute, (c) => {
    if (deps.config.production || !deps.outbox) throw new ApiError(404);
    const messages = [...deps.outbox()]
      .reverse()
      .map(({ to, subject, text, html, sentAt }) => ({ to, subject, text, html, sentAt }));
    c.header("cache-control", "no-store");
    return c.json(envelope(messages), 200);
  });
}
