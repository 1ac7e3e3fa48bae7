// Sign-up step 1 (/email-verification-users, labelled Sign Up): username and e-mail, Next sends
// the verification code, then the verification screen (spec points 2, 4, 5, 8).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { signupStep1Schema } from "../../shared/schemas/accounts.ts";
import { accounts } from "./accounts-client.ts";
import { fieldErrors, firstInvalid, type FieldErrors } from "./form-errors.ts";
import { sendEmailStatus } from "./outcome-messages.ts";
import { browserStore, readSignupDraft, writeSignupDraft } from "./session.ts";
import { AccountForm, AuthCard, SignupSteps, StatusLine, SubmitButton, TextField } from "./ui.tsx";
import { useDelayedNavigation, useStatus } from "./use-status.ts";

type Field = "username" | "email";
const FIELD_ORDER: readonly Field[] = ["username", "email"];
/** Long enough to read the green confirmation before the next screen. */
const NEXT_SCREEN_DELAY_MS = 1200;

export default function SignupEmailStep() {
  const [values, setValues] = useState<Record<Field, string>>({ username: "", email: "" });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [status, showStatus] = useStatus();
  const goTo = useDelayedNavigation();
  const refs = { username: useRef<HTMLInputElement>(null), email: useRef<HTMLInputElement>(null) };

  // Coming back from the verification screen keeps what was typed.
  useEffect(() => {
    const store = browserStore();
    const draft = store ? readSignupDraft(store) : null;
    if (draft) setValues({ username: draft.username, email: draft.email });
  }, []);

  const update = (field: Field) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = signupStep1Schema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors<Field>(parsed.error);
      setErrors(found);
      const first = firstInvalid(FIELD_ORDER, found);
      if (first) refs[first].current?.focus();
      return;
    }
    setBusy(true);
    const outcome = await accounts.sendVerificationEmail(parsed.data.email);
    const shown = sendEmailStatus(outcome);
    showStatus(shown);
    if (outcome.kind === "ok") {
      const store = browserStore();
      if (store) writeSignupDraft(store, { ...parsed.data, codeSentAt: Date.now() });
      setSent(true);
      goTo("/verification", NEXT_SCREEN_DELAY_MS);
      return;
    }
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
          Already have an account? <a href="/sign-in-users">Log In</a>
        </p>
      }
    >
      <SignupSteps current={1} />
      <AccountForm onSubmit={submit}>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={values.username}
          onChange={update("username")}
          error={errors.username}
          inputRef={refs.username}
        />
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={update("email")}
          error={errors.email}
          inputRef={refs.email}
        />
        <StatusLine status={status} />
        <SubmitButton busy={busy} busyLabel={sent ? "Code sent" : "Sending code..."} label="Next" />
      </AccountForm>
    </AuthCard>
  );
}
