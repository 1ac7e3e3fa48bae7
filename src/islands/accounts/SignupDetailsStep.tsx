// Sign-up step 2 (/sign-up-users): names, phone and password; the verified e-mail and the
// username come from step 1 (localStorage). On success: the message, then /sign-in-users
// after 2 s (spec points 2, 4, 5, 8, 9).
import { useEffect, useState, type FormEvent } from "react";
import { PASSWORD_MIN_LENGTH } from "../../domain/account-rules.ts";
import { signupSchema } from "../../shared/schemas/accounts.ts";
import { api, outcomeOf } from "../../shared/api-client.ts";
import { fieldErrors, type FieldErrors } from "./form-errors.ts";
import { useAccountFields } from "./use-account-fields.ts";
import { signupStatus } from "./outcome-messages.ts";
import { browserStore, clearSignupDraft, readSignupDraft, readSignupReturn, readSignupTicket } from "./session.ts";
import { safeReturnPath, withReturnPath } from "./login-return.ts";
import {
  AccountForm,
  AuthCard,
  PasswordField,
  SignupSteps,
  StatusLine,
  SubmitButton,
  TextField,
} from "./ui.tsx";
import { useDelayedNavigation, useStatus } from "./use-status.ts";

type Field = "email" | "username" | "firstName" | "lastName" | "phoneNumber" | "password";
const FIELDS: readonly Field[] = ["email", "username", "firstName", "lastName", "phoneNumber", "password"];
const FIELD_ORDER: readonly Field[] = ["username", "firstName", "lastName", "phoneNumber", "password"];
export const SIGNUP_REDIRECT_MS = 2000;

const EMPTY: Record<Field, string> = {
  email: "",
  username: "",
  firstName: "",
  lastName: "",
  phoneNumber: "",
  password: "",
};

export default function SignupDetailsStep() {
  const [ready, setReady] = useState(false);
  const [signupTicket, setSignupTicket] = useState<string | null>(null);
  const { values, setValues, refs, field, showErrors } = useAccountFields<Field>(EMPTY, FIELD_ORDER);
  // The username is step 1's; it opens for editing only if the server says it is taken.
  const [usernameEditable, setUsernameEditable] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [status, showStatus, clearError] = useStatus();
  const goTo = useDelayedNavigation();

  useEffect(() => {
    const store = browserStore();
    const draft = store ? readSignupDraft(store) : null;
    if (draft) setValues((current) => ({ ...current, email: draft.email, username: draft.username }));
    setSignupTicket(store ? readSignupTicket(store) : null);
    setReady(true);
  }, []);

  useEffect(() => {
    if (usernameEditable) refs.username.current?.focus();
  }, [usernameEditable]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || done) return;
    const input = { ...values, registrationMethod: "email", signupTicket: signupTicket ?? "" };
    const parsed = signupSchema.safeParse(input);
    if (!parsed.success) {
      const found = fieldErrors<Field>(signupSchema, input);
      if (found.username) setUsernameEditable(true);
      showErrors(found);
      return;
    }
    setBusy(true);
    const outcome = await outcomeOf(api.users.signup.$post({ json: parsed.data }));
    showStatus(signupStatus(outcome));
    if (outcome.kind === "ok") {
      setDone(true);
      const store = browserStore();
      // Sign-up began somewhere that waits for the login (a restaurant claim): go back there after.
      const next = store ? safeReturnPath(readSignupReturn(store)) : null;
      if (store) {
        clearSignupDraft(store);
        // Pre-fills the login form that comes next.
        store.setItem("rememberedEmail", parsed.data.email);
      }
      goTo(withReturnPath("/sign-in-users", next), SIGNUP_REDIRECT_MS);
      return;
    }
    setBusy(false);
    if (outcome.kind !== "failed") return;
    // The server names the fields at fault (taken username or phone, weak password).
    const named = Object.fromEntries(
      Object.entries(outcome.fields).filter(([field]) => (FIELDS as readonly string[]).includes(field)),
    ) as FieldErrors<Field>;
    if (named.username) setUsernameEditable(true);
    // A taken username gets the focus from the effect that unlocks it.
    showErrors(named, { replace: false, focusOrder: FIELD_ORDER.filter((f) => f !== "username") });
  }

  const footer = (
    <p>
      Already have an account? <a href="/sign-in-users">Log In</a>
    </p>
  );

  // Without the ticket of a verified address the server would refuse the form: start over.
  if (ready && (!values.email || !signupTicket)) {
    return (
      <AuthCard title="Create your account" footer={footer}>
        <SignupSteps current={3} />
        <p>To create an account, first confirm your e-mail address. It takes a minute.</p>
        <p>
          <a className="btn btn-primary" href="/email-verification-users">
            Start sign-up
          </a>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your account"
      intro={<p>Your e-mail is verified. A few details and you are in.</p>}
      footer={footer}
    >
      <SignupSteps current={3} />
      <AccountForm onSubmit={submit} onEdit={clearError}>
        <div className="acct-row">
          <TextField
            label="E-mail address"
            name="email"
            type="email"
            autoComplete="email"
            readOnly
            hint={<a href="/email-verification-users">Use another address</a>}
            {...field("email")}
          />
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            readOnly={!usernameEditable}
            {...field("username")}
          />
        </div>
        <div className="acct-row">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
            {...field("firstName")}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            required
            {...field("lastName")}
          />
        </div>
        <TextField
          label="Phone number"
          name="phoneNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          {...field("phoneNumber")}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A short sentence works well.`}
          {...field("password")}
        />
        <StatusLine status={status} />
        <SubmitButton
          busy={busy || done}
          busyLabel={done ? "Signed up" : "Creating account..."}
          label="Sign Up"
        />
      </AccountForm>
    </AuthCard>
  );
}
