// The OpenAPI document other tools read (issue 25): every operation named and its security
// stated, and no two paths that differ only by a parameter's name.
import { createRoute, z } from "@hono/zod-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { createRouter, operationIdFor, serveOpenApiDocument } from "./router.ts";

type Operation = { operationId: string; security: Record<string, string[]>[] };
type Document = { paths: Record<string, Record<string, Operation>> };

describe("operationIdFor", () => {
  it("names an operation by its method and path, in camelCase", () => {
    expect(operationIdFor("get", "/dishes/top")).toBe("getDishesTop");
    expect(operationIdFor("get", "/dishes/{id}")).toBe("getDishesById");
    expect(operationIdFor("delete", "/posts/like/{postId}")).toBe("deletePostsLikeByPostId");
    expect(operationIdFor("post", "/registrations/early-access")).toBe("postRegistrationsEarlyAccess");
    expect(operationIdFor("get", "/dishes/searchByKeywordLocationTop")).toBe(
      "getDishesSearchByKeywordLocationTop",
    );
  });
});

describe("serveOpenApiDocument", () => {
  it("names every operation and states its security, keeping what a route declares", async () => {
    const ok = { 200: { description: "OK" } };
    const router = createRouter()
      .openapi(
        createRoute({
          method: "get",
          path: "/open/{id}",
          request: { params: z.object({ id: z.string() }) },
          responses: ok,
        }),
        (c) => c.text(""),
      )
      .openapi(
        createRoute({
          method: "post",
          path: "/locked",
          operationId: "lockIt",
          security: [{ bearerAuth: [] }],
          responses: ok,
        }),
        (c) => c.text(""),
      );
    serveOpenApiDocument(router, "/openapi.json", { openapi: "3.1.0", info: { title: "t", version: "1" } });
    const doc = (await (await router.request("/openapi.json")).json()) as Document;
    expect(doc.paths["/open/{id}"]!.get).toMatchObject({ operationId: "getOpenById", security: [] });
    expect(doc.paths["/locked"]!.post).toMatchObject({
      operationId: "lockIt",
      security: [{ bearerAuth: [] }],
    });
  });
});

describe("the app's OpenAPI document", () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await (await t.app.request("/api/openapi.json")).json()) as Document;
  });
  afterAll(() => t.close());

  it("gives every operation a unique operationId and an explicit security", () => {
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBeGreaterThan(80);
    const ids = operations.map((op) => op.operationId);
    expect(ids.every((id) => /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((op) => !Array.isArray(op.security))).toEqual([]);
    expect(doc.paths["/dishes/top"]!.get!.security).toEqual([]);
    expect(doc.paths["/posts/save"]!.post!.security).toEqual([{ bearerAuth: [] }]);
  });

  it("has no two paths that differ only by a parameter's name", () => {
    const shapes = Object.keys(doc.paths).map((path) => path.replace(/\{[^}]+\}/g, "{}"));
    expect(shapes.filter((shape, i) => shapes.indexOf(shape) !== i)).toEqual([]);
  });
});
