// Sign-up step 2 (/sign-up-users): names, phone and password; the verified e-mail and the
// username come from step 1 (localStorage). On success: the message, then /sign-in-users
// after 2 s (spec points 2, 4, 5, 8, 9).
import { useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { PASSWORD_MIN_LENGTH, signupSchema } from "../../shared/schemas/accounts.ts";
import { accounts } from "./accounts-client.ts";
import { fieldErrors, firstInvalid, type FieldErrors } from "./form-errors.ts";
import { signupStatus } from "./outcome-messages.ts";
import { browserStore, clearSignupDraft, readSignupDraft } from "./session.ts";
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
  const [values, setValues] = useState<Record<Field, string>>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  // The username is step 1's; it opens for editing only if the server says it is taken.
  const [usernameEditable, setUsernameEditable] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [status, showStatus] = useStatus();
  const goTo = useDelayedNavigation();
  const refs: Record<Field, RefObject<HTMLInputElement | null>> = {
    email: useRef<HTMLInputElement>(null),
    username: useRef<HTMLInputElement>(null),
    firstName: useRef<HTMLInputElement>(null),
    lastName: useRef<HTMLInputElement>(null),
    phoneNumber: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  useEffect(() => {
    const store = browserStore();
    const draft = store ? readSignupDraft(store) : null;
    if (draft) setValues((current) => ({ ...current, email: draft.email, username: draft.username }));
    setReady(true);
  }, []);

  useEffect(() => {
    if (usernameEditable) refs.username.current?.focus();
  }, [usernameEditable]);

  const update = (field: Field) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || done) return;
    const parsed = signupSchema.safeParse({ ...values, registrationMethod: "email" });
    if (!parsed.success) {
      const found = fieldErrors<Field>(parsed.error);
      setErrors(found);
      if (found.username) setUsernameEditable(true);
      const first = firstInvalid(FIELD_ORDER, found);
      if (first) refs[first].current?.focus();
      return;
    }
    setBusy(true);
    const outcome = await accounts.signup(parsed.data);
    showStatus(signupStatus(outcome));
    if (outcome.kind === "ok") {
      setDone(true);
      const store = browserStore();
      if (store) {
        clearSignupDraft(store);
        // Pre-fills the login form that comes next.
        store.setItem("rememberedEmail", parsed.data.email);
      }
      goTo("/sign-in-users", SIGNUP_REDIRECT_MS);
      return;
    }
    setBusy(false);
    if (outcome.kind !== "failed") return;
    // The server names the fields at fault (taken username or phone, weak password).
    const named = Object.fromEntries(
      Object.entries(outcome.fields).filter(([field]) => (FIELDS as readonly string[]).includes(field)),
    ) as FieldErrors<Field>;
    setErrors((current) => ({ ...current, ...named }));
    if (named.username) setUsernameEditable(true);
    const first = firstInvalid(FIELD_ORDER, named);
    if (first && first !== "username") refs[first].current?.focus();
  }

  const footer = (
    <p>
      Already have an account? <a href="/sign-in-users">Log In</a>
    </p>
  );

  if (ready && !values.email) {
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
      <AccountForm onSubmit={submit}>
        <div className="acct-row">
          <TextField
            label="E-mail address"
            name="email"
            type="email"
            autoComplete="email"
            readOnly
            hint={<a href="/email-verification-users">Use another address</a>}
            value={values.email}
            error={errors.email}
            inputRef={refs.email}
          />
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            readOnly={!usernameEditable}
            value={values.username}
            onChange={update("username")}
            error={errors.username}
            inputRef={refs.username}
          />
        </div>
        <div className="acct-row">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
            value={values.firstName}
            onChange={update("firstName")}
            error={errors.firstName}
            inputRef={refs.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            required
            value={values.lastName}
            onChange={update("lastName")}
            error={errors.lastName}
            inputRef={refs.lastName}
          />
        </div>
        <TextField
          label="Phone number"
          name="phoneNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          value={values.phoneNumber}
          onChange={update("phoneNumber")}
          error={errors.phoneNumber}
          inputRef={refs.phoneNumber}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A short sentence works well.`}
          value={values.password}
          onChange={update("password")}
          error={errors.password}
          inputRef={refs.password}
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
