// POST /users/password/forgot and /users/password/reset on a real database and outbox.
import { describe, expect, it } from "vitest";
import {
  clientFromTestHeader,
  createUser,
  latestCode,
  postForm,
  postJson,
  readEnvelope,
} from "../testing/accounts.ts";
import { useTestApp } from "../testing/test-app.ts";

const t = useTestApp({}, clientFromTestHeader);
let serial = 0;
const client = () => ({ "x-test-client": `reset-${++serial}` });

const json = readEnvelope;
const forgot = (email: string) => postJson(t, "/api/users/password/forgot", { email }, client());
const reset = (email: string, code: string, password: string) =>
  postJson(t, "/api/users/password/reset", { email, code, password }, client());
const login = (email: string, password: string) =>
  postJson(t, "/api/users/login", { emailOrPhoneNumber: email, password }, client());
const NEW_PASSWORD = "roast parsnips with honey";

describe("password reset", () => {
  it("answers the same for an address with and without an account, and mails only the account", async () => {
    const user = await createUser(t);
    const known = await forgot(user.email);
    const unknown = await forgot("stranger@example.com");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const body = await json(known);
    expect(body).toEqual(await json(unknown));
    expect(body.message).toBe("If an account exists for that address, we have sent a code.");
    const mails = t.deps.outbox!();
    expect(mails.filter((m) => m.to === "stranger@example.com")).toEqual([]);
    const mail = mails.filter((m) => m.to === user.email).at(-1)!;
    expect(mail.subject).toBe("Your Dishcovery password reset code");
    expect(latestCode(t, user.email)).toMatch(/^[A-Z0-9]{6}$/);
  });

  it("sets the new password with the code and ends every old token", async () => {
    const user = await createUser(t);
    const before = await json(await login(user.email, user.password));
    await forgot(user.email);
    const res = await reset(user.email, latestCode(t, user.email)!.toLowerCase(), NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe(
      "Your password has been changed. Please log in with your new password.",
    );

    for (const token of [user.token, before.data.token]) {
      const old = await t.app.request(`/api/users/${user.userId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(old.status).toBe(401);
    }
    expect((await login(user.email, user.password)).status).toBe(401);
    const after = await login(user.email, NEW_PASSWORD);
    expect(after.status).toBe(200);
    // The code is used up.
    expect((await reset(user.email, latestCode(t, user.email)!, "another fine password")).status).toBe(400);
  });

  it("refuses a wrong code, and after five wrong tries answers 429 even for the right one", async () => {
    const user = await createUser(t);
    await forgot(user.email);
    const code = latestCode(t, user.email)!;
    const wrong = code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    for (let i = 0; i < 5; i++) {
      const res = await reset(user.email, wrong, NEW_PASSWORD);
      expect(res.status).toBe(400);
      expect((await json(res)).message).toBe("Invalid verification code. Please try again.");
    }
    const sixth = await reset(user.email, code, NEW_PASSWORD);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it("refuses an expired code", async () => {
    const user = await createUser(t);
    await forgot(user.email);
    t.clock.advance(300_000);
    const res = await reset(user.email, latestCode(t, user.email)!, NEW_PASSWORD);
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe("Verification code has expired. Please resend the code.");
  });

  it("refuses weak passwords and malformed input without using the code", async () => {
    const user = await createUser(t);
    await forgot(user.email);
    const code = latestCode(t, user.email)!;
    expect((await json(await reset(user.email, code, "password1"))).message).toBe(
      "This password is too common. Please choose a less guessable one.",
    );
    expect((await reset(user.email, code, "short")).status).toBe(400);
    expect((await json(await reset(user.email, "abc", NEW_PASSWORD))).message).toBe(
      "Invalid verification code format.",
    );
    expect((await json(await reset("nope", code, NEW_PASSWORD))).message).toBe("Invalid email address.");
    expect(
      (await postForm(t, "/api/users/password/reset", { email: user.email, code, password: NEW_PASSWORD }))
        .status,
    ).toBe(415);
    expect((await reset(user.email, code, NEW_PASSWORD)).status).toBe(200);
  });

  it("answers the sixth wrong code with 429 whether or not the address has an account", async () => {
    const user = await createUser(t);
    for (const email of [user.email, "nobody-here@example.com"]) {
      await forgot(email);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await reset(email, "ZZZZZ9", NEW_PASSWORD)).status);
      expect(statuses, email).toEqual([400, 400, 400, 400, 400, 429]);
    }
  });

  it("checks the code before the password, so a wrong code never says the password is the username", async () => {
    const user = await createUser(t);
    await forgot(user.email);
    const guess = await json(await reset(user.email, "ZZZZZ9", user.username));
    const stranger = await json(await reset("someone-else@example.com", "ZZZZZ9", "someone-else"));
    expect(guess.message).toBe("Invalid verification code. Please try again.");
    expect(stranger.message).toBe(guess.message);
  });

  it("keeps sign-up codes and reset codes apart", async () => {
    const user = await createUser(t);
    await forgot(user.email);
    const resetCode = latestCode(t, user.email)!;
    const asSignup = await postForm(
      t,
      "/api/users/verifyEmailCode1",
      { email: user.email, code: resetCode },
      client(),
    );
    expect(asSignup.status).toBe(400);

    await t.app.request("/api/users/sendEmail?to=newcomer@example.com", {
      method: "POST",
      headers: client(),
    });
    const signupCode = latestCode(t, "newcomer@example.com")!;
    expect((await reset("newcomer@example.com", signupCode, NEW_PASSWORD)).status).toBe(400);
  });

  it("shares the per-address mail limit with sign-up codes", async () => {
    const user = await createUser(t);
    for (let i = 0; i < 5; i++) expect((await forgot(user.email)).status).toBe(200);
    const res = await forgot(user.email);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
