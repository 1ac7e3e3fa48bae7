// POST /users/signup on a real database, after the real verification flow.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../../domain/account-rules.ts";
import { passwordCost } from "../auth/password.ts";
import { emailVerifications, profiles, users } from "../db/schema.ts";
import {
  clientFromTestHeader,
  createUser,
  latestCode,
  postForm,
  postJson,
  readEnvelope,
} from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let serial = 0;
/** The sign-up ticket each verified address was answered, as the island keeps it. */
const tickets = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  clientFromTestHeader(t);
});
afterAll(() => t.close());
afterEach(() => expect(t.errors).toEqual([]));

/** Sends and enters a code for the address, as the verification screen does; answers the ticket. */
async function verifyAddress(email: string): Promise<string> {
  serial += 1;
  const client = { "x-test-client": `signup-${serial}` };
  await t.app.request(`/api/users/sendEmail?to=${encodeURIComponent(email)}`, {
    method: "POST",
    headers: client,
  });
  const code = latestCode(t, email.toLowerCase());
  const res = await postForm(t, "/api/users/verifyEmailCode1", { email, code: code! }, client);
  expect(res.status).toBe(200);
  const { signupTicket } = (await readEnvelope(res)).data;
  tickets.set(email.toLowerCase(), signupTicket);
  return signupTicket;
}

function form(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    email: `cook${serial}@example.com`,
    registrationMethod: "email",
    firstName: "Ada",
    lastName: "Lovelace",
    username: `ada_${serial}`,
    phoneNumber: `+44 7700 9${String(serial).padStart(5, "0")}`,
    password: "a pot of black lentil dal",
    ...overrides,
  };
}

/** POST /users/signup with the ticket the address was answered, unless the body names its own. */
const signup = (body: unknown) =>
  postJson(
    t,
    "/api/users/signup",
    body !== null && typeof body === "object" && !Array.isArray(body)
      ? { signupTicket: ticketOf(body), ...body }
      : body,
  );
const ticketOf = (body: object) =>
  "email" in body && typeof body.email === "string" ? tickets.get(body.email.toLowerCase()) : undefined;
const json = readEnvelope;

describe("POST /users/signup", () => {
  it("creates the account and its profile for a verified address; admin and role from the client are ignored", async () => {
    const input = form({ admin: true, role: "admin", email: "New.Cook@Example.com" });
    await verifyAddress(input.email);
    const res = await signup(input);
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toEqual({
      code: 201,
      message: "Signup successful!",
      data: {
        success: true,
        userId: expect.any(Number),
        token: expect.any(String),
        username: input.username,
        email: "new.cook@example.com",
        profileId: expect.any(Number),
      },
    });
    const user = await t.db.query.users.findFirst({ where: eq(users.id, body.data.userId) });
    expect(user).toMatchObject({
      email: "new.cook@example.com",
      username: input.username,
      phoneNumber: input.phoneNumber.replaceAll(" ", ""),
      admin: false,
      // Roles are granted only by scripts/moderator.ts or an admin (issue 21).
      role: "user",
      emailVerified: true,
      tokenVersion: 0,
    });
    // At the app's cost (password-cost.test.ts holds production's to SCRYPT_PARAMS).
    const { N, r, p } = passwordCost(t.deps.config);
    expect(user!.passwordHash).toMatch(new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$[A-Za-z0-9_-]+\\$[A-Za-z0-9_-]+$`));
    expect(user!.passwordHash).not.toContain(input.password);
    const profile = await t.db.query.profiles.findFirst({ where: eq(profiles.userId, body.data.userId) });
    expect(profile!.name).toBe("Ada Lovelace");
  });

  it("signs the new account in: the answer's token is a session, so no second password entry (issue 24)", async () => {
    const input = form();
    await verifyAddress(input.email);
    const { data } = await json(await signup(input));
    const own = await t.app.request(`/api/users/${data.userId}`, {
      headers: { Authorization: `Bearer ${data.token}` },
    });
    expect(own.status).toBe(200);
    expect((await json(own)).data).toMatchObject({ id: data.userId, username: input.username });
    const profile = await t.db.query.profiles.findFirst({ where: eq(profiles.userId, data.userId) });
    expect(data.profileId).toBe(profile!.id);
    // Log Out ends it like any login's session.
    const out = await t.app.request("/api/users/logout", {
      method: "POST",
      headers: { Authorization: `Bearer ${data.token}` },
    });
    expect(out.status).toBe(200);
    const after = await t.app.request(`/api/users/${data.userId}`, {
      headers: { Authorization: `Bearer ${data.token}` },
    });
    expect(after.status).toBe(401);
  });

  it("needs a verified address", async () => {
    const input = form();
    const res = await signup(input);
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe("Please verify your email address before signing up.");
    expect(await t.db.query.users.findFirst({ where: eq(users.email, input.email) })).toBeUndefined();
  });

  it("does not take a code that was sent but never entered", async () => {
    const input = form();
    await t.app.request(`/api/users/sendEmail?to=${input.email}`, {
      method: "POST",
      headers: { "x-test-client": "sent-only" },
    });
    expect((await signup(input)).status).toBe(400);
  });

  it("uses a ticket once: a second sign-up with the same address needs a new code", async () => {
    const input = form();
    await verifyAddress(input.email);
    expect((await signup(input)).status).toBe(201);
    const again = await signup({ ...input, username: `${input.username}x`, phoneNumber: "+447700111222" });
    expect(again.status).toBe(403);
    expect((await json(again)).message).toBe(ACCOUNT_MESSAGES.signupTicketInvalid);
  });

  it("lets a ticket lapse after an hour, and creates nothing", async () => {
    const input = form();
    await verifyAddress(input.email);
    t.clock.advance(60 * 60 * 1000);
    const res = await signup(input);
    expect(res.status).toBe(403);
    expect(await json(res)).toEqual({
      code: 403,
      message: ACCOUNT_MESSAGES.signupTicketExpired,
      data: { fields: { signupTicket: ACCOUNT_MESSAGES.signupTicketExpired } },
    });
    expect(await t.db.query.users.findFirst({ where: eq(users.email, input.email) })).toBeUndefined();
  });

  // Issue 20: after the owner of an address entered the mailed code, anyone could finish the
  // sign-up for it (answered 201) by posting the address, for an hour.
  it("lets only the client that entered the code finish the sign-up", async () => {
    const owner = form();
    const ownerTicket = await verifyAddress(owner.email);
    const stranger = form({ email: owner.email, username: "not_the_owner" });
    const strangerTicket = await verifyAddress(form().email);

    const without = await signup({ ...stranger, signupTicket: undefined });
    expect(without.status).toBe(400);
    expect((await json(without)).data.fields).toEqual({ signupTicket: ACCOUNT_MESSAGES.emailNotVerified });
    for (const ticket of [strangerTicket, "A".repeat(43)]) {
      const res = await signup({ ...stranger, signupTicket: ticket });
      expect(res.status).toBe(403);
      expect((await json(res)).message).toBe(ACCOUNT_MESSAGES.signupTicketInvalid);
    }
    const malformed = await signup({ ...stranger, signupTicket: "guess" });
    expect(malformed.status).toBe(400);
    expect(await t.db.query.users.findFirst({ where: eq(users.email, owner.email) })).toBeUndefined();

    const res = await signup({ ...owner, signupTicket: ownerTicket });
    expect(res.status).toBe(201);
    const created = await t.db.query.users.findFirst({ where: eq(users.email, owner.email) });
    expect(created?.username).toBe(owner.username);
  });

  it("keeps only the ticket's hash, and gives it to one of two parallel sign-ups", async () => {
    const input = form();
    const ticket = await verifyAddress(input.email);
    const row = await t.db.query.emailVerifications.findFirst({
      where: eq(emailVerifications.email, input.email),
    });
    expect(row?.signupTicketHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row?.signupTicketHash).not.toBe(ticket);
    const answers = await Promise.all([
      signup(input),
      signup({ ...input, username: `${input.username}_2`, phoneNumber: "+447700111333" }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 403]);
    expect(await t.db.select().from(users).where(eq(users.email, input.email)).all()).toHaveLength(1);
  });

  it("keeps the ticket through a refused sign-up, for the next try", async () => {
    const existing = await createUser(t);
    const input = form({ username: existing.username });
    await verifyAddress(input.email);
    expect((await signup(input)).status).toBe(409);
    expect((await signup({ ...input, username: `${existing.username}_too` })).status).toBe(201);
  });

  it("refuses a username taken in any letter case with 409", async () => {
    const existing = await createUser(t, { username: "PastaQueen" });
    const input = form({ username: "pastaqueen" });
    await verifyAddress(input.email);
    const res = await signup(input);
    expect(res.status).toBe(409);
    const body = await json(res);
    expect(body.message).toBe("That username is already taken.");
    expect(body.data.fields).toEqual({ username: "That username is already taken." });
    expect(existing.userId).toBeGreaterThan(0);
  });

  it("answers a taken phone number, however it is typed, exactly as a free one; the account is made without it and its owner told by e-mail", async () => {
    const holder = await createUser(t, { phoneNumber: "+447700900555" });
    const taken = form({ phoneNumber: "0044 (7700) 900-555" });
    const free = form({ phoneNumber: "07700 900556" });
    await verifyAddress(taken.email);
    await verifyAddress(free.email);
    const [takenRes, freeRes] = [await signup(taken), await signup(free)];
    expect(takenRes.status).toBe(201);
    expect(freeRes.status).toBe(201);
    const [takenBody, freeBody] = [await json(takenRes), await json(freeRes)];
    // Only the account's own identifiers differ.
    const own = { userId: 0, token: "", username: "", email: "", profileId: 0 };
    expect({ ...takenBody, data: { ...takenBody.data, ...own } }).toEqual({
      ...freeBody,
      data: { ...freeBody.data, ...own },
    });
    const created = await t.db.query.users.findFirst({ where: eq(users.id, takenBody.data.userId) });
    expect(created!.phoneNumber).toBeNull();
    const kept = await t.db.query.users.findFirst({ where: eq(users.id, holder.userId) });
    expect(kept!.phoneNumber).toBe("+447700900555");
    const freeUser = await t.db.query.users.findFirst({ where: eq(users.id, freeBody.data.userId) });
    expect(freeUser!.phoneNumber).toBe("+447700900556");
    await new Promise((resolve) => setTimeout(resolve, 10));
    const notice = t.deps.outbox!().find((m) => m.to === taken.email && m.subject.includes("phone"));
    expect(notice?.subject).toBe("Your Dishcovery account was created without a phone number");
  });

  it.each([["rnodern"], ["MODERN"], ["m0dern"]])(
    "refuses %s beside an existing 'modern' as taken",
    async (lookalike) => {
      await createUser(t, { username: "modern" }).catch(() => undefined);
      const input = form({ username: lookalike });
      await verifyAddress(input.email);
      const res = await signup(input);
      expect(res.status).toBe(409);
      expect((await json(res)).message).toBe(ACCOUNT_MESSAGES.usernameTaken);
    },
  );

  it.each([
    ["a Cyrillic а", "\u0430lice@example.com"],
    ["a zero-width space", "ali\u200Bce@example.com"],
    ["a right-to-left override", "alice\u202E@example.com"],
  ])("refuses an address with %s", async (_what, email) => {
    const res = await t.app.request(`/api/users/sendEmail?to=${encodeURIComponent(email)}`, {
      method: "POST",
    });
    expect(res.status).toBe(400);
    expect(t.deps.outbox!().some((m) => m.to === email)).toBe(false);
  });

  it("refuses an e-mail address taken meanwhile with 409", async () => {
    const input = form();
    await verifyAddress(input.email);
    // Another sign-up finished for this address between verification and this call.
    await createUser(t, { email: input.email });
    const res = await signup(input);
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe("An account with that email address already exists.");
  });

  it("names the taken username, and nothing about the phone number", async () => {
    const existing = await createUser(t);
    const input = form({ username: existing.username, phoneNumber: existing.phoneNumber });
    await verifyAddress(input.email);
    const body = await json(await signup(input));
    expect(body.data.fields).toEqual({ username: "That username is already taken." });
  });

  it.each([
    ["seven characters", "short12", "Password must be 8 to 128 characters long."],
    ["129 characters", "x".repeat(129), "Password must be 8 to 128 characters long."],
    ["a common password", "Password123", "This password is too common. Please choose a less guessable one."],
    [
      "another common password",
      "IloveYou1",
      "This password is too common. Please choose a less guessable one.",
    ],
  ])("refuses %s", async (_label, password, message) => {
    const input = form({ password });
    await verifyAddress(input.email);
    const res = await signup(input);
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe(message);
    expect(await t.db.query.users.findFirst({ where: eq(users.email, input.email) })).toBeUndefined();
  });

  it("refuses the username as the password", async () => {
    const input = form({ username: "lentil_lover", password: "Lentil_Lover" });
    await verifyAddress(input.email);
    expect((await json(await signup(input))).message).toBe(
      "Your password must not be your username or email address.",
    );
  });

  it("accepts any characters without composition rules, up to 128", async () => {
    const input = form({ password: "ü".repeat(64) + "🍜".repeat(32) });
    await verifyAddress(input.email);
    expect((await signup(input)).status).toBe(201);
    const eight = form({ password: "zqxjkvbw" });
    await verifyAddress(eight.email);
    expect((await signup(eight)).status).toBe(201);
  });

  it.each([
    ["firstName", "", "First name is required."],
    ["lastName", "   ", "Last name is required."],
    ["username", "", "Username is required."],
    [
      "username",
      "no spaces please",
      "Username must be 3 to 30 letters, digits, dots, dashes or underscores.",
    ],
    ["phoneNumber", "call me", ACCOUNT_MESSAGES.invalidPhone],
    ["email", "not-an-email", "Invalid email address."],
  ])("refuses a bad %s (%j) with its message", async (field, value, message) => {
    const res = await signup(form({ [field]: value }));
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.message).toBe(message);
    expect(body.data.fields[field]).toBe(message);
  });

  it("stores SQL and script text in names verbatim as text, and refuses it where the format forbids it", async () => {
    const sqlText = "Robert'); DROP TABLE users;--";
    const script = "<script>alert('x')</script>";
    const input = form({ firstName: sqlText, lastName: script, email: "o'brien+test@example.com" });
    await verifyAddress(input.email);
    const res = await signup(input);
    expect(res.status).toBe(201);
    const { userId } = (await json(res)).data;
    const user = await t.db.query.users.findFirst({ where: eq(users.id, userId) });
    expect(user).toMatchObject({ firstName: sqlText, lastName: script, email: "o'brien+test@example.com" });

    for (const [field, value] of [
      ["username", "x' OR '1'='1"],
      ["username", script],
      ["phoneNumber", "1; DROP TABLE users"],
      ["email", "<script>@x"],
      ["registrationMethod", "'; DELETE FROM users;--"],
    ] as const) {
      const bad = await signup(form({ [field]: value }));
      expect(bad.status, `${field}=${value}`).toBe(400);
    }
    expect((await t.db.select().from(users).all()).length).toBeGreaterThan(0);
  });

  it("refuses non-JSON bodies with 415, malformed JSON and wrong types with 400, 1 MB with 413", async () => {
    const asForm = await postForm(t, "/api/users/signup", { email: "a@example.com" });
    expect(asForm.status).toBe(415);
    const malformed = await t.app.request("/api/users/signup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).code).toBe(400);
    const array = await signup([1, 2, 3]);
    expect(array.status).toBe(400);
    const numbers = await signup(form({ firstName: 42, password: ["a"] }));
    expect(numbers.status).toBe(400);
    const huge = await signup(form({ lastName: "x".repeat(1024 * 1024) }));
    expect(huge.status).toBe(413);
  });
});
