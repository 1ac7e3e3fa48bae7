// The authorization walk behind src/server/api/authorization.test.ts: it reads the app's OpenAPI
// document and, for every operation in it, builds a valid request from the operation's own
// schema, then tries it the ways an attacker would (no token, bad tokens, another user's id).
// Each check answers a list of problems in words, so one failing route names what is wrong
// and the walk itself can be tested against routes broken on purpose.
import { createHash, randomUUID } from "node:crypto";
import { sign } from "hono/jwt";
import { issueToken, TOKEN_LIFETIME_SECONDS } from "../auth/tokens.ts";
import { createUser, NO_SCRYPT, type TestUser } from "./accounts.ts";
import { listedBy } from "./owners.ts";
import type { TestApp } from "./test-app.ts";

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON Schema from the document is untyped */
type JsonSchema = Record<string, any>;

export type Method = "get" | "post" | "put" | "patch" | "delete";
const METHODS: readonly Method[] = ["get", "post", "put", "patch", "delete"];
const WRITES: ReadonlySet<Method> = new Set(["post", "put", "patch", "delete"]);

export interface Operation {
  /** "POST /users/save": the key of every allow-list and example table. */
  key: string;
  method: Method;
  /** As in the document, relative to /api, with {placeholders}. */
  path: string;
  bearer: boolean;
  writes: boolean;
  spec: JsonSchema;
}

export interface OpenApiDocument {
  paths: Record<string, Partial<Record<Method, JsonSchema>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const spec = item[method];
      if (!spec) continue;
      const security = (spec.security ?? []) as Record<string, unknown>[];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method,
        path,
        bearer: security.some((requirement) => "bearerAuth" in requirement),
        writes: WRITES.has(method),
        spec,
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Who a user id names

/**
 * Fields that name the acting user (architecture brief: "authId, userId, followerId in bodies
 * and {userId} in own-profile paths must equal it"). `id` names a user only on account and
 * profile paths; elsewhere it is a dish, a comment, a post.
 */
const ACTING_USER_FIELDS = new Set(["userId", "authId", "followerId"]);
const USER_PATHS = /^\/(users|profiles)\//;

export interface UserIdField {
  in: "path" | "query" | "body";
  name: string;
}

function namesUser(path: string, name: string): boolean {
  return ACTING_USER_FIELDS.has(name) || (name === "id" && USER_PATHS.test(path));
}

// ---------------------------------------------------------------------------------------------
// Building a valid request from the schema

export class CannotBuild extends Error {}

/** The smallest valid PNG: for multipart file fields. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

export interface BuildContext {
  doc: OpenApiDocument;
  /** The caller: fills every user-id field unless `override` names one. */
  userId: number;
  override?: { field: UserIdField; value: number };
  /** Ids of things other than users, by field name and path (restaurantId → a fixture restaurant). */
  idFor: (name: string, path: string) => number | undefined;
}

export interface RequestParts {
  path?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
}

export interface BuiltRequest {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
  userIdFields: UserIdField[];
}

function resolve(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  let current = schema ?? {};
  for (let depth = 0; current.$ref && depth < 20; depth += 1) {
    const name = String(current.$ref).replace("#/components/schemas/", "");
    current = doc.components?.schemas?.[name] ?? {};
  }
  return current;
}

function stringFits(schema: JsonSchema, value: string): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) return false;
  return true;
}

function stringCandidates(name: string): string[] {
  const unique = randomUUID().slice(0, 8);
  const lower = name.toLowerCase();
  const byName: string[] = [];
  if (lower.includes("email") || lower === "to") byName.push(`probe-${unique}@example.com`);
  if (lower.includes("phone"))
    byName.push(`+4477009${String(Math.floor(Math.random() * 1e5)).padStart(5, "0")}`);
  if (lower.includes("url") || lower.includes("link")) byName.push("https://example.com/probe");
  if (lower.includes("password")) byName.push(`probe password ${unique}`);
  if (lower.includes("name")) byName.push(`probe_${unique}`);
  if (lower.includes("code")) byName.push("ABC234");
  return [
    ...byName,
    `Probe ${unique}`,
    `probe_${unique}`,
    "ABC234",
    `probe-${unique}@example.com`,
    "+447700900123",
    "https://example.com/probe",
    "2026-01-01T00:00:00.000Z",
    "2026-01-01",
    "1",
    "a",
  ];
}

function numberFor(schema: JsonSchema, preferred: number | undefined): number {
  const integer =
    schema.type === "integer" || (Array.isArray(schema.type) && schema.type.includes("integer"));
  let low = -Infinity;
  if (schema.minimum !== undefined) low = schema.minimum;
  if (schema.exclusiveMinimum !== undefined) low = schema.exclusiveMinimum + (integer ? 1 : 0.5);
  let high = Infinity;
  if (schema.maximum !== undefined) high = schema.maximum;
  if (schema.exclusiveMaximum !== undefined) high = schema.exclusiveMaximum - (integer ? 1 : 0.5);
  for (const candidate of [preferred, 1, low, high]) {
    if (candidate !== undefined && Number.isFinite(candidate) && candidate >= low && candidate <= high)
      return candidate;
  }
  throw new CannotBuild(`no number fits ${JSON.stringify(schema)}`);
}

interface ValueContext {
  build: BuildContext;
  operationPath: string;
  /** Set while building a top-level body field or parameter: user-id handling applies there. */
  topLevel?: { in: UserIdField["in"]; name: string };
}

function userIdValue(vc: ValueContext): number | undefined {
  const top = vc.topLevel;
  if (!top || !namesUser(vc.operationPath, top.name)) return undefined;
  const override = vc.build.override;
  if (override && override.field.in === top.in && override.field.name === top.name) return override.value;
  return vc.build.userId;
}

function valueFor(schema: JsonSchema, name: string, vc: ValueContext): unknown {
  const s = resolve(vc.build.doc, schema);
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum.find((v: unknown) => v !== null) ?? s.enum[0];
  for (const union of [s.anyOf, s.oneOf]) {
    if (!Array.isArray(union)) continue;
    let last: unknown;
    for (const option of union) {
      const resolved = resolve(vc.build.doc, option);
      if (resolved.type === "null") continue;
      try {
        return valueFor(resolved, name, vc);
      } catch (error) {
        last = error;
      }
    }
    throw last instanceof Error ? last : new CannotBuild(`no option of ${name} can be built`);
  }
  if (Array.isArray(s.allOf)) {
    const merged = s.allOf.reduce(
      (all: JsonSchema, part: JsonSchema) => {
        const r = resolve(vc.build.doc, part);
        return {
          ...all,
          ...r,
          properties: { ...all.properties, ...r.properties },
          required: [...(all.required ?? []), ...(r.required ?? [])],
        };
      },
      { properties: {}, required: [] },
    );
    return valueFor(merged, name, vc);
  }
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : ["object"];
  const type = types.find((t) => t !== "null") ?? "null";
  switch (type) {
    case "null":
      return null;
    case "boolean":
      return false;
    case "integer":
    case "number":
      return numberFor(s, userIdValue(vc) ?? vc.build.idFor(name, vc.operationPath));
    case "string": {
      if (s.format === "binary") return new File([PNG], "probe.png", { type: "image/png" });
      const userId = userIdValue(vc);
      if (userId !== undefined) return String(userId);
      const id = /(^id|Id)$/.test(name) ? vc.build.idFor(name, vc.operationPath) : undefined;
      const candidates = [
        ...(id === undefined ? [] : [String(id)]),
        ...(s.default === undefined ? [] : [String(s.default)]),
        ...stringCandidates(name),
      ];
      const fit = candidates.find((candidate) => stringFits(s, candidate));
      if (fit === undefined) throw new CannotBuild(`no example string fits ${name} ${JSON.stringify(s)}`);
      return fit;
    }
    case "array": {
      const count = Math.max(1, s.minItems ?? 0);
      return Array.from({ length: count }, () =>
        valueFor(s.items ?? {}, name, { ...vc, topLevel: undefined }),
      );
    }
    case "object": {
      const properties: Record<string, JsonSchema> = s.properties ?? {};
      const required = new Set<string>(s.required ?? []);
      const object: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(properties)) {
        const top =
          vc.topLevel === undefined && name === "<body>" ? { in: "body" as const, name: key } : undefined;
        // User ids are always sent, required or not: that is what the 403 check needs.
        if (!required.has(key) && !(top && namesUser(vc.operationPath, key))) continue;
        object[key] = valueFor(property, key, { ...vc, topLevel: top });
      }
      return object;
    }
    default:
      throw new CannotBuild(`unknown type ${type} for ${name}`);
  }
}

/** The user-id fields an operation takes, in path, query and body. */
export function userIdFieldsOf(op: Operation, doc: OpenApiDocument): UserIdField[] {
  const fields: UserIdField[] = [];
  for (const parameter of (op.spec.parameters ?? []) as JsonSchema[]) {
    if ((parameter.in === "path" || parameter.in === "query") && namesUser(op.path, parameter.name))
      fields.push({ in: parameter.in, name: parameter.name });
  }
  const media = bodyMedia(op);
  if (media) {
    const schema = resolve(doc, media.schema);
    for (const key of Object.keys(schema.properties ?? {})) {
      if (namesUser(op.path, key)) fields.push({ in: "body", name: key });
    }
  }
  return fields;
}

const BODY_TYPES = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"] as const;

function bodyMedia(op: Operation): { type: (typeof BODY_TYPES)[number]; schema: JsonSchema } | undefined {
  const content = op.spec.requestBody?.content as Record<string, { schema?: JsonSchema }> | undefined;
  if (!content) return undefined;
  for (const type of BODY_TYPES) {
    if (content[type]) return { type, schema: content[type].schema ?? {} };
  }
  throw new CannotBuild(`request body types ${Object.keys(content).join(", ")} are not built generically`);
}

function encodeBody(
  type: (typeof BODY_TYPES)[number],
  body: unknown,
): { body: BodyInit; contentType?: string } {
  if (type === "application/json") return { body: JSON.stringify(body), contentType: "application/json" };
  const entries = Object.entries((body ?? {}) as Record<string, unknown>);
  if (type === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams();
    for (const [key, value] of entries) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(key, String(item));
    }
    return { body: form, contentType: "application/x-www-form-urlencoded" };
  }
  const form = new FormData();
  for (const [key, value] of entries) {
    for (const item of Array.isArray(value) ? value : [value]) {
      form.append(
        key,
        item instanceof File ? item : typeof item === "object" ? JSON.stringify(item) : String(item),
      );
    }
  }
  // fetch sets the multipart boundary itself.
  return { body: form };
}

/**
 * A request for `op` that passes its validation: required path and query parameters, user
 * ids (required or not), and the smallest body the schema allows. `example` replaces any
 * part the schema cannot yield (see EXAMPLE_REQUESTS in the test).
 */
export function buildRequest(op: Operation, build: BuildContext, example?: RequestParts): BuiltRequest {
  const vc: ValueContext = { build, operationPath: op.path };
  const pathValues: Record<string, string> = {};
  const query = new URLSearchParams();
  for (const parameter of (op.spec.parameters ?? []) as JsonSchema[]) {
    const where = parameter.in as string;
    const name = parameter.name as string;
    const override = build.override;
    // The user an attacker names wins over the example's, as it does in the body below.
    const exampleValue =
      override?.field.in === where && override.field.name === name
        ? override.value
        : where === "path"
          ? example?.path?.[name]
          : example?.query?.[name];
    const top = { in: where as UserIdField["in"], name };
    const needed = parameter.required || namesUser(op.path, name);
    if (where === "path") {
      pathValues[name] = String(
        exampleValue ?? valueFor(parameter.schema ?? {}, name, { ...vc, topLevel: top }),
      );
    } else if (where === "query" && (needed || exampleValue !== undefined)) {
      const value = exampleValue ?? valueFor(parameter.schema ?? {}, name, { ...vc, topLevel: top });
      for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
    }
  }
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(pathValues[name] ?? ""),
  );
  const headers: Record<string, string> = {};
  const init: BuiltRequest["init"] = { method: op.method.toUpperCase(), headers };
  const media = bodyMedia(op);
  if (media) {
    let body = example?.body ?? valueFor(media.schema, "<body>", vc);
    if (example?.body !== undefined && build.override?.field.in === "body" && typeof body === "object") {
      body = { ...(body as object), [build.override.field.name]: build.override.value };
    }
    const encoded = encodeBody(media.type, body);
    init.body = encoded.body;
    if (encoded.contentType) headers["content-type"] = encoded.contentType;
  }
  const search = query.toString();
  return {
    url: `/api${path}${search ? `?${search}` : ""}`,
    init,
    userIdFields: userIdFieldsOf(op, build.doc),
  };
}

// ---------------------------------------------------------------------------------------------
// Users and the tokens an attacker would try

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

export type BadTokenKind = "none" | "forged" | "expired" | "no exp" | "alg none" | "logged out";
export const BAD_TOKEN_KINDS: readonly BadTokenKind[] = [
  "none",
  "forged",
  "expired",
  "no exp",
  "alg none",
  "logged out",
];

/** The Authorization header for each kind of bad token, for `user` (logged out through the API). */
export async function badAuthorization(
  t: TestApp,
  kind: BadTokenKind,
  user: TestUser,
): Promise<Record<string, string>> {
  const secret = t.deps.config.jwtSecret;
  const now = t.clock.now();
  const iat = Math.floor(now / 1000);
  const claims = { userId: user.userId, tokenVersion: 0 };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  switch (kind) {
    case "none":
      return {};
    case "forged":
      return bearer(await issueToken(claims, `${secret}-but-not-ours`, now));
    case "expired":
      return bearer(await issueToken(claims, secret, now - TOKEN_LIFETIME_SECONDS * 1000 - 1000));
    case "no exp":
      return bearer(await sign({ sub: String(user.userId), ver: 0, iat }, secret, "HS256"));
    case "alg none":
      return bearer(
        `${b64({ alg: "none", typ: "JWT" })}.${b64({ sub: String(user.userId), ver: 0, iat, exp: iat + 3600 })}.`,
      );
    case "logged out": {
      const res = await t.app.request("/api/users/logout", { method: "POST", headers: user.authorization });
      if (res.status !== 200) throw new Error(`logout answered ${res.status}`);
      return user.authorization;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// A fingerprint of everything stored, so a refused call can be shown to have changed nothing

/** Counters a refused call may move by design (rate limits count attempts, refused or not). */
const TABLES_A_REFUSAL_MAY_CHANGE = new Set(["rate_limits", "__drizzle_migrations"]);

/**
 * Every row of every table, each column through SQLite's quote() (exact: a real that 15 digits
 * would round is written in full), in rowid order where the table has one, read as one string
 * per table by one statement: the walk takes a fingerprint before and after every refused call,
 * and building a row object per row in JavaScript made those reads most of the walk's time.
 */
export async function databaseFingerprint(t: TestApp): Promise<string> {
  const client = t.db.$client;
  const columns = await client.execute(
    `select l.name as tbl, l.wr as wr, c.name as col from pragma_table_list l join pragma_table_info(l.name) c
     where l.schema = 'main' and l.type <> 'view' and l.name not like 'sqlite_%' order by l.name, c.cid`,
  );
  const tables = new Map<string, { withoutRowid: boolean; columns: string[] }>();
  for (const row of columns.rows) {
    const name = String(row.tbl);
    if (TABLES_A_REFUSAL_MAY_CHANGE.has(name)) continue;
    const table = tables.get(name) ?? { withoutRowid: Number(row.wr) === 1, columns: [] };
    table.columns.push(`quote(${quoteName(String(row.col))})`);
    tables.set(name, table);
  }
  const reads = [...tables].map(
    ([name, { withoutRowid, columns: cols }]) =>
      `select '${name.replaceAll("'", "''")}' as name, (select group_concat(${cols.join(" || ',' || ")}, char(10)` +
      // A table without rowid is read in its primary key's order.
      `${withoutRowid ? "" : " order by rowid"}) from ${quoteName(name)}) as rows`,
  );
  const hash = createHash("sha256");
  for (const row of (await client.execute(reads.join(" union all "))).rows) {
    hash.update(String(row.name));
    hash.update(String(row.rows ?? ""));
  }
  return hash.digest("hex");
}

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

// ---------------------------------------------------------------------------------------------
// The walk

export interface WalkRules {
  /** Writes that need no account, each with the reason it was allowed. */
  publicWrites: Readonly<Record<string, string>>;
  /** Operations where naming another user is the point (a public profile, a follow target). */
  otherUserAllowed: Readonly<Record<string, string>>;
  /** Request parts for operations whose schema cannot yield a valid request by itself. */
  /** May be async: an edit or a delete needs something the request's own user owns. */
  examples: Readonly<Record<string, (ctx: { userId: number }) => RequestParts | Promise<RequestParts>>>;
  /**
   * The role each moderation operation needs (issue 21): a plain user's valid request must
   * answer 403 and change nothing, the same request by a holder of the role must get through.
   * "signed-in" marks a moderation call any account may make (an appeal). Every operation
   * under /moderation/ must be listed, so a new one cannot forget its role check.
   */
  roles?: Readonly<Record<string, "moderator" | "admin" | "signed-in" | "owner">>;
  /**
   * Issue 29, nobody decides their own case: per operation, people who hold its role and send
   * a request valid for it, yet must be refused (403, nothing changed) for who they are to the
   * item: its reporter, an appellant, the owner of the restaurant, an earlier decider.
   */
  relationships?: Readonly<Record<string, readonly RelationshipCase[]>>;
}

export interface RelationshipCase {
  /** Who the caller is to the item, as a problem names them: "the review's reporter". */
  who: string;
  /** Makes the caller (already holding the operation's role) that person; answers the request. */
  make: (ctx: { userId: number }) => RequestParts | Promise<RequestParts>;
}

export interface Walker {
  t: TestApp;
  doc: OpenApiDocument;
  /** Sends a request to the app under test (the real app, or a deliberately broken one). */
  request: (url: string, init: RequestInit) => Promise<Response>;
  idFor: BuildContext["idFor"];
  /** The caller for operations that need no account. */
  visitor: TestUser;
  rules: WalkRules;
  /** Gives a user a role, for operations in rules.roles. */
  grantRole?: (userId: number, role: "moderator" | "admin") => Promise<void>;
}

/** Statuses that mean the request never reached the operation's logic. */
const REQUEST_REFUSED = new Set([400, 401, 403, 404, 405, 413, 415, 422]);

function withClient(init: BuiltRequest["init"], authorization: Record<string, string>): RequestInit {
  // Each request its own client, so per-client rate limits of one check never leak into another.
  return { ...init, headers: { ...init.headers, ...authorization, "x-test-client": randomUUID() } };
}

async function describeResponse(res: Response): Promise<string> {
  const text = await res.text();
  return `${res.status} ${text.slice(0, 200)}`;
}

/** Builds the request, from the example table when the operation has an entry. */
async function tryBuild(
  w: Walker,
  op: Operation,
  userId: number,
  override?: BuildContext["override"],
): Promise<BuiltRequest | string> {
  const example = await w.rules.examples[op.key]?.({ userId });
  try {
    return buildRequest(op, { doc: w.doc, userId, override, idFor: w.idFor }, example);
  } catch (error) {
    if (error instanceof CannotBuild) {
      return `cannot build a valid request (${error.message}); add an entry to EXAMPLE_REQUESTS`;
    }
    throw error;
  }
}

/**
 * An operation allowed to name another user (OTHER_USER_ALLOWED) must answer that call with a
 * 2xx, since a refusal shows nothing that could leak, and never with the user's e-mail or phone.
 */
async function leaksOf(
  w: Walker,
  op: Operation,
  field: UserIdField,
  other: TestUser,
  callerId: number,
  authorization: Record<string, string>,
  how: string,
): Promise<string[]> {
  const built = await tryBuild(w, op, callerId, { field, value: other.userId });
  if (typeof built === "string") return [built];
  const res = await w.request(built.url, withClient(built.init, authorization));
  const body = await res.text();
  const naming = `${field.in} ${field.name} naming another user${how}`;
  if (res.status < 200 || res.status > 299) {
    return [`${naming}: answered ${res.status}, not 2xx, so no leak could show (${body.slice(0, 120)})`];
  }
  return [other.email, other.phoneNumber]
    .filter((secret) => body.includes(secret))
    .map((secret) => `${naming}: the answer carries their ${secret}`);
}

/**
 * The request valid for the restaurant's verified owner (the example makes its user the owner) is
 * refused with 403 to anyone else, changing nothing; issue 29: the person who listed the
 * restaurant is anyone else too. A string when no request could be built.
 */
async function ownerOperationRefusals(w: Walker, op: Operation): Promise<string[] | string> {
  const theOwner = await createUser(w.t, NO_SCRYPT);
  const other = await createUser(w.t, NO_SCRYPT);
  const lister = await createUser(w.t, NO_SCRYPT);
  const built = await tryBuild(w, op, theOwner.userId);
  if (typeof built === "string") return built;
  await listedBy(w.t, theOwner.userId, lister.userId);
  const problems: string[] = [];
  for (const [who, caller] of [
    ["another user", other],
    ["the person who listed the restaurant", lister],
  ] as const) {
    const before = await databaseFingerprint(w.t);
    const res = await w.request(built.url, withClient(built.init, caller.authorization));
    if (res.status !== 403) {
      problems.push(`${who}'s request for the owner's restaurant: answered ${await describeResponse(res)} instead of 403`);
    } else if ((await databaseFingerprint(w.t)) !== before) {
      problems.push(`${who}'s refused request changed stored data`);
    }
  }
  return problems;
}

/** Everything wrong with one operation, in words; empty when it holds every rule. */
export async function checkOperation(w: Walker, op: Operation): Promise<string[]> {
  const problems: string[] = [];
  const userIdFields = (() => {
    try {
      return userIdFieldsOf(op, w.doc);
    } catch {
      return [];
    }
  })();

  if (op.writes && !op.bearer && !(op.key in w.rules.publicWrites)) {
    problems.push("writes but declares no bearer security and is not on the PUBLIC_WRITES allow-list");
  }
  if (!op.bearer && userIdFields.length > 0 && !(op.key in w.rules.otherUserAllowed)) {
    problems.push(
      `takes a user id (${userIdFields.map((f) => f.name).join(", ")}) but declares no bearer security`,
    );
  }

  if (!op.bearer) {
    // A route that checks a token must say so in the document, or clients and this walk miss it.
    const built = await tryBuild(w, op, w.visitor.userId);
    const res =
      typeof built === "string"
        ? await w.request(`/api${op.path.replace(/\{[^}]+\}/g, "1")}`, { method: op.method.toUpperCase() })
        : await w.request(built.url, withClient(built.init, {}));
    if (res.status === 401 && /bearer/i.test(res.headers.get("www-authenticate") ?? "")) {
      problems.push("asks for a bearer token but does not declare bearer security in the OpenAPI document");
    }
    // A public read that names someone: a visitor and a signed-in stranger both see it.
    if (op.key in w.rules.otherUserAllowed) {
      const other = await createUser(w.t, NO_SCRYPT);
      for (const field of userIdFields) {
        problems.push(
          ...(await leaksOf(w, op, field, other, w.visitor.userId, {}, " without a token")),
          ...(await leaksOf(
            w,
            op,
            field,
            other,
            w.visitor.userId,
            w.visitor.authorization,
            " as a stranger",
          )),
        );
      }
    }
    return problems;
  }

  const role = w.rules.roles?.[op.key];
  if (role === undefined && op.path.startsWith("/moderation/")) {
    problems.push("is a moderation operation without an entry in the walk's roles");
  }
  // 0'. An owner's operation (issue 22): refused to anyone but the restaurant's verified owner.
  if (role === "owner") {
    const refusals = await ownerOperationRefusals(w, op);
    if (typeof refusals === "string") return [...problems, refusals];
    problems.push(...refusals);
  }
  // 0. A role-guarded operation refuses a plain user's valid request with 403, changing nothing.
  if (role !== undefined && role !== "signed-in" && role !== "owner") {
    const plain = await createUser(w.t, NO_SCRYPT);
    const built = await tryBuild(w, op, plain.userId);
    if (typeof built === "string") return [...problems, built];
    const before = await databaseFingerprint(w.t);
    const res = await w.request(built.url, withClient(built.init, plain.authorization));
    if (res.status !== 403) {
      problems.push(`a plain user's valid request: answered ${await describeResponse(res)} instead of 403`);
    } else if ((await databaseFingerprint(w.t)) !== before) {
      problems.push("a plain user's refused request changed stored data");
    }
  }

  // 0''. Relationship cases (issue 29): the role is not enough when the caller is party to the item.
  for (const relation of w.rules.relationships?.[op.key] ?? []) {
    problems.push(...(await relationshipProblems(w, op, role, relation)));
  }

  // 1. A valid request from its own user (holding the role, if one is needed) gets through,
  // and its answer is never cached.
  {
    const me = await createUser(w.t, NO_SCRYPT);
    if (role !== undefined && role !== "signed-in" && role !== "owner") {
      if (!w.grantRole) return [...problems, "needs a role but the walker cannot grant one"];
      await w.grantRole(me.userId, role);
    }
    const built = await tryBuild(w, op, me.userId);
    if (typeof built === "string") return [...problems, built];
    const res = await w.request(built.url, withClient(built.init, me.authorization));
    if (REQUEST_REFUSED.has(res.status) || res.status >= 500) {
      problems.push(
        `a valid request from its own user was refused: ${await describeResponse(res)}; ` +
          "fix the route or add an entry to EXAMPLE_REQUESTS",
      );
    } else if (res.headers.get("cache-control") !== "private, no-store") {
      problems.push(
        `answers its user without Cache-Control: private, no-store (got ${res.headers.get("cache-control")})`,
      );
    }
  }

  // 2. Every bad token answers 401 and changes nothing.
  for (const kind of BAD_TOKEN_KINDS) {
    const me = await createUser(w.t, NO_SCRYPT);
    const authorization = await badAuthorization(w.t, kind, me);
    const built = await tryBuild(w, op, me.userId);
    if (typeof built === "string") return [...problems, built];
    const before = await databaseFingerprint(w.t);
    const res = await w.request(built.url, withClient(built.init, authorization));
    const body = await res.text();
    if (res.status !== 401) {
      problems.push(`${kind} token: answered ${res.status} instead of 401 (${body.slice(0, 120)})`);
      continue;
    }
    if (!/^Bearer\b/i.test(res.headers.get("www-authenticate") ?? "")) {
      problems.push(`${kind} token: 401 without a WWW-Authenticate: Bearer header`);
    }
    if ((await databaseFingerprint(w.t)) !== before)
      problems.push(`${kind} token: the refused call changed stored data`);
  }

  // 3. Naming another user with a valid token answers 403 and changes nothing.
  const other = await createUser(w.t, NO_SCRYPT);
  for (const field of userIdFields) {
    const me = await createUser(w.t, NO_SCRYPT);
    if (op.key in w.rules.otherUserAllowed) {
      problems.push(...(await leaksOf(w, op, field, other, me.userId, me.authorization, "")));
      continue;
    }
    const built = await tryBuild(w, op, me.userId, { field, value: other.userId });
    if (typeof built === "string") return [...problems, built];
    const before = await databaseFingerprint(w.t);
    const res = await w.request(built.url, withClient(built.init, me.authorization));
    const body = await res.text();
    if (res.status !== 403) {
      problems.push(
        `${field.in} ${field.name} naming another user: answered ${res.status} instead of 403 (${body.slice(0, 120)})`,
      );
    } else if ((await databaseFingerprint(w.t)) !== before) {
      problems.push(`${field.in} ${field.name} naming another user: the refused call changed stored data`);
    }
  }
  return problems;
}

/** A request the caller's role allows, refused (403, nothing changed) for who the caller is to the item. */
async function relationshipProblems(
  w: Walker,
  op: Operation,
  role: NonNullable<WalkRules["roles"]>[string] | undefined,
  relation: RelationshipCase,
): Promise<string[]> {
  const me = await createUser(w.t, NO_SCRYPT);
  if (role === "moderator" || role === "admin") {
    if (!w.grantRole) return [`${relation.who}: needs a role but the walker cannot grant one`];
    await w.grantRole(me.userId, role);
  }
  let built: BuiltRequest;
  try {
    built = buildRequest(op, { doc: w.doc, userId: me.userId, idFor: w.idFor }, await relation.make(me));
  } catch (error) {
    if (error instanceof CannotBuild) return [`${relation.who}: cannot build the request (${error.message})`];
    throw error;
  }
  const before = await databaseFingerprint(w.t);
  const res = await w.request(built.url, withClient(built.init, me.authorization));
  if (res.status !== 403) return [`${relation.who}: answered ${await describeResponse(res)} instead of 403`];
  if ((await databaseFingerprint(w.t)) !== before)
    return [`${relation.who}: the refused request changed stored data`];
  return [];
}

/** Allow-list entries that no longer match an operation that needs them: a list must stay short. */
export function staleRuleEntries(operations: Operation[], rules: WalkRules): string[] {
  const byKey = new Map(operations.map((op) => [op.key, op]));
  const stale: string[] = [];
  for (const key of Object.keys(rules.publicWrites)) {
    const op = byKey.get(key);
    if (!op) stale.push(`PUBLIC_WRITES names ${key}, which the document no longer has`);
    else if (op.bearer) stale.push(`PUBLIC_WRITES names ${key}, which now declares bearer security`);
  }
  for (const key of Object.keys(rules.otherUserAllowed)) {
    const op = byKey.get(key);
    if (!op) stale.push(`OTHER_USER_ALLOWED names ${key}, which the document no longer has`);
  }
  for (const key of Object.keys(rules.examples)) {
    if (!byKey.has(key)) stale.push(`EXAMPLE_REQUESTS names ${key}, which the document no longer has`);
  }
  for (const key of Object.keys(rules.roles ?? {})) {
    if (!byKey.has(key)) stale.push(`ROLES names ${key}, which the document no longer has`);
  }
  for (const key of Object.keys(rules.relationships ?? {})) {
    if (!byKey.has(key)) stale.push(`RELATIONSHIPS names ${key}, which the document no longer has`);
  }
  return stale;
}
