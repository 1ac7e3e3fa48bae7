// What the browser specs of signed-in screens share: people made through the API (verified,
// signed up and logged in), calls with their token, a review posted as them, a browser context
// that holds their session, and keyboard moves. Each spec passes its site and browser in.
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { SiteUnderTest } from "./harness.ts";

export const PASSWORD = "charred leeks with romesco";

export type Session = Record<"token" | "userId" | "username" | "email", string>;

/** What a spec may choose about the person: nothing reads these but the sign-up itself. */
export type PersonOptions = Partial<Record<"firstName" | "lastName" | "password", string>>;

export interface ReviewOptions {
  rating?: string;
  dishReviews?: object[];
  images?: Blob[];
}

export interface PageOptions {
  /**
   * axe is injected as an inline script, which the site's CSP rightly blocks; such a context
   * lets the test's own script in. Other contexts keep the CSP, so a screen it blocks (a
   * chunk, a style) fails their tests.
   */
  forAxe?: boolean;
}

export interface SessionHelpers {
  url: (path: string) => string;
  /** The six-letter code in the newest mail to `to` since `since` whose subject matches. */
  codeFromOutbox: (to: string, since: number, subject?: RegExp) => Promise<string>;
  signedInSession: (prefix: string, person?: PersonOptions) => Promise<Session>;
  api: <T>(
    session: Session | null,
    path: string,
    init?: RequestInit,
  ) => Promise<{ status: number; body: { message: string; data: T } }>;
  postReview: (
    session: Session,
    restaurantId: number,
    content: string,
    review?: ReviewOptions,
  ) => Promise<number>;
  /** A restaurant `session` adds in the first region's first area (it awaits approval); its id. */
  addRestaurant: (session: Session, restaurant: NewRestaurant) => Promise<number>;
  /** Opens an item page and scrolls to its reviews, which load as they come into view. */
  openReviews: (page: Page, path: string) => Promise<Locator>;
  newPage: (session: Session | null, options?: PageOptions) => Promise<OpenedPage>;
  /**
   * A test's tab: opened as `session`, handed to `body`, found free of page errors once
   * `body` has passed, and closed whatever happened.
   */
  withPage: {
    (session: Session | null, body: (opened: OpenedPage) => Promise<void>): Promise<void>;
    (session: Session | null, options: PageOptions, body: (opened: OpenedPage) => Promise<void>): Promise<void>;
  };
}

export interface NewRestaurant {
  name: string;
  address: string;
  postCode: string;
  tags: string[];
  contactEmail?: string;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Page errors, CSP refusals and native dialogs seen so far. */
  problems: string[];
}

/**
 * `baseUrl` may be a function: specs start their site in beforeAll, and read through a
 * function the helpers can be made at the top of the file.
 */
export function sessionHelpers(baseUrl: string | (() => string), browser: () => Browser): SessionHelpers {
  const url = (path: string) => `${typeof baseUrl === "string" ? baseUrl : baseUrl()}${path}`;

  async function codeFromOutbox(to: string, since: number, subject = /code/i): Promise<string> {
    // Mail is sent after the answer (the mail port); with four files at a time on two cores
    // it has taken more than the 5 s this once allowed.
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const body = (await (await fetch(url("/api/dev/outbox"))).json()) as {
        data: { to: string; subject: string; text: string; sentAt: number }[];
      };
      const message = body.data.find((m) => m.to === to && subject.test(m.subject) && m.sentAt >= since);
      const code = message && /^([A-Z0-9]{6})$/m.exec(message.text)?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no mail to ${to} matching ${subject} in the outbox`);
  }

  async function signedInSession(prefix: string, options: PersonOptions = {}): Promise<Session> {
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const person = {
      username: `${prefix}_${stamp}`.slice(0, 30),
      email: `${prefix}.${stamp}@example.com`,
      firstName: "Ada",
      lastName: "Okafor",
      phoneNumber: `+4477${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
      password: PASSWORD,
      ...options,
    };
    const since = Date.now() - 1000;
    const post = (path: string, init: RequestInit) => fetch(url(`/api${path}`), { method: "POST", ...init });
    expect((await post(`/users/sendEmail?to=${encodeURIComponent(person.email)}`, {})).status).toBe(200);
    const code = await codeFromOutbox(person.email, since);
    const verified = await post("/users/verifyEmailCode1", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: person.email, code }).toString(),
    });
    expect(verified.status).toBe(200);
    const { signupTicket } = ((await verified.json()) as { data: { signupTicket: string } }).data;
    const json = { "Content-Type": "application/json" };
    const signup = JSON.stringify({ ...person, signupTicket });
    expect((await post("/users/signup", { headers: json, body: signup })).status).toBe(201);
    const login = await post("/users/login", {
      headers: json,
      body: JSON.stringify({ emailOrPhoneNumber: person.email, password: person.password }),
    });
    const { data } = (await login.json()) as { data: { token: string; userId: number; username: string } };
    return { token: data.token, userId: String(data.userId), username: data.username, email: person.email };
  }

  /** A string body is sent as JSON; a FormData body keeps the multipart type fetch gives it. */
  async function api<T>(session: Session | null, path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (session) headers.set("Authorization", `Bearer ${session.token}`);
    if (init.body && typeof init.body === "string") headers.set("Content-Type", "application/json");
    const send = () => fetch(url(`/api${path}`), { ...init, headers });
    const response = await send().catch((error: Error & { cause?: { code?: string } }) => {
      // A kept-alive connection the server closed as the request went out: a browser sends an
      // idempotent request again on a new one, and so does this client, once, for a GET.
      const idempotent = (init.method ?? "GET").toUpperCase() === "GET";
      if (idempotent && error.cause?.code === "UND_ERR_SOCKET") return send();
      throw error;
    });
    return { status: response.status, body: (await response.json()) as { message: string; data: T } };
  }

  /** One restaurant review, with any dish reviews and photos, through the spec's multipart call. */
  async function postReview(
    session: Session,
    restaurantId: number,
    content: string,
    { rating = "4.6", dishReviews, images = [] }: ReviewOptions = {},
  ): Promise<number> {
    const form = new FormData();
    form.set("authId", session.userId);
    form.set("restaurantId", String(restaurantId));
    form.set("content", content);
    form.set("rating", rating);
    if (dishReviews) form.set("dishReviews", JSON.stringify(dishReviews));
    images.forEach((image, i) => form.append("images", image, `photo-${i + 1}.png`));
    const { status, body } = await api<{ postId: number }>(session, "/posts/save", {
      method: "POST",
      body: form,
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    expect({ status, message: body.message }).toMatchObject({ status: 200 });
    return body.data.postId;
  }

  async function addRestaurant(session: Session, restaurant: NewRestaurant): Promise<number> {
    const regions = await api<{ id: number }[]>(null, "/regions/all");
    const areas = await api<{ id: number; regionId: number }[]>(null, "/areas/all");
    const region = regions.body.data[0]!;
    const area = areas.body.data.find((a) => a.regionId === region.id)!;
    const saved = await api<{ id: number }>(session, "/restaurants/save", {
      method: "POST",
      body: JSON.stringify({ ...restaurant, region: region.id, area: area.id }),
    });
    expect(saved.status, saved.body.message).toBe(200);
    return saved.body.data.id;
  }

  async function openReviews(page: Page, path: string): Promise<Locator> {
    await page.goto(url(path), { waitUntil: "load" });
    // The mount point stays while the list replaces the placeholder inside it.
    await page.locator("#reviews").scrollIntoViewIfNeeded();
    const section = page.getByRole("region", { name: "Reviews" });
    await section.getByText("Loading reviews…").waitFor({ state: "detached" });
    return section;
  }

  async function newPage(session: Session | null, { forAxe = false }: PageOptions = {}): Promise<OpenedPage> {
    const context = await browser().newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: forAxe,
      acceptDownloads: true,
    });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    if (session) await seedSession(context, session);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy|Uncaught/i.test(message.text()))
        problems.push(message.text());
    });
    // The site asks and confirms in its own dialogs; a native one is a fault.
    page.on("dialog", (dialog) => {
      problems.push(`a dialog opened: ${dialog.message()}`);
      void dialog.dismiss();
    });
    return { context, page, problems };
  }

  async function withPage(
    session: Session | null,
    ...rest: [(opened: OpenedPage) => Promise<void>] | [PageOptions, (opened: OpenedPage) => Promise<void>]
  ): Promise<void> {
    const [options, body] = rest.length === 1 ? [{}, rest[0]] : rest;
    const opened = await newPage(session, options);
    try {
      await body(opened);
      expect(opened.problems).toEqual([]);
    } finally {
      await opened.context.close();
    }
  }

  return { url, codeFromOutbox, signedInSession, api, postReview, addRestaurant, openReviews, newPage, withPage };
}

/**
 * Signs each new tab of the context in as `session`. Once per tab, not on every load: a
 * sign-out or an account deletion must stay signed out. The mark is the tab's window.name,
 * which survives the deletion emptying both storages.
 */
export async function seedSession(context: BrowserContext, session: Session): Promise<void> {
  await context.addInitScript((stored) => {
    if (window.name !== "e2e-session-seeded") {
      for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
      window.name = "e2e-session-seeded";
    }
  }, session);
}

/** The helpers for a spec that opened its site with `useSite()`. */
export function sessionHelpersFor(shared: Pick<SiteUnderTest, "site" | "browser">): SessionHelpers {
  return sessionHelpers(
    () => shared.site.baseUrl,
    () => shared.browser,
  );
}

/** Presses Tab (or Shift+Tab) until `target` has the focus: proof it is reachable by keyboard. */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 200 } = {},
): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

export async function press(page: Page, target: Locator, key = "Enter"): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}
