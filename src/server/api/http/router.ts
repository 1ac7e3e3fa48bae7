import { OpenAPIHono } from "@hono/zod-openapi";
import { validationHook } from "./validation.ts";

/** A router whose invalid input answers 400 in the envelope, naming the parameter. */
export function createRouter() {
  return new OpenAPIHono({ defaultHook: validationHook });
}
