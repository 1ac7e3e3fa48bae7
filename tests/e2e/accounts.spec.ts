// The account journey in Chromium against the built site on the Node entry (issue 4): sign up,
// read the code from the development outbox, paste it, finish step 2, log in, see Log Out,
// log out. Plus the verification countdown under a controlled clock, the code boxes, login
// errors and the password reset.
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { hydrateIslands, openBrowser, type Site, startSite } from "./harness.ts";

const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = startSite();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Unique per run: the shared site's database outlives a single test. */
function newPerson() {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    username: `e2e_${stamp}`.slice(0, 30),
    email: `e2e.${stamp}@example.com`,
    firstName: "Ada",
    lastName: "Lovelace",
    phoneNumber: `+4477${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
    password: "crispy duck pancakes at midnight",
  };
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  sentAt: number;
}

/** The newest code sent to `to` after `since`, read from the development outbox. */
async function codeFromOutbox(to: string, since: number, subject = /code/i): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${site.baseUrl}/api/dev/outbox`);
    const body = (await response.json()) as { data: OutboxMessage[] };
    const message = body.data.find((m) => m.to === to && subject.test(m.subject) && m.sentAt >= since);
    const code = message && /^([A-Z0-9]{6})$/m.exec(message.text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code for ${to} in the outbox`);
}

/** Script errors and Content-Security-Policy refusals seen by a page: a blocked island is broken. */
const pageProblems = new WeakMap<Page, string[]>();

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const problems: string[] = [];
  pageProblems.set(page, problems);
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|Uncaught/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  return { context, page };
}

/** expect.poll with room for a busy machine (its default gives up after one second). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

const url = (path: string) => `${site.baseUrl}${path}`;
const storage = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);
/** Computed text colour of the status line, to check green for success and red for errors. */
const statusColour = (page: Page) =>
  page
    .getByRole("status")
    .locator("p")
    .evaluate((el) => getComputedStyle(el).color);
const GREEN = "rgb(31, 107, 58)"; // --color-herb
const RED = "rgb(180, 35, 24)"; // --color-danger

/** Sign-up through the API, for tests whose subject comes after it. */
async function createAccount(person: ReturnType<typeof newPerson>) {
  const since = Date.now() - 1000;
  const post = (path: string, init: RequestInit) =>
    fetch(`${site.baseUrl}/api${path}`, { method: "POST", ...init });
  expect((await post(`/users/sendEmail?to=${encodeURIComponent(person.email)}`, {})).status).toBe(200);
  const code = await codeFromOutbox(person.email, since);
  const verified = await post("/users/verifyEmailCode1", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: person.email, code }).toString(),
  });
  expect(verified.status).toBe(200);
  const { signupTicket } = ((await verified.json()) as { data: { signupTicket: string } }).data;
  const signup = await post("/users/signup", {
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...person, signupTicket }),
  });
  expect(signup.status).toBe(201);
}

describe("accounts in the browser", () => {
  it("signs up with a verified e-mail, logs in and logs out", async () => {
    const person = newPerson();
    const { context, page } = await newPage();
    try {
      // Step 1.
      await page.goto(url("/email-verification-users"));
      await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign Up");
      await page.getByLabel("Username").fill(person.username);
      await page.getByLabel("E-mail address").fill("not-an-address");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText("Invalid email address. Please enter a valid email.").waitFor();

      const since = Date.now() - 1000;
      await page.getByLabel("E-mail address").fill(person.email);
      await page.getByRole("button", { name: "Next" }).click();

      // Verification: the confirmation of step 1 (shown here, not cut off by a timed move on),
      // masked address, the countdown, and a pasted code submitted on its own.
      await page.waitForURL(url("/verification"));
      await page.getByText("Verification email sent successfully!").waitFor();
      expect(await statusColour(page)).toBe(GREEN);
      const masked = `${person.email[0]}***@example.com`;
      await page.getByText(masked).waitFor();
      expect(await page.getByText(person.email).count()).toBe(0);
      await eventually(() => page.locator(".acct-timer").textContent()).toMatch(/^0[45]:[0-5]\d$/);
      expect(await page.getByRole("button", { name: "Resend code" }).isDisabled()).toBe(true);

      const code = await codeFromOutbox(person.email, since);
      const firstBox = page.getByRole("textbox", { name: "Character 1 of 6" });
      expect(await firstBox.getAttribute("autocomplete")).toBe("one-time-code");
      await firstBox.focus();
      // A real paste event carrying the code as the e-mail shows it, lower-cased to prove upper-casing.
      await firstBox.evaluate((input, text) => {
        const data = new DataTransfer();
        data.setData("text/plain", text);
        input.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
        );
      }, ` ${code.toLowerCase()} `);
      for (let i = 0; i < 6; i += 1) {
        expect(await page.getByRole("textbox", { name: `Character ${i + 1} of 6` }).inputValue()).toBe(
          code.charAt(i),
        );
      }
      await page.getByRole("dialog", { name: "Email verified" }).waitFor();

      // Step 2: after the 3 s overlay, with e-mail, username and the sign-up ticket carried over.
      await page.waitForURL(url("/sign-up-users"), { timeout: 10_000 });
      expect(await storage(page, "signupTicket")).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const email = page.getByLabel("E-mail address");
      await eventually(() => email.inputValue()).toBe(person.email);
      expect(await email.getAttribute("readonly")).not.toBeNull();
      expect(await page.getByLabel("Username").inputValue()).toBe(person.username);
      await page.getByLabel("First name").fill(person.firstName);
      await page.getByLabel("Last name").fill(person.lastName);
      await page.getByLabel("Phone number").fill(person.phoneNumber);
      const password = page.getByLabel("Password", { exact: true });
      await password.fill(person.password);
      // Hover to reveal, and hidden again when the pointer leaves.
      expect(await password.getAttribute("type")).toBe("password");
      await page.getByRole("button", { name: "Show password" }).hover();
      expect(await password.getAttribute("type")).toBe("text");
      await page.getByLabel("First name").hover();
      expect(await password.getAttribute("type")).toBe("password");

      await page.getByRole("button", { name: "Sign Up" }).click();
      await page.getByText("Signup successful!").waitFor();
      expect(await statusColour(page)).toBe(GREEN);
      // Used up: the ticket leaves the browser with the rest of the draft.
      expect(await storage(page, "signupTicket")).toBeNull();

      // Issue 24: sign-up ends signed in, on the feed, without typing the password again.
      await page.waitForURL(url("/home"), { timeout: 10_000 });
      expect(await storage(page, "token")).toBeTruthy();
      expect(await storage(page, "username")).toBe(person.username);
      const menu = page.getByRole("navigation", { name: "Account" });
      await page.locator("[data-account-menu][data-ready]").waitFor();
      await menu.getByRole("button", { name: /^Account/ }).click();
      await menu.getByRole("button", { name: "Log Out" }).click();
      await page.waitForURL(url("/"));
      await page.goto(url("/sign-in-users"));

      // Login: the address is remembered; the button says so while the call is in flight.
      const identifier = page.getByLabel("E-mail or phone number");
      await eventually(() => identifier.inputValue()).toBe(person.email);
      expect(await identifier.getAttribute("placeholder")).toBe("Email or Phone Number is required");
      const passwordField = page.getByLabel("Password", { exact: true });
      expect(await passwordField.getAttribute("placeholder")).toBe("Password is required");
      await passwordField.fill(person.password);
      let releaseLogin: () => void = () => {};
      const held = new Promise<void>((resolve) => (releaseLogin = resolve));
      await page.route("**/api/users/login", async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole("button", { name: "Log In" }).click();
      const busy = page.getByRole("button", { name: "Logging in..." });
      await busy.waitFor();
      // Marked busy, not disabled, so the focus stays on it (issue 16).
      expect(await busy.getAttribute("aria-disabled")).toBe("true");
      releaseLogin();

      // Spec point 2: a login lands on the social feed.
      await page.waitForURL(url("/home"));
      const account = page.getByRole("navigation", { name: "Account" });
      await page.locator("[data-account-menu][data-ready]").waitFor();
      expect(await storage(page, "token")).toBeTruthy();
      expect(Number(await storage(page, "userId"))).toBeGreaterThan(0);
      expect(await storage(page, "username")).toBe(person.username);
      expect(await storage(page, "email")).toBe(person.email);

      // Issue 24: from a signed-in-only page, Log Out goes to the discovery home, signed out.
      await account.getByRole("button", { name: /^Account/ }).click();
      await account.getByRole("button", { name: "Log Out" }).click();
      await page.waitForURL(url("/"));
      await page.getByRole("link", { name: "Log In" }).waitFor();
      expect(await storage(page, "token")).toBeNull();
      expect(await storage(page, "userId")).toBeNull();
      expect(await page.getByRole("button", { name: "Log Out" }).isVisible()).toBe(false);
      expect(pageProblems.get(page)).toEqual([]);
    } finally {
      await context.close();
    }
    // Three screens with real waits (overlay 3 s, redirect 2 s) on a shared, busy machine.
  }, 120_000);

  it("sends step 2 back to step 1 when this browser holds no sign-up ticket", async () => {
    const person = newPerson();
    const { context, page } = await newPage();
    try {
      await page.goto(url("/sign-in-users"));
      // The address and username of a draft, as another browser would have them: no ticket.
      await page.evaluate((draft) => {
        localStorage.setItem("signupEmail", draft.email);
        localStorage.setItem("signupUsername", draft.username);
      }, person);
      await page.goto(url("/sign-up-users"));
      await page.getByRole("link", { name: "Start sign-up" }).waitFor();
      expect(await page.getByRole("button", { name: "Sign Up" }).count()).toBe(0);
      expect(pageProblems.get(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("counts the code down each second and offers Resend after 60 s with a polite notice, then restarts", async () => {
    const person = newPerson();
    const { context, page } = await newPage();
    try {
      const start = Date.now();
      await context.clock.install({ time: start });
      await context.clock.pauseAt(start + 1000);
      await page.goto(url("/sign-in-users"));
      await page.evaluate(
        (draft) => {
          localStorage.setItem("signupEmail", draft.email);
          localStorage.setItem("signupUsername", draft.username);
          localStorage.setItem("signupCodeSentAt", draft.sentAt);
        },
        { email: person.email, username: person.username, sentAt: String(start + 1000) },
      );
      await page.goto(url("/verification"));
      const timer = page.locator(".acct-timer");
      const resend = page.getByRole("button", { name: "Resend code" });
      const resendTimer = page.locator(".acct-resend-timer");
      const politeNotice = page.locator('[aria-live="polite"]', { hasText: "You can now ask for a new code." });
      await eventually(() => timer.textContent()).toBe("05:00");
      await eventually(() => resendTimer.textContent()).toBe("01:00");
      await context.clock.runFor(1000);
      await eventually(() => timer.textContent()).toBe("04:59");
      expect(await resendTimer.textContent()).toBe("00:59");
      expect(await resend.isDisabled()).toBe(true);
      expect(await politeNotice.count()).toBe(0);

      // Issue 24: Resend opens after 60 s, while the code itself still has four minutes.
      await context.clock.runFor(58_000);
      await eventually(() => resendTimer.textContent()).toBe("00:01");
      expect(await resend.isDisabled()).toBe(true);
      await context.clock.runFor(1000);
      await eventually(() => resend.isDisabled()).toBe(false);
      expect(await timer.textContent()).toBe("04:00");
      expect(await resendTimer.count()).toBe(0);
      await politeNotice.waitFor({ state: "attached" });

      // The code still expires at 00:00, and Resend stays open.
      await context.clock.runFor(240_000);
      await page.getByText("Verification code has expired. Please resend the code.").waitFor();
      expect(await resend.isDisabled()).toBe(false);

      await resend.click();
      await page.getByText("Verification email resent successfully!").waitFor();
      expect(await statusColour(page)).toBe(GREEN);
      await eventually(() => timer.textContent()).toBe("05:00");
      expect(await resend.isDisabled()).toBe(true);
      expect(await resendTimer.textContent()).toBe("01:00");

      // Status messages disappear after 5 seconds (spec point 9).
      await context.clock.runFor(5000);
      await eventually(() => page.getByText("Verification email resent successfully!").count()).toBe(0);
      await eventually(() => timer.textContent()).toBe("04:55");
    } finally {
      await context.close();
    }
  });

  it("upper-cases typed characters, moves back on Backspace and refuses a wrong code", async () => {
    const person = newPerson();
    const { context, page } = await newPage();
    try {
      await page.goto(url("/email-verification-users"));
      await page.getByLabel("Username").fill(person.username);
      await page.getByLabel("E-mail address").fill(person.email);
      await page.getByRole("button", { name: "Next" }).click();
      await page.waitForURL(url("/verification"));

      const box = (n: number) => page.getByRole("textbox", { name: `Character ${n} of 6` });
      await box(1).waitFor();
      // The first box has the focus on arrival: the code can be typed at once.
      await eventually(() => box(1).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type("a");
      expect(await box(1).inputValue()).toBe("A");
      expect(await box(2).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type("b");
      // Box 3 is empty: Backspace goes back to box 2 and clears it.
      await page.keyboard.press("Backspace");
      expect(await box(2).inputValue()).toBe("");
      expect(await box(2).evaluate((el) => el === document.activeElement)).toBe(true);

      // Six characters submit by themselves; a wrong code is refused in red and the boxes clear.
      // "-" is refused; the fifth z completes the code. Nothing is typed after it: a key that
      // lands once the refusal is shown is a change of input, which rightly clears the error.
      await page.keyboard.type("-zzzzz");
      await page.getByText("Invalid verification code. Please try again.").waitFor();
      expect(await statusColour(page)).toBe(RED);
      await eventually(() => box(1).inputValue()).toBe("");
      await eventually(() => box(1).evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("shows the login messages of spec points 5 and 8", async () => {
    const { context, page } = await newPage();
    try {
      await page.goto(url("/sign-in-users"));
      await page.getByRole("button", { name: "Log In" }).click();
      await page.getByText("Email or Phone Number is required", { exact: true }).first().waitFor();
      expect(await page.getByLabel("E-mail or phone number").getAttribute("aria-invalid")).toBe("true");

      await page.getByLabel("E-mail or phone number").fill("nobody-here@example.com");
      await page.getByLabel("Password", { exact: true }).fill("not the password");
      await page.getByRole("button", { name: "Log In" }).click();
      await page.getByText("Invalid email or password. Please try again.").waitFor();
      expect(await statusColour(page)).toBe(RED);
      expect(await storage(page, "token")).toBeNull();
      expect(await page.getByRole("button", { name: "Log In" }).isEnabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("resets a forgotten password with a code by e-mail", async () => {
    const person = newPerson();
    await createAccount(person);
    const { context, page } = await newPage();
    try {
      await page.goto(url("/sign-in-users"));
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await page.waitForURL(url("/forgot-password"));
      const since = Date.now() - 1000;
      await page.getByLabel("E-mail address").fill(person.email);
      await page.getByRole("button", { name: "Send code" }).click();
      await page.getByText("If an account exists for that address, we have sent a code.").waitFor();

      const code = await codeFromOutbox(person.email, since, /password/i);
      await page.getByLabel("Code from the e-mail").fill(code);
      const newPassword = "lemon drizzle with extra lemon";
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByRole("button", { name: "Set new password" }).click();
      await page.getByText("Your password has been changed. Please log in with your new password.").waitFor();
      await page.waitForURL(url("/sign-in-users"), { timeout: 10_000 });

      await eventually(() => page.getByLabel("E-mail or phone number").inputValue()).toBe(person.email);
      await page.getByLabel("Password", { exact: true }).fill(newPassword);
      await page.getByRole("button", { name: "Log In" }).click();
      await page.waitForURL(url("/home"));
      await page.getByRole("navigation", { name: "Account" }).getByRole("button", { name: /^Account/ }).waitFor();
    } finally {
      await context.close();
    }
  }, 90_000);

  it("has no serious or critical axe-core violations on any account screen, errors showing", async () => {
    // axe is an inline script, which the site's CSP blocks; only this test context bypasses it.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await context.newPage();
    const found: string[] = [];
    try {
      // Step 1 first, while no sign-up is in progress: with one, its fields are filled in
      // and Next would really send a code and move on.
      const screens: [string, string][] = [
        ["/email-verification-users", "Next"],
        ["/verification", "draft"],
        ["/sign-up-users", "Sign Up"],
        ["/sign-in-users", "Log In"],
        ["/forgot-password", "Send code"],
      ];
      for (const [path, submit] of screens) {
        if (submit === "draft") {
          await page.evaluate(() => {
            localStorage.setItem("signupEmail", "axe@example.com");
            localStorage.setItem("signupUsername", "axe_user");
            localStorage.setItem("signupCodeSentAt", String(Date.now()));
            localStorage.setItem("signupTicket", "A".repeat(43));
          });
        }
        await page.goto(url(path));
        await hydrateIslands(page);
        // Submitting empty shows the field errors, which are audited too.
        if (submit !== "draft") await page.getByRole("button", { name: submit, exact: true }).click();
        await page.addScriptTag({ path: AXE_PATH });
        const violations = (await page.evaluate(async () => {
          const axe = (
            window as unknown as { axe: { run: (d: Document) => Promise<{ violations: unknown[] }> } }
          ).axe;
          return (await axe.run(document)).violations;
        })) as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
        for (const v of violations) {
          if (v.impact === "serious" || v.impact === "critical") {
            found.push(`${path}: ${v.impact} ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
          }
        }
      }
    } finally {
      await context.close();
    }
    expect(found).toEqual([]);
  }, 90_000);
});
