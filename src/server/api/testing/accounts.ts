// Test helpers for anything that needs a signed-in user. Two ways in:
// - createUser(t): straight into the database with a real scrypt hash and a real token (fast;
//   for other features' tests that just need a bearer token);
// - signUp(t): through the real HTTP flow (send code, read it from the outbox, verify, sign up,
//   log in), for the accounts tests themselves.
import { randomUUID } from "node:crypto";
import type { LoginResult } from "../../../shared/schemas/accounts.ts";
import { hashPassword, passwordCost } from "../auth/password.ts";
import { issueToken } from "../auth/tokens.ts";
import { createAccount } from "../db/queries/users.ts";
import { FIXTURE_PASSWORD_HASH } from "./fixture.ts";
import type { TestApp } from "./test-app.ts";

let serial = 0;

export interface TestUser {
  userId: number;
  profileId: number;
  token: string;
  username: string;
  email: string;
  phoneNumber: string;
  password: string;
  authorization: { authorization: string };
}

function uniqueFields(overrides: Partial<Omit<TestUser, "userId" | "token" | "authorization">>) {
  serial += 1;
  const tag = `${serial}${randomUUID().slice(0, 6)}`;
  return {
    username: overrides.username ?? `user_${tag}`,
    email: overrides.email ?? `user-${tag}@example.com`,
    phoneNumber: overrides.phoneNumber ?? `+4477${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
    password: overrides.password ?? `smoked paprika ${tag}`,
  };
}

export interface CreateUserOptions extends Partial<Omit<TestUser, "userId" | "token" | "authorization">> {
  /** A stored hash instead of the password's real scrypt hash (see NO_SCRYPT). */
  passwordHash?: string;
  /** Made this many days before the test clock's now (the token is still issued now). */
  accountAgeDays?: number;
}

/**
 * createUser's option for an account past its first week: detection (issue 21,
 * src/domain/review-signals.ts) holds a burst of reviews of one item from new accounts, so a
 * test in which many people review one item at once, as regulars would, uses these.
 */
export const ESTABLISHED = { accountAgeDays: 30 } as const;

/**
 * createUser's option for users who never log in with a password: a real token, no scrypt
 * (one hash per user costs seconds over the authorization walk's or a hundred users).
 */
export const NO_SCRYPT = { passwordHash: FIXTURE_PASSWORD_HASH } as const;

/** A user and a valid bearer token, written directly (no e-mail round trip). */
export async function createUser(t: TestApp, options: CreateUserOptions = {}): Promise<TestUser> {
  const fields = uniqueFields(options);
  const { userId, profileId } = await createAccount(
    t.db,
    {
      ...fields,
      firstName: "Test",
      lastName: "User",
      registrationMethod: "email",
      passwordHash: options.passwordHash ?? (await hashPassword(fields.password, passwordCost(t.deps.config))),
    },
    t.clock.now() - (options.accountAgeDays ?? 0) * 86_400_000,
  );
  const token = await issueToken({ userId, tokenVersion: 0 }, t.deps.config.jwtSecret, t.clock.now());
  return { ...fields, userId, profileId, token, authorization: { authorization: `Bearer ${token}` } };
}

export function postJson(t: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/**
 * A call with `who`'s token, if any: a FormData body goes as multipart, any other body as JSON.
 * Answers the raw Response, as postJson does.
 */
export function sendJson(t: TestApp, method: string, path: string, who?: TestUser, body?: unknown) {
  const headers: Record<string, string> = { ...who?.authorization };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  return t.app.request(path, { method, headers, body: payload });
}

export function postForm(
  t: TestApp,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return t.app.request(path, { method: "POST", headers, body: new URLSearchParams(fields) });
}

/** The code in the newest outbox message to `to`, if any. */
export function latestCode(t: TestApp, to: string): string | undefined {
  const message = [...(t.deps.outbox?.() ?? [])].reverse().find((m) => m.to === to);
  return message && /^([A-Z0-9]{6})$/m.exec(message.text)?.[1];
}

/** The token of the newest registration confirmation link mailed to `to`. */
export function confirmTokenFor(t: TestApp, to: string): string {
  const message = (t.deps.outbox?.() ?? []).findLast((m) => m.to === to);
  if (!message) throw new Error(`no mail to ${to}`);
  const link = /(https?:\/\/\S+\/confirm-registration\?token=\S+)/.exec(message.text)?.[1];
  if (!link) throw new Error(`no confirmation link in: ${message.text}`);
  return new URL(link).searchParams.get("token")!;
}

/**
 * Lets tests name the calling client with an x-test-client header; requests without it share
 * the key "unknown", as app.request() calls do by default.
 */
export function clientFromTestHeader(t: TestApp): void {
  t.deps.clientIp = (c) => c.req.header("x-test-client");
}

/**
 * Every request from a client of its own, as a crowd of visitors sends them: for tests of
 * what many searches answer rather than of the per-client limits (auth/search-limit.ts).
 */
export function everyRequestItsOwnClient(t: TestApp): void {
  let serial = 0;
  t.deps.clientIp = () => `visitor-${++serial}`;
}

/** The whole sign-up flow over HTTP, then a login. Each call comes from its own test client. */
export async function signUp(
  t: TestApp,
  overrides: Partial<Omit<TestUser, "userId" | "token" | "authorization">> = {},
): Promise<TestUser> {
  const fields = uniqueFields(overrides);
  const client = { "x-test-client": `signup-${randomUUID()}` };
  const sent = await t.app.request(`/api/users/sendEmail?to=${encodeURIComponent(fields.email)}`, {
    method: "POST",
    headers: client,
  });
  if (sent.status !== 200) throw new Error(`sendEmail answered ${sent.status}`);
  const code = latestCode(t, fields.email.toLowerCase());
  if (!code) throw new Error("no code in the outbox");
  const verified = await postForm(t, "/api/users/verifyEmailCode1", { email: fields.email, code }, client);
  if (verified.status !== 200) throw new Error(`verifyEmailCode1 answered ${verified.status}`);
  const { signupTicket } = (await readEnvelope(verified)).data;
  const signedUp = await postJson(
    t,
    "/api/users/signup",
    { ...fields, firstName: "Test", lastName: "User", registrationMethod: "email", signupTicket },
    client,
  );
  if (signedUp.status !== 201)
    throw new Error(`signup answered ${signedUp.status}: ${await signedUp.text()}`);
  const login = await postJson(
    t,
    "/api/users/login",
    { emailOrPhoneNumber: fields.email, password: fields.password },
    client,
  );
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const { data } = (await login.json()) as { data: LoginResult };
  return {
    ...fields,
    email: fields.email.toLowerCase(),
    userId: data.userId,
    profileId: data.profileId ?? 0,
    token: data.token,
    authorization: { authorization: `Bearer ${data.token}` },
  };
}

/** data as the accounts tests read it: its shape differs per call, so every key is optional in practice. */
export interface TestEnvelopeData {
  fields: Record<string, string>;
  token: string;
  userId: number;
  signupTicket: string;
  [key: string]: unknown;
}

export async function readEnvelope(res: Response) {
  return (await res.json()) as { code: number; message: string; data: TestEnvelopeData };
}
