// POST /users/sendEmail and POST /users/verifyEmailCode1 on a real database and outbox.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { emailVerifications } from "../db/schema.ts";
import { clientFromTestHeader, createUser, latestCode, postForm, postJson } from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let clientSerial = 0;
/** A fresh client per test, so the per-client limit only bites where a test means it to. */
let client: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  clientFromTestHeader(t);
});
afterAll(() => t.close());
afterEach(() => {
  expect(t.errors).toEqual([]);
  clientSerial += 1;
  client = { "x-test-client": `client-${clientSerial}` };
});
client = { "x-test-client": "client-0" };

const sendEmail = (to: string, extra = "") =>
  t.app.request(`/api/users/sendEmail?to=${encodeURIComponent(to)}${extra}`, {
    method: "POST",
    headers: client,
  });
const verify = (email: string, code: string) =>
  postForm(t, "/api/users/verifyEmailCode1", { email, code }, client);
const outboxTo = (to: string) => (t.deps.outbox?.() ?? []).filter((m) => m.to === to);

async function body(res: Response) {
  return (await res.json()) as { code: number; message: string; data: unknown };
}

describe("POST /users/sendEmail", () => {
  it("sends our own verification message with a six-character code, ignoring a client's subject and text", async () => {
    const res = await sendEmail(
      "Cook@Example.com",
      "&subject=Win%20a%20prize&text=Click%20http://evil.example",
    );
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({
      code: 200,
      message: "Verification email sent successfully!",
      data: { expiresInSeconds: 300 },
    });
    const [mail, ...rest] = outboxTo("cook@example.com");
    expect(rest).toEqual([]);
    expect(mail!.subject).toBe("Your Dishcovery verification code");
    expect(mail!.text).not.toContain("evil.example");
    expect(mail!.html).not.toContain("evil.example");
    expect(mail!.text).toContain("expires in 5 minutes");
    const code = latestCode(t, "cook@example.com");
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(mail!.html).toContain(code);
  });

  it("accepts `to` in a JSON body as well", async () => {
    const res = await postJson(
      t,
      "/api/users/sendEmail",
      { to: "json-body@example.com", subject: "ignored" },
      client,
    );
    expect(res.status).toBe(200);
    expect(latestCode(t, "json-body@example.com")).toMatch(/^[A-Z0-9]{6}$/);
  });

  it("stores only a keyed hash of the code", async () => {
    await sendEmail("hashed@example.com");
    const code = latestCode(t, "hashed@example.com")!;
    const row = await t.db.query.emailVerifications.findFirst({
      where: eq(emailVerifications.email, "hashed@example.com"),
    });
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash.length).toBeGreaterThan(30);
    expect(row!.expiresAt - t.clock.now()).toBe(300_000);
  });

  it.each([["not-an-email"], ["two@@example.com"], ["spaces in@example.com"], ["no-dot@example"], [""]])(
    "refuses the malformed address %j with 400 and sends nothing",
    async (to) => {
      const before = t.deps.outbox!().length;
      const res = await sendEmail(to);
      expect(res.status).toBe(400);
      expect((await body(res)).message).toBe("Invalid email address.");
      expect(t.deps.outbox!().length).toBe(before);
    },
  );

  it("sends to an address with SQL text verbatim, and refuses script or address-list text", async () => {
    const sqlAddress = "o'brien+'--@example.com";
    expect((await sendEmail(sqlAddress)).status).toBe(200);
    expect(outboxTo(sqlAddress)).toHaveLength(1);
    for (const to of [
      "<script>alert(1)</script>@x.co",
      "victim@example.com,attacker@example.com",
      "a@b.co>\r\nBcc: x@y.co",
    ]) {
      const res = await sendEmail(to);
      expect(res.status, to).toBe(400);
      expect((await body(res)).message).toBe("Invalid email address.");
    }
    expect(outboxTo("attacker@example.com")).toEqual([]);
  });

  it("refuses two addresses, malformed JSON (400) and other body types (415), sending nothing", async () => {
    const before = t.deps.outbox!().length;
    const twice = await sendEmail("one@example.com", "&to=two@example.com");
    expect(twice.status).toBe(400);
    expect((await body(twice)).message).toBe("Invalid email address.");
    const malformed = await t.app.request("/api/users/sendEmail", {
      method: "POST",
      headers: { ...client, "content-type": "application/json" },
      body: '{"to": "x@example.com"',
    });
    expect(malformed.status).toBe(400);
    const xml = await t.app.request("/api/users/sendEmail", {
      method: "POST",
      headers: { ...client, "content-type": "application/xml" },
      body: "<to>x@example.com</to>",
    });
    expect(xml.status).toBe(415);
    expect(t.deps.outbox!().length).toBe(before);
  });

  it("refuses a call without any address", async () => {
    const res = await t.app.request("/api/users/sendEmail", { method: "POST", headers: client });
    expect(res.status).toBe(400);
    expect((await body(res)).message).toBe("Invalid email address.");
  });

  it("answers a registered address exactly as a new one, but mails a note instead of a code", async () => {
    const user = await createUser(t, { email: "member@example.com" });
    const res = await sendEmail(user.email);
    expect(res.status).toBe(200);
    expect((await body(res)).message).toBe("Verification email sent successfully!");
    const [note] = outboxTo("member@example.com");
    expect(note!.subject).toBe("You already have a Dishcovery account");
    expect(latestCode(t, "member@example.com")).toBeUndefined();
    expect(
      await t.db.query.emailVerifications.findFirst({ where: eq(emailVerifications.email, user.email) }),
    ).toBeUndefined();
  });

  it("refuses a 1 MB body with 413 and sends nothing", async () => {
    const before = t.deps.outbox!().length;
    const res = await postJson(
      t,
      "/api/users/sendEmail",
      { to: "big@example.com", pad: "x".repeat(1024 * 1024) },
      client,
    );
    expect(res.status).toBe(413);
    expect((await body(res)).code).toBe(413);
    expect(t.deps.outbox!().length).toBe(before);
  });

  it("allows 5 mails per address per 30 minutes, then 429 with Retry-After, kept in the database across app restarts", async () => {
    for (let i = 0; i < 5; i++) {
      client = { "x-test-client": `limit-address-${i}` };
      expect((await sendEmail("often@example.com")).status).toBe(200);
    }
    client = { "x-test-client": "limit-address-6" };
    const res = await sendEmail("often@example.com");
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    expect((await body(res)).message).toMatch(
      /^Too many emails have been sent to this address\. Please try again in \d+ minutes?\.$/,
    );
    expect(outboxTo("often@example.com")).toHaveLength(5);

    // A new app over the same database (a restart) still refuses.
    const restarted = createApp(t.deps);
    const again = await restarted.request("/api/users/sendEmail?to=often@example.com", {
      method: "POST",
      headers: client,
    });
    expect(again.status).toBe(429);

    t.clock.advance(retryAfter * 1000);
    expect((await sendEmail("often@example.com")).status).toBe(200);
  });

  it("allows 25 mail requests per client per 5 minutes, then 429", async () => {
    client = { "x-test-client": "busy-client" };
    for (let i = 0; i < 25; i++) expect((await sendEmail(`spray-${i}@example.com`)).status).toBe(200);
    const res = await sendEmail("spray-25@example.com");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(300);
    expect((await body(res)).message).toMatch(/^Too many email requests from your network\./);
    expect(latestCode(t, "spray-25@example.com")).toBeUndefined();
  });
});

describe("POST /users/verifyEmailCode1", () => {
  it("accepts the right code in any case, once", async () => {
    await sendEmail("right@example.com");
    const code = latestCode(t, "right@example.com")!;
    const res = await verify("Right@Example.com", code.toLowerCase());
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({
      code: 200,
      message: "Email verified successfully.",
      data: { signupTicket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
    const again = await verify("right@example.com", code);
    expect(again.status).toBe(400);
    const refused = await body(again);
    expect(refused.message).toBe("Invalid verification code. Please try again.");
    // A second entry of the code answers no ticket.
    expect(refused.data).not.toHaveProperty("signupTicket");
  });

  it("refuses a wrong code with 400", async () => {
    await sendEmail("wrong@example.com");
    const code = latestCode(t, "wrong@example.com")!;
    const wrong = code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    const res = await verify("wrong@example.com", wrong);
    expect(res.status).toBe(400);
    expect((await body(res)).message).toBe("Invalid verification code. Please try again.");
  });

  it("refuses another address's code", async () => {
    await sendEmail("mine@example.com");
    await sendEmail("theirs@example.com");
    const res = await verify("theirs@example.com", latestCode(t, "mine@example.com")!);
    expect(res.status).toBe(400);
  });

  it("refuses a code for an address that never asked for one", async () => {
    const res = await verify("never@example.com", "ABC123");
    expect(res.status).toBe(400);
    expect((await body(res)).message).toBe("Invalid verification code. Please try again.");
  });

  it.each([["12345"], ["1234567"], ["ABC!23"], ["ABC 12"], [""], ["ÄBC123"]])(
    "refuses the malformed code %j with the format message",
    async (code) => {
      const res = await verify("format@example.com", code);
      expect(res.status).toBe(400);
      expect((await body(res)).message).toBe("Invalid verification code format.");
    },
  );

  it("refuses a malformed e-mail", async () => {
    const res = await verify("nope", "ABC123");
    expect(res.status).toBe(400);
    expect((await body(res)).message).toBe("Invalid email address.");
  });

  it("expires a code after 300 seconds", async () => {
    await sendEmail("slow@example.com");
    const code = latestCode(t, "slow@example.com")!;
    t.clock.advance(300_000);
    const res = await verify("slow@example.com", code);
    expect(res.status).toBe(400);
    expect((await body(res)).message).toBe("Verification code has expired. Please resend the code.");
  });

  it("still accepts a code one second before it expires", async () => {
    await sendEmail("just-in-time@example.com");
    const code = latestCode(t, "just-in-time@example.com")!;
    t.clock.advance(299_000);
    expect((await verify("just-in-time@example.com", code)).status).toBe(200);
  });

  it("kills the code after five wrong tries: the sixth try answers 429 even with the right code", async () => {
    await sendEmail("guesser@example.com");
    const code = latestCode(t, "guesser@example.com")!;
    const wrong = code === "ZZZZZZ" ? "YYYYYY" : "ZZZZZZ";
    for (let i = 0; i < 5; i++) expect((await verify("guesser@example.com", wrong)).status).toBe(400);
    const sixth = await verify("guesser@example.com", code);
    expect(sixth.status).toBe(429);
    expect((await body(sixth)).message).toMatch(/request a new verification code/);
    const retryAfter = Number(sixth.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);

    // A resend gives a fresh code with fresh tries.
    await sendEmail("guesser@example.com");
    expect((await verify("guesser@example.com", latestCode(t, "guesser@example.com")!)).status).toBe(200);
  });

  it("answers the sixth wrong code with 429 for an address with an account too, so counters reveal nothing", async () => {
    const user = await createUser(t);
    for (const email of [user.email, "brand-new-cook@example.com"]) {
      await t.app.request(`/api/users/sendEmail?to=${encodeURIComponent(email)}`, {
        method: "POST",
        headers: client,
      });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push(
          (await postForm(t, "/api/users/verifyEmailCode1", { email, code: "ZZZZZ9" }, client)).status,
        );
      }
      expect(statuses, email).toEqual([400, 400, 400, 400, 400, 429]);
    }
  });

  it("counts parallel guesses: no more than five are checked", async () => {
    await sendEmail("parallel@example.com");
    const code = latestCode(t, "parallel@example.com")!;
    const wrong = code === "QQQQQQ" ? "WWWWWW" : "QQQQQQ";
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async () => (await verify("parallel@example.com", wrong)).status),
    );
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it("replaces the old code on resend", async () => {
    await sendEmail("resend@example.com");
    const first = latestCode(t, "resend@example.com")!;
    await sendEmail("resend@example.com");
    const second = latestCode(t, "resend@example.com")!;
    if (first !== second) {
      const old = await verify("resend@example.com", first);
      expect(old.status).toBe(400);
    }
    expect((await verify("resend@example.com", second)).status).toBe(200);
  });

  it("refuses JSON and bodies without a content type with 415", async () => {
    await sendEmail("json@example.com");
    const code = latestCode(t, "json@example.com")!;
    const asJson = await postJson(
      t,
      "/api/users/verifyEmailCode1",
      { email: "json@example.com", code },
      client,
    );
    expect(asJson.status).toBe(415);
    const asText = await t.app.request("/api/users/verifyEmailCode1", {
      method: "POST",
      body: `email=json@example.com&code=${code}`,
      headers: { "content-type": "text/plain" },
    });
    expect(asText.status).toBe(415);
    // Nothing was used up: the form-encoded call still works.
    expect((await verify("json@example.com", code)).status).toBe(200);
  });

  it("refuses a 1 MB form with 413", async () => {
    const res = await postForm(
      t,
      "/api/users/verifyEmailCode1",
      { email: "a@example.com", code: "ABC123", pad: "x".repeat(1024 * 1024) },
      client,
    );
    expect(res.status).toBe(413);
  });

  it("treats SQL and script text as plain input: rejected by the format rules, never run", async () => {
    const someone = await createUser(t);
    await sendEmail("kept@example.com");
    const keptCode = latestCode(t, "kept@example.com")!;
    const res = await verify("x'); DROP TABLE users;--@example.com", "'; --");
    expect(res.status).toBe(400);
    const res2 = await verify("<script>alert(1)</script>@example.com", "<b>1</b>");
    expect(res2.status).toBe(400);
    expect((await body(res2)).data).toEqual({
      fields: { email: "Invalid email address.", code: "Invalid verification code format." },
    });
    // Nothing ran: the tables and their rows are as they were, and the waiting code still works.
    const users = await t.db.query.users.findMany();
    expect(users.map((u) => u.email)).toContain(someone.email);
    const codes = await t.db.select().from(emailVerifications).all();
    expect(codes.map((row) => row.email)).not.toContain("x'); drop table users;--@example.com");
    expect((await verify("kept@example.com", keptCode)).status).toBe(200);
  });
});
