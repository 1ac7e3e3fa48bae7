// /sign-in-users: e-mail or phone and password; "Logging in..." while submitting; on success
// the session goes to localStorage and the person to the home page (spec points 2-5, 8).
// /sign-in-restaurant uses the same screen with its own title and intro and a return address
// (issue 22), which the Sign Up link carries through sign-up.
import { useEffect, useState, type FormEvent } from "react";
import { loginSchema } from "../../shared/schemas/accounts.ts";
import { api, outcomeOf } from "../../shared/api-client.ts";
import { fieldErrors } from "../../client/form-errors.ts";
import { useAccountFields } from "./use-account-fields.ts";
import { loginResult } from "./outcome-messages.ts";
import { browserStore, writeSession } from "../../client/session.ts";
import { AccountForm, AuthCard, PasswordField, StatusLine, SubmitButton, TextField } from "../../client/account-forms.tsx";
import { useStatus } from "../../client/use-status.ts";
import { afterLoginPath, returnPathOf, withReturnPath } from "../../client/login-return.ts";

type Field = "emailOrPhoneNumber" | "password";
const FIELD_ORDER: readonly Field[] = ["emailOrPhoneNumber", "password"];

interface LoginScreenProps {
  title?: string;
  /** Props cross from an Astro page as data, so the intro is one paragraph's text. */
  intro?: string;
  /** Where a login goes on to; else the page's ?next=, else home. */
  next?: string;
}

const DEFAULT_INTRO = "Welcome back. Log in to post reviews, follow foodies and save your favourite dishes.";

export default function LoginScreen({ title = "Log In", intro = DEFAULT_INTRO, next }: LoginScreenProps) {
  const { values, setValues, field, showErrors } = useAccountFields<Field>(
    { emailOrPhoneNumber: "", password: "" },
    FIELD_ORDER,
  );
  const [busy, setBusy] = useState(false);
  const [status, showStatus, clearError] = useStatus();
  // The server HTML knows only the prop; the page's ?next= joins after hydration.
  const [signupHref, setSignupHref] = useState(withReturnPath("/email-verification-users", next ?? null));

  useEffect(() => {
    setSignupHref(withReturnPath("/email-verification-users", next ?? returnPathOf(window.location.search)));
    const remembered = browserStore()?.getItem("rememberedEmail");
    if (remembered) setValues((current) => ({ ...current, emailOrPhoneNumber: remembered }));
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      showErrors(fieldErrors<Field>(loginSchema, values));
      return;
    }
    setBusy(true);
    showStatus(null);
    const result = loginResult(await outcomeOf(api.users.login.$post({ json: parsed.data })));
    if (!result.ok) {
      setBusy(false);
      showStatus(result.status);
      return;
    }
    const store = browserStore();
    if (store) writeSession(store, result, parsed.data.emailOrPhoneNumber);
    // Back to the page a "Login" link came from (the review modal), else home.
    window.location.assign(next ?? afterLoginPath(window.location.search));
  }

  return (
    <AuthCard
      title={title}
      intro={<p>{intro}</p>}
      footer={
        <p>
          New to Dishcovery? <a href={signupHref}>Sign Up</a>
        </p>
      }
    >
      <AccountForm onSubmit={submit} busy={busy} onEdit={clearError}>
        <TextField
          label="E-mail or phone number"
          name="emailOrPhoneNumber"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          placeholder="Email or Phone Number is required"
          {...field("emailOrPhoneNumber")}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          placeholder="Password is required"
          {...field("password")}
        />
        <p className="acct-forgot">
          <a href="/forgot-password">Forgot password?</a>
        </p>
        <StatusLine status={status} />
        <SubmitButton busy={busy} busyLabel="Logging in..." label="Log In" />
      </AccountForm>
    </AuthCard>
  );
}
