// Authorization as an attacker probes it, for every operation in /api/openapi.json: a new route
// is covered the moment it is in the document (issue 10, point 5). The walk itself lives in
// testing/authorization-walk.ts, its reviewed exceptions in testing/authorization-setup.ts and
// testing/authorization-examples.ts; the operations are walked by area in
// authorization-{reviews,people,catalogue}.test.ts, so both unit workers share them. This file
// checks the walk's rules against the document and proves the walk fails when a rule is broken
// on purpose.
import { createRoute, z } from "@hono/zod-openapi";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { assertSelf, authUser, requireUser } from "./auth/require-user.ts";
import { ApiError, envelope } from "./http/envelope.ts";
import { createRouter } from "./http/router.ts";
import {
  checkOperation,
  operationsOf,
  staleRuleEntries,
  userIdFieldsOf,
  type OpenApiDocument,
  type Walker,
  type WalkRules,
} from "./testing/authorization-walk.ts";
import { areaOf, openAuthorizationWalk, WALK_AREAS } from "./testing/authorization-setup.ts";
import { restaurantOwnedBy } from "./testing/owners.ts";

const { t, fixture, doc, operations, rules, walker } = await openAuthorizationWalk();
afterAll(() => t.close());

describe("authorization of every operation in /api/openapi.json", () => {
  it("walks the signed-in operations we know of, and their user ids", () => {
    const bearer = operations.filter((op) => op.bearer).map((op) => op.key);
    expect(bearer).toEqual(
      expect.arrayContaining(["POST /users/logout", "POST /users/save", "GET /users/{id}"]),
    );
  });

  it("keeps its allow-lists current: every entry names an operation that still needs it", () => {
    expect(staleRuleEntries(operations, rules)).toEqual([]);
  });

  it("walks every operation in one area's file, and each area names only paths still in the document", () => {
    const segments = new Set(operations.map((op) => op.path.split("/")[1]));
    const named = [...WALK_AREAS.reviews, ...WALK_AREAS.people];
    expect(named.filter((segment) => !segments.has(segment))).toEqual([]);
    // areaOf answers an area for any operation (catalogue takes the rest): none is empty.
    const walked = new Set(operations.map((op) => areaOf(op)));
    expect([...walked].sort()).toEqual(Object.keys(WALK_AREAS).sort());
  });

  it("counts acting-user fields wherever they are: POST /users/save names the caller twice", async () => {
    const save = operations.find((op) => op.key === "POST /users/save")!;
    expect(userIdFieldsOf(save, doc)).toEqual([
      { in: "body", name: "id" },
      { in: "body", name: "userId" },
    ]);
  });
});

// Routes broken on purpose, each the way a real route could be, mounted in a small app over
// the same database and token secret: the walk must name every one of them.
describe("the walk fails for a route that breaks a rule", () => {
  const bearer = [{ bearerAuth: [] }];
  const ok = { 200: { description: "ok" } };
  const jsonBody = <T extends z.ZodType>(schema: T) => ({
    body: { required: true, content: { "application/json": { schema } } },
  });
  const probe = createRouter();
  probe.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
  });
  probe
    // Right: declared, enforced, checks the acting user.
    .openapi(
      createRoute({
        method: "post",
        path: "/probe/right",
        security: bearer,
        middleware: [requireUser(t.deps)] as const,
        request: jsonBody(z.object({ userId: z.number().int().positive(), note: z.string().min(1) })),
        responses: ok,
      }),
      (c) => {
        assertSelf(c, c.req.valid("json").userId);
        return c.json(envelope(null), 200);
      },
    )
    // Declares bearer security but someone dropped requireUser.
    .openapi(
      createRoute({
        method: "post",
        path: "/probe/no-require-user",
        security: bearer,
        request: jsonBody(z.object({ note: z.string().min(1) })),
        responses: ok,
      }),
      (c) => c.json(envelope(null), 200),
    )
    // A write with no security at all, not on the allow-list.
    .openapi(createRoute({ method: "post", path: "/probe/open-write", responses: ok }), (c) =>
      c.json(envelope(null), 200),
    )
    // Signed in, but trusts the userId in the body.
    .openapi(
      createRoute({
        method: "post",
        path: "/probe/trusts-body",
        security: bearer,
        middleware: [requireUser(t.deps)] as const,
        request: jsonBody(z.object({ userId: z.number().int().positive() })),
        responses: ok,
      }),
      (c) => c.json(envelope(null), 200),
    )
    // Signed in, but the user id in the path is another user's own profile.
    .openapi(
      createRoute({
        method: "post",
        path: "/profiles/updateBio/{userId}",
        security: bearer,
        middleware: [requireUser(t.deps)] as const,
        request: { params: z.object({ userId: z.coerce.number().int().positive() }) },
        responses: ok,
      }),
      (c) => c.json(envelope({ who: authUser(c).id }), 200),
    )
    // Enforces a token without declaring it.
    .openapi(
      createRoute({
        method: "get",
        path: "/probe/undeclared",
        middleware: [requireUser(t.deps)] as const,
        responses: ok,
      }),
      (c) => c.json(envelope(null), 200),
    )
    // Allowed to name another user, but answers with their e-mail, to a visitor too.
    .openapi(
      createRoute({
        method: "get",
        path: "/probe/leaky/{userId}",
        request: { params: z.object({ userId: z.coerce.number().int().positive() }) },
        responses: ok,
      }),
      async (c) => c.json(envelope(await emailOf(c.req.valid("param").userId)), 200),
    )
    // Allowed to name another user, signed in; its example names a fixture user.
    .openapi(
      createRoute({
        method: "post",
        path: "/users/{id}/poke",
        security: bearer,
        middleware: [requireUser(t.deps)] as const,
        request: { params: z.object({ id: z.coerce.number().int().positive() }) },
        responses: ok,
      }),
      async (c) => c.json(envelope(await emailOf(c.req.valid("param").id)), 200),
    )
    // Allowed to name another user, but never gets as far as reading them.
    .openapi(
      createRoute({
        method: "get",
        path: "/probe/gone/{userId}",
        request: { params: z.object({ userId: z.coerce.number().int().positive() }) },
        responses: ok,
      }),
      (c) => c.json(envelope(null, 404, "No such user"), 404),
    )
    // A moderation call that checks the token but forgot the role (issue 21).
    .openapi(
      createRoute({
        method: "get",
        path: "/moderation/probe",
        security: bearer,
        middleware: [requireUser(t.deps)] as const,
        responses: ok,
      }),
      (c) => c.json(envelope(null), 200),
    )
    // A body the generator cannot satisfy, and no example for it.
    .openapi(
      createRoute({
        method: "post",
        path: "/probe/odd-body",
        security: bearer,
        middleware: [requireUser(t.deps)] as const,
        request: jsonBody(z.object({ ticket: z.string().regex(/^TKT-[0-9]{4}-Q$/) })),
        responses: ok,
      }),
      (c) => c.json(envelope(null), 200),
    );
  probe.doc31("/openapi.json", { openapi: "3.1.0", info: { title: "probe", version: "1" } });
  const app = new Hono();
  app.route("/api", probe);
  app.onError((error, c) => {
    if (!(error instanceof ApiError)) throw error;
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(envelope(null, error.status, error.message), error.status);
  });

  async function emailOf(userId: number) {
    const row = await t.db.$client.execute({ sql: "select email from users where id = ?", args: [userId] });
    return { email: String(row.rows[0]?.email) };
  }

  async function problemsOf(key: string, extraRules: Partial<WalkRules> = {}) {
    const probeDoc = (await (await app.request("/api/openapi.json")).json()) as OpenApiDocument;
    const op = operationsOf(probeDoc).find((o) => o.key === key);
    if (!op) throw new Error(`${key} is not in the probe document`);
    const probeWalker: Walker = {
      ...walker,
      doc: probeDoc,
      request: async (url, init) => app.request(url, init),
      rules: { ...rules, publicWrites: {}, otherUserAllowed: {}, examples: {}, ...extraRules },
    };
    return checkOperation(probeWalker, op);
  }

  it("fails a moderation route that lets a plain user through, or has no role rule", async () => {
    expect(
      await problemsOf("GET /moderation/probe", { roles: { "GET /moderation/probe": "moderator" } }),
    ).toContainEqual(
      expect.stringMatching(/^a plain user's valid request: answered 200 .* instead of 403$/s),
    );
    expect(await problemsOf("GET /moderation/probe")).toContainEqual(
      "is a moderation operation without an entry in the walk's roles",
    );
  });

  it("fails a moderation route that lets a moderator decide their own case", async () => {
    const key = "GET /moderation/probe";
    const relationships = { [key]: [{ who: "the review's reporter", make: () => ({}) }] };
    expect(await problemsOf(key, { roles: { [key]: "moderator" }, relationships })).toContainEqual(
      expect.stringMatching(/^the review's reporter: answered 200 .* instead of 403$/s),
    );
  });

  it("passes a route that follows every rule", async () => {
    expect(await problemsOf("POST /probe/right")).toEqual([]);
  });

  it("fails a route that declares bearer security but lost requireUser", async () => {
    const problems = await problemsOf("POST /probe/no-require-user");
    for (const kind of ["none", "forged", "expired", "no exp", "alg none", "logged out"]) {
      expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^${kind} token: answered 200`)));
    }
  });

  it("fails a write without security unless it is allow-listed", async () => {
    expect(await problemsOf("POST /probe/open-write")).toEqual([
      expect.stringContaining("writes but declares no bearer security"),
    ]);
    expect(
      await problemsOf("POST /probe/open-write", { publicWrites: { "POST /probe/open-write": "test" } }),
    ).toEqual([]);
  });

  it("fails a route that acts for whichever user the body or path names", async () => {
    expect(await problemsOf("POST /probe/trusts-body")).toContainEqual(
      expect.stringContaining("body userId naming another user: answered 200 instead of 403"),
    );
    expect(await problemsOf("POST /profiles/updateBio/{userId}")).toContainEqual(
      expect.stringContaining("path userId naming another user: answered 200 instead of 403"),
    );
  });

  it("fails a route allowed to name another user that shows their e-mail, or answers no 2xx", async () => {
    const allowed = (key: string) => ({ otherUserAllowed: { [key]: "test" } });
    expect(await problemsOf("GET /probe/leaky/{userId}", allowed("GET /probe/leaky/{userId}"))).toEqual([
      expect.stringMatching(/^path userId naming another user without a token: the answer carries their /),
      expect.stringMatching(/^path userId naming another user as a stranger: the answer carries their /),
    ]);
    // The user the walk names wins over the example's fixture user, or the leak would go unseen.
    const poke = await problemsOf("POST /users/{id}/poke", {
      ...allowed("POST /users/{id}/poke"),
      examples: { "POST /users/{id}/poke": () => ({ path: { id: fixture.userIds.ada } }) },
    });
    expect(poke).toEqual([expect.stringMatching(/^path id naming another user: the answer carries their /)]);
    expect(await problemsOf("GET /probe/gone/{userId}", allowed("GET /probe/gone/{userId}"))).toEqual([
      expect.stringMatching(/^path userId naming another user without a token: answered 404, not 2xx/),
      expect.stringMatching(/^path userId naming another user as a stranger: answered 404, not 2xx/),
    ]);
  });

  it("fails a route that asks for a token without declaring it", async () => {
    expect(await problemsOf("GET /probe/undeclared")).toEqual([
      expect.stringContaining("does not declare bearer security"),
    ]);
  });

  it("fails a route it cannot build a valid request for, until the route has an example", async () => {
    expect(await problemsOf("POST /probe/odd-body")).toEqual([
      expect.stringContaining("cannot build a valid request"),
    ]);
    const withExample = await problemsOf("POST /probe/odd-body", {
      examples: { "POST /probe/odd-body": () => ({ body: { ticket: "TKT-2026-Q" } }) },
    });
    expect(withExample).toEqual([]);
  });
});

// Issue 29: the person who listed a restaurant is no owner of it. The walk sends each owner
// operation as the lister too; this probe trusts created_by as the listing bug did, and fails.
describe("the walk fails for an owner route that lets the person who listed the place through", () => {
  const probe = createRouter();
  probe.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
  });
  probe.openapi(
    createRoute({
      method: "put",
      path: "/probe/restaurants/{id}/listed",
      security: [{ bearerAuth: [] }],
      middleware: [requireUser(t.deps)] as const,
      request: { params: z.object({ id: z.coerce.number().int().positive() }) },
      responses: { 200: { description: "ok" } },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const me = authUser(c).id;
      const row = await t.db.$client.execute({
        sql: `select (select user_id from restaurant_owners where restaurant_id = ? and active = 1) as owner,
          (select created_by from restaurants where id = ?) as lister`,
        args: [id, id],
      });
      const { owner, lister } = row.rows[0]!;
      if (Number(owner) !== me && Number(lister) !== me) throw new ApiError(403, "Not yours");
      return c.json(envelope(null), 200);
    },
  );
  probe.doc31("/openapi.json", { openapi: "3.1.0", info: { title: "probe", version: "1" } });
  const app = new Hono();
  app.route("/api", probe);
  app.onError((error, c) => {
    if (!(error instanceof ApiError)) throw error;
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(envelope(null, error.status, error.message), error.status);
  });

  it("names the lister's request as answered 200 instead of 403", async () => {
    const key = "PUT /probe/restaurants/{id}/listed";
    const probeDoc = (await (await app.request("/api/openapi.json")).json()) as OpenApiDocument;
    const op = operationsOf(probeDoc).find((o) => o.key === key)!;
    const problems = await checkOperation(
      {
        ...walker,
        doc: probeDoc,
        request: async (url, init) => app.request(url, init),
        rules: {
          ...rules,
          roles: { [key]: "owner" },
          examples: {
            [key]: async ({ userId }) => ({ path: { id: await restaurantOwnedBy(t, fixture, userId) } }),
          },
        },
      },
      op,
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^the person who listed the restaurant's request for the owner's restaurant: answered 200 .* instead of 403$/s,
      ),
    ]);
  });
});
