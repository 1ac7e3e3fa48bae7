import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { earlyAccessRegistrations } from "../db/schema.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

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

const influencer = {
  firstName: "Ada",
  lastName: "Okafor",
  email: "Ada.Okafor@Example.com ",
  phone: "+44 7700 900123",
  socialUrl: "https://www.instagram.com/ada.eats",
};

describe("POST /api/register (app banner)", () => {
  it("thanks the visitor and stores the address once, lower-cased, as kind app-banner", async () => {
    const first = await post("/register", { email: "Foodie@Example.com" });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ code: 200, message: "Thank you for registering!", data: null });

    const again = await post("/register", { email: "foodie@example.com" });
    expect(again.status).toBe(200);
    expect((await again.json()).message).toBe("Thank you for registering!");

    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: "app-banner", email: "foodie@example.com", firstName: null });
    expect(stored[0]?.createdAt).toBe(t.clock.now());
  });

  it.each([
    ["an empty address", { email: "" }],
    ["an address without a domain", { email: "foodie@" }],
    ["an address with spaces", { email: "foo die@example.com" }],
    ["a missing field", {}],
    ["a number", { email: 42 }],
  ])("refuses %s with the spec's message and stores nothing", async (_label, body) => {
    const res = await post("/register", body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json).toMatchObject({ code: 400, message: "Please enter a valid email address." });
    expect(json.data.fields.email).toBe("Please enter a valid email address.");
    expect(await rows()).toEqual([]);
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
    });
  });

  it("accepts a missing, empty or null phone as none", async () => {
    await post("/registrations/early-access", { firstName: "A", lastName: "B", email: "a@b.co" });
    await post("/registrations/early-access", { firstName: "C", lastName: "D", email: "c@d.co", phone: "" });
    await post("/registrations/early-access", { firstName: "E", lastName: "F", email: "e@f.co", phone: null });
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

  it("keeps the first details when the same address joins again", async () => {
    await post("/registrations/early-access", { firstName: "Sam", lastName: "Lee", email: "sam@example.com" });
    const again = await post("/registrations/early-access", {
      firstName: "Mallory",
      lastName: "Other",
      email: "SAM@example.com",
    });
    expect(again.status).toBe(200);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.firstName).toBe("Sam");
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
    });
  });

  it("stores script-like text verbatim: escaping is the job of whatever displays it", async () => {
    const name = `<script>alert("x")</script>`;
    const res = await post("/registrations/influencer", { ...influencer, firstName: name });
    expect(res.status).toBe(200);
    expect((await rows())[0]?.firstName).toBe(name);
  });

  it.each([
    ["a missing social URL", { socialUrl: undefined }, "Please enter the address of your main social media profile."],
    ["a javascript: URL", { socialUrl: "javascript:alert(1)" }, "Please enter a full web address starting with https://"],
    ["a bare handle", { socialUrl: "@ada.eats" }, "Please enter a full web address starting with https://"],
    ["a bad e-mail", { email: "ada" }, "Please enter a valid email address."],
  ])("refuses %s and stores nothing", async (_label, change, message) => {
    const res = await post("/registrations/influencer", { ...influencer, ...change });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
    expect(await rows()).toEqual([]);
  });

  it("answers a repeat application like the first without a second row", async () => {
    await post("/registrations/influencer", influencer);
    const again = await post("/registrations/influencer", influencer);
    expect(again.status).toBe(200);
    expect(await rows()).toHaveLength(1);
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
    expect((await limited.json()).message).toMatch(/^Too many sign-ups from your network\. Please try again in/);
    expect(await rows()).toHaveLength(20);

    t.clock.advance(10 * 60_000);
    expect((await post("/register", { email: "one-more@example.com" })).status).toBe(200);
  });
});
