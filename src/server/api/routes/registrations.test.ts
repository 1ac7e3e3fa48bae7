import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { earlyAccessRegistrations } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { confirmTokenFor } from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { hashRegistrationToken } from "../services/registrations.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  expect(t.errors).toEqual([]);
  await t.close();
});

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.request(`/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const rows = () => t.db.select().from(earlyAccessRegistrations).all();
const mail = () => t.deps.outbox!();
const HOUR = 60 * 60_000;

const confirm = (token: unknown) => post("/registrations/confirm", { token });

const influencer = {
  firstName: "Ada",
  lastName: "Okafor",
  email: "Ada.Okafor@Example.com ",
  phone: "+44 7700 900123",
  socialUrl: "https://www.instagram.com/ada.eats",
};

describe("POST /api/register (app banner)", () => {
  it("thanks the visitor, keeps the address as pending and mails a confirmation link", async () => {
    const res = await post("/register", { email: "Foodie@Example.com" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 200, message: "Thank you for registering!", data: null });

    const [row] = await rows();
    expect(row).toMatchObject({
      kind: "app-banner",
      email: "foodie@example.com",
      firstName: null,
      status: "pending",
      confirmedAt: null,
      createdAt: t.clock.now(),
      confirmExpiresAt: t.clock.now() + 72 * HOUR,
    });
    expect(mail()).toHaveLength(1);
    expect(mail()[0]).toMatchObject({
      to: "foodie@example.com",
      subject: "Confirm your email for Dishcovery app news",
    });
    const token = confirmTokenFor(t, "foodie@example.com");
    expect(mail()[0]?.text).toContain(`http://localhost:4321/confirm-registration?token=${token}`);
    expect(mail()[0]?.html).toContain(`href="http://localhost:4321/confirm-registration?token=${token}"`);
    // Only the hash is stored: a leaked table confirms nobody.
    expect(row?.confirmTokenHash).toBe(hashRegistrationToken(token));
    expect(JSON.stringify(await rows())).not.toContain(token);
  });

  it.each([
    ["an empty address", { email: "" }],
    ["an address without a domain", { email: "foodie@" }],
    ["an address with spaces", { email: "foo die@example.com" }],
    ["a missing field", {}],
    ["a number", { email: 42 }],
  ])("refuses %s with the spec's message, stores nothing and mails nothing", async (_label, body) => {
    const res = await post("/register", body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json).toMatchObject({ code: 400, message: "Please enter a valid email address." });
    expect(json.data.fields.email).toBe("Please enter a valid email address.");
    expect(await rows()).toEqual([]);
    expect(mail()).toEqual([]);
  });

  it.each([
    ["a zero-width space", "foo\u200Bdie@example.com"],
    ["a right-to-left override", "\u202Emoc.elpmaxe@eidoof"],
    ["a byte-order mark trim would drop", "\uFEFFfoodie@example.com"],
    ["a NUL", "foodie@example.com\u0000"],
    ["a line feed (header injection)", "foodie@example.com\nBcc: all@example.com"],
  ])("refuses an address with %s, naming the field, and mails nothing", async (_label, email) => {
    const res = await post("/register", { email });
    expect(res.status).toBe(400);
    expect((await res.json()).data.fields.email).toBe(
      "Email must not contain control or invisible characters.",
    );
    expect(await rows()).toEqual([]);
    expect(mail()).toEqual([]);
  });

  it("refuses malformed JSON in the envelope", async () => {
    const res = await post("/register", "{not json");
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe(400);
    expect(await rows()).toEqual([]);
  });

  it("refuses a 1 MB body with 413 before reading it and stores nothing", async () => {
    const res = await post("/register", { email: `${"a".repeat(1024 * 1024)}@example.com` });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 413, message: "The form is too large to send.", data: null });
    expect(await rows()).toEqual([]);
  });

  it("keeps the banner list apart from the early-access list for the same address", async () => {
    await post("/register", { email: "foodie@example.com" });
    const res = await post("/registrations/early-access", {
      firstName: "Sam",
      lastName: "Lee",
      email: "foodie@example.com",
    });
    expect(res.status).toBe(200);
    expect((await rows()).map((r) => r.kind).sort()).toEqual(["app-banner", "early-access"]);
    expect(mail().map((m) => m.subject)).toEqual([
      "Confirm your email for Dishcovery app news",
      "Confirm your email for Dishcovery early access",
    ]);
  });
});

describe("POST /api/registrations/confirm", () => {
  it("confirms the sign-up the link was mailed for, and a second click answers the same", async () => {
    await post("/register", { email: "foodie@example.com" });
    const token = confirmTokenFor(t, "foodie@example.com");
    t.clock.advance(HOUR);

    const res = await confirm(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      code: 200,
      message: "Your email address is confirmed. We will let you know when the app is ready.",
      data: { kind: "app-banner" },
    });
    const [row] = await rows();
    expect(row).toMatchObject({
      status: "confirmed",
      confirmedAt: t.clock.now(),
      email: "foodie@example.com",
    });

    const again = await confirm(token);
    expect(again.status).toBe(200);
    expect((await again.json()).data).toEqual({ kind: "app-banner" });
    expect(await rows()).toEqual([row]);
  });

  it("names the list in the answer for early access and influencer applications", async () => {
    await post("/registrations/early-access", {
      firstName: "Sam",
      lastName: "Lee",
      email: "sam@example.com",
    });
    await post("/registrations/influencer", influencer);
    expect((await (await confirm(confirmTokenFor(t, "sam@example.com"))).json()).message).toBe(
      "Your email address is confirmed. You are on the early-access list.",
    );
    expect((await (await confirm(confirmTokenFor(t, "ada.okafor@example.com"))).json()).message).toBe(
      "Your email address is confirmed. Our partnerships team will be in touch.",
    );
    expect((await rows()).map((r) => r.status)).toEqual(["confirmed", "confirmed"]);
  });

  it("changes nothing on a GET of the link (mail scanners fetch links)", async () => {
    await post("/register", { email: "foodie@example.com" });
    const token = confirmTokenFor(t, "foodie@example.com");
    const res = await t.app.request(`/api/registrations/confirm?token=${token}`);
    expect(res.status).toBe(404);
    expect((await rows())[0]?.status).toBe("pending");
  });

  it.each([
    ["a made-up token", "A".repeat(43)],
    ["a token one character short", "A".repeat(42)],
    ["the stored hash instead of the token", null],
    ["an SQL fragment", "' OR 1=1 --"],
    ["a number", 42],
    ["an empty token", ""],
  ])("refuses %s with a clear message and confirms nothing", async (_label, token) => {
    await post("/register", { email: "foodie@example.com" });
    const stored = (await rows())[0]!.confirmTokenHash!;
    const res = await confirm(token ?? stored);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      message: "This confirmation link is invalid or has expired. Please sign up again to get a new one.",
      data: {
        fields: {
          token: "This confirmation link is invalid or has expired. Please sign up again to get a new one.",
        },
      },
    });
    expect((await rows())[0]?.status).toBe("pending");
  });

  it("refuses a link after 72 hours, and the expired details are deleted at the next sign-up", async () => {
    await post("/register", { email: "foodie@example.com" });
    const token = confirmTokenFor(t, "foodie@example.com");
    t.clock.advance(72 * HOUR);
    const res = await confirm(token);
    expect(res.status).toBe(400);
    expect((await rows())[0]?.status).toBe("pending");

    await post("/register", { email: "someone-else@example.com" });
    expect((await rows()).map((r) => r.email)).toEqual(["someone-else@example.com"]);
  });

  it("answers 429 after 30 confirmations from one client in 10 minutes", async () => {
    for (let i = 0; i < 30; i++) expect((await confirm("B".repeat(43))).status).toBe(400);
    const limited = await confirm("B".repeat(43));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("a repeat submission", () => {
  it("replaces the pending details, mails a new link and retires the old one", async () => {
    await post("/registrations/early-access", {
      firstName: "Sam",
      lastName: "Lee",
      email: "sam@example.com",
    });
    const first = confirmTokenFor(t, "sam@example.com");
    t.clock.advance(60_000);
    const again = await post("/registrations/early-access", {
      firstName: "Samuel",
      lastName: "Lee",
      email: "SAM@example.com",
      phone: "020 7946 0958",
    });
    expect(again.status).toBe(200);
    const second = confirmTokenFor(t, "sam@example.com");
    expect(mail()).toHaveLength(2);
    expect(second).not.toBe(first);

    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      firstName: "Samuel",
      phone: "02079460958",
      status: "pending",
      createdAt: t.clock.now(),
    });

    expect((await confirm(first)).status).toBe(400);
    expect((await confirm(second)).status).toBe(200);
    expect((await rows())[0]).toMatchObject({ firstName: "Samuel", status: "confirmed" });
  });

  it("leaves confirmed details alone until the address owner follows the new link", async () => {
    await post("/registrations/influencer", influencer);
    await confirm(confirmTokenFor(t, "ada.okafor@example.com"));
    // A stranger re-applies with Ada's address and their own profile.
    await post("/registrations/influencer", { ...influencer, socialUrl: "https://evil.example.com/mallory" });
    const byStatus = async (status: "pending" | "confirmed") =>
      (
        await t.db
          .select()
          .from(earlyAccessRegistrations)
          .where(
            and(
              eq(earlyAccessRegistrations.email, "ada.okafor@example.com"),
              eq(earlyAccessRegistrations.status, status),
            ),
          )
          .all()
      ).map((r) => r.socialUrl);
    expect(await byStatus("confirmed")).toEqual(["https://www.instagram.com/ada.eats"]);
    expect(await byStatus("pending")).toEqual(["https://evil.example.com/mallory"]);

    // Only the mailbox owner can make the new details the confirmed ones.
    await confirm(confirmTokenFor(t, "ada.okafor@example.com"));
    expect(await byStatus("confirmed")).toEqual(["https://evil.example.com/mallory"]);
    expect(await byStatus("pending")).toEqual([]);
  });

  it("answers a new, a pending and a confirmed address alike, and mails each a link", async () => {
    await post("/registrations/early-access", {
      firstName: "P",
      lastName: "P",
      email: "pending@example.com",
    });
    await post("/registrations/early-access", {
      firstName: "C",
      lastName: "C",
      email: "confirmed@example.com",
    });
    await confirm(confirmTokenFor(t, "confirmed@example.com"));
    const sentBefore = mail().length;

    const answers = [];
    for (const email of ["new@example.com", "pending@example.com", "confirmed@example.com"]) {
      const res = await post("/registrations/early-access", { firstName: "X", lastName: "Y", email });
      const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== "date"));
      answers.push({ status: res.status, headers, body: await res.text() });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(
      mail()
        .slice(sentBefore)
        .map((m) => [m.to, m.subject]),
    ).toEqual([
      ["new@example.com", "Confirm your email for Dishcovery early access"],
      ["pending@example.com", "Confirm your email for Dishcovery early access"],
      ["confirmed@example.com", "Confirm your email for Dishcovery early access"],
    ]);
  });

  it("re-sends at most 5 links to one address an hour, whichever list, and then changes nothing", async () => {
    for (let i = 0; i < 5; i++) {
      const path = i % 2 === 0 ? "/register" : "/registrations/early-access";
      const res = await post(path, { firstName: "Sam", lastName: `Lee${i}`, email: "sam@example.com" });
      expect(res.status).toBe(200);
    }
    const before = await rows();
    const limited = await post("/registrations/early-access", {
      firstName: "Mallory",
      lastName: "X",
      email: "sam@example.com",
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).message).toMatch(
      /^Too many confirmation emails have been sent to this address\. Please try again in/,
    );
    expect(mail()).toHaveLength(5);
    expect(await rows()).toEqual(before);
    // Another address is not held back.
    expect((await post("/register", { email: "other@example.com" })).status).toBe(200);

    t.clock.advance(HOUR);
    expect((await post("/register", { email: "sam@example.com" })).status).toBe(200);
  });

  it("answers the same when the mail server fails, and logs a warning", async () => {
    const warnings: unknown[] = [];
    const failing: Mailer = { send: async () => Promise.reject(new Error("SMTP down")) };
    const other = await createTestApp({ mailer: failing });
    other.deps.log = (level, message) => void (level === "warn" && warnings.push(message));
    try {
      const res = await other.app.request("/api/register", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "foodie@example.com" }),
      });
      expect(res.status).toBe(200);
      expect((await res.json()).message).toBe("Thank you for registering!");
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(warnings).toEqual(["Could not send a registration confirmation"]);
    } finally {
      await other.close();
    }
  });
});

describe("POST /api/registrations/early-access", () => {
  it("stores the names, address and normalised phone and says so", async () => {
    const res = await post("/registrations/early-access", {
      firstName: "  Sam ",
      lastName: "Lee",
      email: "sam@example.co.uk",
      phone: "020 7946 0958",
    });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(
      "Thank you for joining! We will e-mail you as soon as the app is ready.",
    );
    const [row] = await rows();
    expect(row).toMatchObject({
      kind: "early-access",
      firstName: "Sam",
      lastName: "Lee",
      email: "sam@example.co.uk",
      phone: "02079460958",
      socialUrl: null,
      status: "pending",
    });
  });

  it("accepts a missing, empty or null phone as none", async () => {
    await post("/registrations/early-access", { firstName: "A", lastName: "B", email: "a@b.co" });
    await post("/registrations/early-access", { firstName: "C", lastName: "D", email: "c@d.co", phone: "" });
    await post("/registrations/early-access", {
      firstName: "E",
      lastName: "F",
      email: "e@f.co",
      phone: null,
    });
    expect((await rows()).map((r) => r.phone)).toEqual([null, null, null]);
  });

  it("names every missing field and stores nothing", async () => {
    const res = await post("/registrations/early-access", {});
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.message).toBe("First name is required.");
    expect(json.data.fields).toEqual({
      firstName: "First name is required.",
      lastName: "Last name is required.",
      email: "Please enter a valid email address.",
    });
    expect(await rows()).toEqual([]);
  });

  it("refuses blank names, a bad phone and over-long names", async () => {
    const res = await post("/registrations/early-access", {
      firstName: "   ",
      lastName: "x".repeat(101),
      email: "ok@example.com",
      phone: "call me",
    });
    expect(res.status).toBe(400);
    const { data } = await res.json();
    expect(Object.keys(data.fields).sort()).toEqual(["firstName", "lastName", "phone"]);
    expect(await rows()).toEqual([]);
  });

  it.each([
    ["a right-to-left override", { firstName: "Sam\u202Eeel" }, "firstName", "First name"],
    ["a zero-width space", { lastName: "L\u200Bee" }, "lastName", "Last name"],
    ["a NUL", { firstName: "Sam\u0000" }, "firstName", "First name"],
    ["a byte-order mark", { lastName: "\uFEFFLee" }, "lastName", "Last name"],
    ["a tab", { firstName: "Sam\tLee" }, "firstName", "First name"],
    ["a line feed", { lastName: "Lee\nApproved: yes" }, "lastName", "Last name"],
    ["an invisible character in the phone", { phone: "020 7946\u200B 0958" }, "phone", "Phone"],
  ])("refuses %s, naming the field, and stores and mails nothing", async (_label, change, field, label) => {
    const res = await post("/registrations/early-access", {
      firstName: "Sam",
      lastName: "Lee",
      email: "sam@example.com",
      ...change,
    });
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.message).toBe(`${label} must not contain control or invisible characters.`);
    expect(json.data.fields[field]).toBe(json.message);
    expect(await rows()).toEqual([]);
    expect(mail()).toEqual([]);
  });
});

describe("POST /api/registrations/influencer", () => {
  it("stores the application with its social URL and says so", async () => {
    const res = await post("/registrations/influencer", influencer);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      code: 200,
      message: "Thank you for applying! Our partnerships team will be in touch by e-mail.",
      data: null,
    });
    const [row] = await t.db
      .select()
      .from(earlyAccessRegistrations)
      .where(eq(earlyAccessRegistrations.kind, "influencer"))
      .all();
    expect(row).toMatchObject({
      email: "ada.okafor@example.com",
      phone: "+447700900123",
      socialUrl: "https://www.instagram.com/ada.eats",
      status: "pending",
    });
    expect(mail()[0]?.subject).toBe("Confirm your email for your Dishcovery influencer application");
  });

  it("stores script-like text verbatim: escaping is the job of whatever displays it", async () => {
    const name = `<script>alert("x")</script>`;
    const res = await post("/registrations/influencer", { ...influencer, firstName: name });
    expect(res.status).toBe(200);
    expect((await rows())[0]?.firstName).toBe(name);
  });

  it("stores the social URL in its parsed form, so a look-alike host shows as punycode", async () => {
    await post("/registrations/influencer", { ...influencer, socialUrl: "https://www.іnstagram.com/ada" });
    expect((await rows())[0]?.socialUrl).toBe("https://www.xn--nstagram-shh.com/ada");
  });

  const notHttps = "Please enter a full web address starting with https://";
  const credentials = "The social URL must not contain a user name or password.";
  const notPublic = "The social URL must be a public website, not a local or private address.";
  it.each([
    [
      "a missing social URL",
      { socialUrl: undefined },
      "Please enter the address of your main social media profile.",
    ],
    ["a javascript: URL", { socialUrl: "javascript:alert(1)" }, notHttps],
    ["a bare handle", { socialUrl: "@ada.eats" }, notHttps],
    ["an http URL", { socialUrl: "http://www.instagram.com/ada.eats" }, notHttps],
    ["https without slashes", { socialUrl: "https:evil.com" }, notHttps],
    ["https with one slash", { socialUrl: "https:/evil.com" }, notHttps],
    ["a scheme-relative URL", { socialUrl: "//evil.com/x" }, notHttps],
    ["a user and password", { socialUrl: "https://user:pw@evil.com" }, credentials],
    ["a user name dressed as a host", { socialUrl: "https://www.instagram.com@evil.com/ada" }, credentials],
    ["an empty user name", { socialUrl: "https://@evil.com/ada" }, credentials],
    ["http to loopback", { socialUrl: "http://127.0.0.1/" }, notHttps],
    ["https to loopback", { socialUrl: "https://127.0.0.1/" }, notPublic],
    ["loopback in hex", { socialUrl: "https://0x7f000001/" }, notPublic],
    ["loopback as one number", { socialUrl: "https://2130706433/" }, notPublic],
    ["a private address", { socialUrl: "https://10.0.0.5/admin" }, notPublic],
    ["the cloud metadata address", { socialUrl: "https://169.254.169.254/latest/meta-data/" }, notPublic],
    ["an IPv6 loopback", { socialUrl: "https://[::1]/" }, notPublic],
    ["an IPv4-mapped IPv6 address", { socialUrl: "https://[::ffff:127.0.0.1]/" }, notPublic],
    ["localhost", { socialUrl: "https://localhost/ada" }, notPublic],
    ["a name under localhost", { socialUrl: "https://ada.localhost/" }, notPublic],
    ["a .local name", { socialUrl: "https://printer.local/" }, notPublic],
    ["a host without a dot", { socialUrl: "https://intranet/ada" }, notPublic],
    ["a port", { socialUrl: "https://www.instagram.com:8443/ada" }, notPublic],
    [
      "a tab the URL parser would drop",
      { socialUrl: "https://evil\t.com/" },
      "The social URL must not contain control or invisible characters.",
    ],
    [
      "a right-to-left override",
      { socialUrl: "https://www.instagram.com/\u202Eada" },
      "The social URL must not contain control or invisible characters.",
    ],
    ["a bad e-mail", { email: "ada" }, "Please enter a valid email address."],
  ])("refuses %s, and stores and mails nothing", async (_label, change, message) => {
    const res = await post("/registrations/influencer", { ...influencer, ...change });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
    expect(await rows()).toEqual([]);
    expect(mail()).toEqual([]);
  });

  it("accepts the usual profile addresses", async () => {
    const urls = [
      "https://www.instagram.com/ada.eats",
      "https://TikTok.com/@ada.eats?lang=en",
      "https://youtube.com/@AdaEats",
      "https://ada-eats.substack.com/",
    ];
    for (const [i, socialUrl] of urls.entries()) {
      const res = await post("/registrations/influencer", {
        ...influencer,
        email: `ada${i}@example.com`,
        socialUrl,
      });
      expect(res.status, socialUrl).toBe(200);
    }
    expect((await rows()).map((r) => r.socialUrl)).toEqual([
      "https://www.instagram.com/ada.eats",
      "https://tiktok.com/@ada.eats?lang=en",
      "https://youtube.com/@AdaEats",
      "https://ada-eats.substack.com/",
    ]);
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After after 20 sign-ups from one client in 10 minutes, then lets them in again", async () => {
    for (let i = 0; i < 20; i++) {
      expect((await post("/register", { email: `visitor${i}@example.com` })).status).toBe(200);
    }
    const limited = await post("/register", { email: "one-more@example.com" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).message).toMatch(
      /^Too many sign-ups from your network\. Please try again in/,
    );
    expect(await rows()).toHaveLength(20);

    t.clock.advance(10 * 60_000);
    expect((await post("/register", { email: "one-more@example.com" })).status).toBe(200);
  });
});

describe("OpenAPI", () => {
  it("documents the sign-up calls and the confirmation", async () => {
    const doc = await (await t.app.request("/api/openapi.json")).json();
    for (const path of [
      "/register",
      "/registrations/early-access",
      "/registrations/influencer",
      "/registrations/confirm",
    ]) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
    expect(
      doc.paths["/registrations/confirm"].post.requestBody.content["application/json"].schema.properties
        .token,
    ).toBeDefined();
  });
});

describe("two clicks at once", () => {
  it("confirm the sign-up once and keep it", async () => {
    await post("/registrations/early-access", {
      firstName: "Sam",
      lastName: "Lee",
      email: "sam@example.com",
    });
    const token = confirmTokenFor(t, "sam@example.com");
    const answers = await Promise.all([confirm(token), confirm(token), confirm(token)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect((await rows()).map((r) => [r.status, r.firstName])).toEqual([["confirmed", "Sam"]]);
  });
});
