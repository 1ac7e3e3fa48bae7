// Sign-up step 2 (/sign-up-users): names, phone and password; the verified e-mail and the
// username come from step 1 (localStorage). On success: the message, then, signed in, the
// feed (or where sign-up began) after 2 s (spec points 2, 4, 5, 8, 9; issue 24 replaced the
// spec's second password entry on /sign-in-users).
import { useEffect, useState, type FormEvent } from "react";
import { signupSchema } from "../../shared/schemas/accounts.ts";
import { api, outcomeOf } from "../../shared/api-client.ts";
import { fieldErrors, type FieldErrors } from "../../client/form-errors.ts";
import { useAccountFields } from "./use-account-fields.ts";
import { signupStatus } from "./outcome-messages.ts";
import {
  browserStore,
  clearSignupDraft,
  readSignupDraft,
  readSignupReturn,
  readSignupTicket,
  writeSession,
} from "../../client/session.ts";
import { DEFAULT_AFTER_LOGIN, safeReturnPath } from "../../client/login-return.ts";
import { SignupDetailsFields, StartSignupCard, type SignupField as Field } from "./SignupDetailsFields.tsx";
import { AccountForm, AuthCard, StatusLine, SubmitButton } from "../../client/account-forms.tsx";
import { SignupSteps } from "./SignupSteps.tsx";
import { useDelayedNavigation, useStatus } from "../../client/use-status.ts";

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
      // Sign-up began somewhere that waits for the account (a restaurant claim): go back there.
      const next = store ? safeReturnPath(readSignupReturn(store)) : null;
      if (store) {
        clearSignupDraft(store);
        // Issue 24: the answer is the new account's session, so no second password entry.
        writeSession(store, outcome.data, parsed.data.email);
      }
      goTo(next ?? DEFAULT_AFTER_LOGIN, SIGNUP_REDIRECT_MS);
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

  if (ready && (!values.email || !signupTicket)) return <StartSignupCard footer={footer} />;

  return (
    <AuthCard
      title="Create your account"
      intro={<p>Your e-mail is verified. A few details and you are in.</p>}
      footer={footer}
    >
      <SignupSteps current={3} />
      <AccountForm onSubmit={submit} onEdit={clearError}>
        <SignupDetailsFields field={field} usernameEditable={usernameEditable} />
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
