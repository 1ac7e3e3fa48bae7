// The accounts calls of the islands (accounts contract; spec point 7 "Accounts"). Every
// answer is the {code, message, data} envelope; a failure to reach the server at all is its
// own outcome so each screen can word it as spec point 8 does.
import type {
  LoginInput,
  LoginResult,
  ResetPasswordInput,
  SignupInput,
  SignupResult,
} from "../../shared/schemas/accounts.ts";

export const NO_RESPONSE_MESSAGE = "No response from server. Please check your connection.";

export type ApiOutcome<T> =
  | { kind: "ok"; status: number; message: string; data: T }
  /**
   * The server answered with a failure; `message` is its envelope message ("" when it sent
   * none) and `fields` the per-field messages it named in data.fields (validation, conflicts).
   */
  | { kind: "failed"; status: number; message: string; fields: Record<string, string> }
  /** No answer at all: offline, DNS, the server down, or something that is not our API. */
  | { kind: "no-response"; message: typeof NO_RESPONSE_MESSAGE };

interface EnvelopeLike {
  message?: unknown;
  data?: unknown;
}

async function readEnvelope(response: Response): Promise<EnvelopeLike | null> {
  try {
    const body: unknown = await response.json();
    return body !== null && typeof body === "object" ? (body as EnvelopeLike) : null;
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

export interface AccountsClientOptions {
  /** Where the API lives; the site and the API share an origin, so "/api" by default. */
  base?: string;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

export function createAccountsClient(options: AccountsClientOptions = {}) {
  const base = options.base ?? "/api";
  const send = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));

  async function call<T>(path: string, init: RequestInit): Promise<ApiOutcome<T>> {
    let response: Response;
    try {
      response = await send(`${base}${path}`, {
        ...init,
        headers: { Accept: "application/json", ...init.headers },
        credentials: "same-origin",
      });
    } catch {
      return { kind: "no-response", message: NO_RESPONSE_MESSAGE };
    }
    const body = await readEnvelope(response);
    const message = typeof body?.message === "string" ? body.message : "";
    // A proxy's error page is not our API answering: a gateway failure without our envelope
    // means the server was not reached.
    if (body === null && response.status >= 502 && response.status <= 504) {
      return { kind: "no-response", message: NO_RESPONSE_MESSAGE };
    }
    if (!response.ok)
      return { kind: "failed", status: response.status, message, fields: fieldsOf(body?.data) };
    return { kind: "ok", status: response.status, message, data: body?.data as T };
  }

  function postJson<T>(
    path: string,
    body: unknown,
    token?: string,
    keepalive = false,
  ): Promise<ApiOutcome<T>> {
    return call<T>(path, {
      method: "POST",
      keepalive,
      headers: {
        "Content-Type": "application/json",
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  }

  return {
    /** Sends (or re-sends: the new code replaces the old) the verification code to `to`. */
    sendVerificationEmail: (to: string) =>
      call<unknown>(`/users/sendEmail?${new URLSearchParams({ to })}`, { method: "POST" }),

    /** Form-encoded, as the spec's call is. */
    verifyEmailCode: (email: string, code: string) =>
      call<unknown>("/users/verifyEmailCode1", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, code }).toString(),
      }),

    signup: (input: SignupInput) => postJson<SignupResult>("/users/signup", input),

    login: (input: LoginInput) => postJson<Partial<LoginResult> | null>("/users/login", input),

    /**
     * Ends the token on the server too, so a copied token stops working after Log Out.
     * keepalive: the call survives the page navigating to /sign-in-users straight after.
     */
    logout: (token: string) => postJson<unknown>("/users/logout", {}, token, true),

    requestPasswordReset: (email: string) => postJson<unknown>("/users/password/forgot", { email }),

    resetPassword: (input: ResetPasswordInput) => postJson<unknown>("/users/password/reset", input),
  };
}

export type AccountsClient = ReturnType<typeof createAccountsClient>;

/** The client the screens use: same origin, the browser's fetch. */
export const accounts = createAccountsClient();
