// The one client of the API, for every island and for the build's page data (issue 10;
// docs/decisions/009-one-typed-api-client.md). Hono's `hc` over the API router's type: each
// path, input and answer is checked at compile time against the routes' own zod declarations.
// What every caller needs once lives here: the bearer token, a timeout, keepalive, and reading
// an answer into an outcome a screen can word (spec point 8).
// Only `hono/client` and types are imported: the home page's app banner uses this client and
// the page's JavaScript budget (75 KB gzip) has no room for zod.
import { hc, type ClientRequestOptions, type ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { ApiRoutes } from "../server/api/app.ts";
import { PASSWORD_CHANGED_MESSAGE, SESSION_ENDED_EVENT } from "./session-ended.ts";

export const NO_RESPONSE_MESSAGE = "No response from server. Please check your connection.";

/** A request still unanswered after this is given up: the screen says "no response". */
export const API_TIMEOUT_MS = 15_000;

export type ApiOutcome<T> =
  | { kind: "ok"; status: number; message: string; data: T }
  /**
   * The server answered with a failure; `message` is its envelope message ("" when it sent
   * none) and `fields` the per-field messages it named in data.fields (validation, conflicts).
   */
  | { kind: "failed"; status: number; message: string; fields: Record<string, string> }
  /** No answer at all: offline, DNS, a timeout, the server down, or a gateway's error page. */
  | { kind: "no-response"; message: typeof NO_RESPONSE_MESSAGE };

type FetchFn = (input: RequestInfo | URL, init?: RequestInit) => Response | Promise<Response>;

export interface ApiClientOptions {
  /** Where the API lives; the site and the API share an origin, so "/api" by default. */
  base?: string;
  /** The browser's fetch by default; the build and tests pass the app's own `request`. */
  fetch?: FetchFn;
  /** null: no timeout (the build calls the app in-process). */
  timeoutMs?: number | null;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const send: FetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs === undefined ? API_TIMEOUT_MS : options.timeoutMs;
  return hc<ApiRoutes>(options.base ?? "/api", {
    headers: { Accept: "application/json" },
    fetch: async (input: RequestInfo | URL, init?: RequestInit) =>
      send(
        input,
        timeoutMs === null || init?.signal ? init : { ...init, signal: AbortSignal.timeout(timeoutMs) },
      ),
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The browser's client: same origin, the browser's fetch. */
export const api: ApiClient = createApiClient();

/**
 * Per-call options: the session's bearer token, and keepalive for a call that must outlive
 * the page (Log Out navigates away at once).
 */
export function callOptions({ token, keepalive }: { token?: string; keepalive?: boolean }): ClientRequestOptions {
  return {
    ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
    ...(keepalive ? { init: { keepalive: true } } : {}),
  };
}

/** `data` of the call's successful answers, as the route declares them. */
export type DataOf<R> =
  R extends ClientResponse<infer Body, infer Status, "json">
    ? Status extends SuccessStatusCode
      ? Body extends { data: infer D }
        ? D
        : never
      : never
    : never;

/** `data` of a client call's successful answers: `AnswerOf<ApiClient["owner"]["claims"]["$get"]>`. */
export type AnswerOf<Call extends (...args: never[]) => Promise<unknown>> = DataOf<Awaited<ReturnType<Call>>>;

interface EnvelopeLike {
  message: string;
  data?: unknown;
}

async function readEnvelope(response: { json(): Promise<unknown> }): Promise<EnvelopeLike | null> {
  try {
    const body: unknown = await response.json();
    if (body === null || typeof body !== "object") return null;
    const { message } = body as { message?: unknown };
    return typeof message === "string" ? (body as EnvelopeLike) : null;
  } catch {
    return null;
  }
}

function fieldsOf(data: unknown): Record<string, string> {
  const fields =
    data !== null && typeof data === "object" ? (data as { fields?: unknown }).fields : undefined;
  if (fields === null || typeof fields !== "object") return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

const noResponse = { kind: "no-response", message: NO_RESPONSE_MESSAGE } as const;

/** Sends the call and reads its answer into ok / failed / no-response. Never throws. */
export async function outcomeOf<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<ApiOutcome<DataOf<R>>> {
  let response: R;
  try {
    response = await call;
  } catch {
    return noResponse;
  }
  const body = await readEnvelope(response);
  // A proxy's error page is not our API answering: a gateway failure without our envelope
  // means the server was not reached.
  if (body === null && response.status >= 502 && response.status <= 504) return noResponse;
  const message = body?.message ?? "";
  // The token was ended by a password change elsewhere: whichever screen asked, the layout
  // signs this browser out and says why on the login page (issue 24, session-ended.ts).
  if (response.status === 401 && message === PASSWORD_CHANGED_MESSAGE && typeof window !== "undefined") {
    window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
  }
  if (!response.ok) return { kind: "failed", status: response.status, message, fields: fieldsOf(body?.data) };
  return { kind: "ok", status: response.status, message, data: body?.data as DataOf<R> };
}

/** A read that failed: the page shows its failure state, the build stops. */
export class ApiRequestError extends Error {
  readonly outcome: Exclude<ApiOutcome<unknown>, { kind: "ok" }>;
  constructor(outcome: Exclude<ApiOutcome<unknown>, { kind: "ok" }>) {
    super(
      outcome.kind === "failed"
        ? `The API answered ${outcome.status}: ${outcome.message}`
        : outcome.message,
    );
    this.outcome = outcome;
  }
}

/** A read's data, or null when the item does not exist (404). Any other failure throws. */
export async function itemOf<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<DataOf<R> | null> {
  const outcome = await outcomeOf(call);
  if (outcome.kind === "ok") return outcome.data;
  if (outcome.kind === "failed" && outcome.status === 404) return null;
  throw new ApiRequestError(outcome);
}

/** A list read: its items, none when its owner does not exist (404). Any other failure throws. */
export async function listOf<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<DataOf<R> | []> {
  return (await itemOf(call)) ?? [];
}
