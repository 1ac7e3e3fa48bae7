// Sign-up step 1 (/email-verification-users, labelled Sign Up): username and e-mail, Next sends
// the verification code, then the verification screen (spec points 2, 4, 5, 8). The screen
// changes as soon as the code is sent, and the verification screen says it was sent: a
// confirmation here followed by a timed move on was cut off while being read (issue 16).
import { useEffect, useState, type FormEvent } from "react";
import { signupStep1Schema } from "../../shared/schemas/accounts.ts";
import { api, outcomeOf } from "../../shared/api-client.ts";
import { fieldErrors } from "../../client/form-errors.ts";
import { useAccountFields } from "./use-account-fields.ts";
import { sendEmailStatus } from "./outcome-messages.ts";
import { browserStore, keepSignupReturn, readSignupDraft, writeSignupDraft } from "../../client/session.ts";
import { returnPathOf, withReturnPath } from "../../client/login-return.ts";
import { carryStatus } from "./carried-status.ts";
import { EmailField, UsernameField } from "./account-fields.tsx";
import { AccountForm, AuthCard, StatusLine, SubmitButton } from "../../client/account-forms.tsx";
import { SignupSteps } from "./SignupSteps.tsx";
import { useStatus } from "../../client/use-status.ts";

type Field = "username" | "email";
const FIELD_ORDER: readonly Field[] = ["username", "email"];

export default function SignupEmailStep() {
  const { values, setValues, field, showErrors } = useAccountFields<Field>(
    { username: "", email: "" },
    FIELD_ORDER,
  );
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [status, showStatus, clearError] = useStatus();
  const [loginHref, setLoginHref] = useState("/sign-in-users");

  // Coming back from the verification screen keeps what was typed.
  useEffect(() => {
    const store = browserStore();
    const draft = store ? readSignupDraft(store) : null;
    if (draft) setValues({ username: draft.username, email: draft.email });
    setLoginHref(withReturnPath("/sign-in-users", returnPathOf(window.location.search)));
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = signupStep1Schema.safeParse(values);
    if (!parsed.success) {
      showErrors(fieldErrors<Field>(signupStep1Schema, values));
      return;
    }
    setBusy(true);
    const outcome = await outcomeOf(
      api.users.sendEmail.$post({ query: {}, json: { to: parsed.data.email } }),
    );
    const shown = sendEmailStatus(outcome);
    if (outcome.kind === "ok") {
      const store = browserStore();
      if (store) {
        writeSignupDraft(store, { ...parsed.data, codeSentAt: Date.now() });
        keepSignupReturn(store, returnPathOf(window.location.search));
      }
      setSent(true);
      carryStatus(shown);
      window.location.assign("/verification");
      return;
    }
    showStatus(shown);
    setBusy(false);
  }

  return (
    <AuthCard
      title="Sign Up"
      intro={
        <p>
          Pick a username and tell us your e-mail address. We will send you a six-character code to confirm
          it.
        </p>
      }
      footer={
        <p>
          Already have an account? <a href={loginHref}>Log In</a>
        </p>
      }
    >
      <SignupSteps current={1} />
      <AccountForm onSubmit={submit} onEdit={clearError}>
        <UsernameField required {...field("username")} />
        <EmailField required {...field("email")} />
        <StatusLine status={status} />
        <SubmitButton busy={busy} busyLabel={sent ? "Code sent" : "Sending code..."} label="Next" />
      </AccountForm>
    </AuthCard>
  );
}
