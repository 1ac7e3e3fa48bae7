import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { pingDatabase } from "../db/queries/health-reads.ts";
import type { AppDeps } from "../deps.ts";
import { createRouter } from "../http/router.ts";

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  summary: "Liveness and database readiness for load balancers",
  responses: {
    200: {
      description: "Healthy",
      content: {
        "application/json": {
          schema: z.object({ code: z.number(), message: z.string(), data: z.object({ status: z.string() }) }),
        },
      },
    },
    503: { description: "The database cannot be reached" },
  },
});

export function healthRoutes({ db }: AppDeps) {
  return createRouter().openapi(healthRoute, async (c) => {
    try {
      await pingDatabase(db);
    } catch {
      return c.json({ code: 503, message: "Database unavailable", data: { status: "down" } }, 503);
    }
    return c.json({ code: 200, message: "success", data: { status: "ok" } }, 200);
  });
}
