import { OpenAPIHono } from "@hono/zod-openapi";
import { validationHook } from "./validation.ts";

/** A router whose invalid input answers 400 in the envelope, naming the parameter. */
export function createRouter() {
  return new OpenAPIHono({ defaultHook: validationHook });
}

type DocumentConfig = Parameters<OpenAPIHono["getOpenAPI31Document"]>[0];
type Operation = { operationId?: string; security?: unknown[] };

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const;

/**
 * A client generator names each function from its operationId. Deriving it here from the
 * method and path keeps ~90 route declarations free of a second name that could drift from
 * their path; a route that wants another name declares `operationId` and keeps it.
 * "GET /dishes/{id}" is getDishesById, "POST /registrations/early-access" is
 * postRegistrationsEarlyAccess. Stable while the path is: renaming a path renames its function.
 */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ["by", param[1]!] : [segment];
    })
    .flatMap((word) => word.split(/[^A-Za-z0-9]+/).filter(Boolean));
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join("");
}

/**
 * Every operation gets an operationId (operationIdFor, unless the route names one) and an
 * explicit `security`: a route that declares no bearer security is public, and `[]` says so
 * instead of leaving readers to guess (Redocly's security-defined rule).
 */
export function withOperationDefaults<T extends { paths?: object }>(document: T): T {
  for (const [path, item] of Object.entries(document.paths ?? {}) as [string, Record<string, Operation>][]) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      item[method] = {
        operationId: operationIdFor(method, path),
        ...operation,
        security: operation.security ?? [],
      };
    }
  }
  return document;
}

/** Serves the router's OpenAPI 3.1 document at `path`, each operation completed as above. */
export function serveOpenApiDocument(router: OpenAPIHono, path: string, config: DocumentConfig): void {
  router.get(path, (c) => c.json(withOperationDefaults(router.getOpenAPI31Document(config))));
}
