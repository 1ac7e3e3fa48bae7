// /forgot-password: the e-mail gets a six-character code (the same mechanism as sign-up), then
// the code and a new password end every old session. The first answer is the same whether
// or not the address has an account, so this screen cannot be used to find accounts.
import { useRef, useState, type FormEvent } from "react";
import {
  PASSWORD_MIN_LENGTH,
  VERIFICATION_CODE_LENGTH,
  forgotPasswordSchema,
  resetPasswordSchema,
} from "../../shared/schemas/accounts.ts";
import { accounts } from "./accounts-client.ts";
import { codeCharacters } from "./code-boxes.ts";
import { fieldErrors, firstInvalid, type FieldErrors } from "./form-errors.ts";
import { resetCodeStatus, resetPasswordStatus } from "./outcome-messages.ts";
import { browserStore, clearSession } from "./session.ts";
import { AccountForm, AuthCard, PasswordField, StatusLine, SubmitButton, TextField } from "./ui.tsx";
import { useDelayedNavigation, useStatus } from "./use-status.ts";

type Field = "email" | "code" | "password";
const RESET_FIELD_ORDER: readonly Field[] = ["code", "password"];
export const RESET_REDIRECT_MS = 2000;

export default function ForgotPasswordScreen() {
  const [stage, setStage] = useState<"request" | "reset" | "done">("request");
  const [values, setValues] = useState<Record<Field, string>>({ email: "", code: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  // The neutral "we have sent a code" stays on screen: the next step depends on it.
  const [sentNote, setSentNote] = useState<string | null>(null);
  const [status, showStatus] = useStatus();
  const goTo = useDelayedNavigation();
  const refs = {
    email: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const update = (field: Field) => (event: { currentTarget: HTMLInputElement }) => {
    const raw = event.currentTarget.value;
    const value = field === "code" ? codeCharacters(raw).join("").slice(0, VERIFICATION_CODE_LENGTH) : raw;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function requestCode(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    const parsed = forgotPasswordSchema.safeParse({ email: values.email });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      refs.email.current?.focus();
      return;
    }
    setBusy(true);
    const outcome = await accounts.requestPasswordReset(parsed.data.email);
    setBusy(false);
    const shown = resetCodeStatus(outcome);
    if (outcome.kind !== "ok") {
      showStatus(shown);
      return;
    }
    // A second request from the reset step says so; the first is the note above the form.
    showStatus(stage === "reset" ? shown : null);
    setSentNote(shown.text);
    setValues((current) => ({ ...current, email: parsed.data.email, code: "" }));
    setStage("reset");
    // After the re-render the code field exists.
    setTimeout(() => refs.code.current?.focus(), 0);
  }

  async function resetPassword(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = resetPasswordSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors<Field>(parsed.error);
      setErrors(found);
      const first = firstInvalid(RESET_FIELD_ORDER, found);
      if (first) refs[first].current?.focus();
      return;
    }
    setBusy(true);
    const outcome = await accounts.resetPassword(parsed.data);
    showStatus(resetPasswordStatus(outcome));
    if (outcome.kind === "ok") {
      setStage("done");
      const store = browserStore();
      // The server has ended every old token; a stored one would only fail later.
      if (store) {
        clearSession(store);
        store.setItem("rememberedEmail", parsed.data.email);
      }
      goTo("/sign-in-users", RESET_REDIRECT_MS);
      return;
    }
    setBusy(false);
    if (outcome.kind !== "failed") return;
    // A wrong code or a refused password is marked on its field as well.
    const named: FieldErrors<Field> = {};
    if (outcome.fields.code) named.code = outcome.fields.code;
    if (outcome.fields.password) named.password = outcome.fields.password;
    setErrors((current) => ({ ...current, ...named }));
    const first = firstInvalid(RESET_FIELD_ORDER, named);
    if (first) refs[first].current?.focus();
  }

  function changeAddress() {
    setStage("request");
    setSentNote(null);
    showStatus(null);
    setErrors({});
    setValues((current) => ({ ...current, code: "", password: "" }));
    setTimeout(() => refs.email.current?.focus(), 0);
  }

  const footer = (
    <p>
      Remembered it? <a href="/sign-in-users">Log In</a>
    </p>
  );

  if (stage === "request") {
    return (
      <AuthCard
        title="Reset your password"
        intro={
          <p>
            Enter the e-mail address of your account. We will send you a six-character code to set a new
            password.
          </p>
        }
        footer={footer}
      >
        <AccountForm onSubmit={requestCode}>
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
          <SubmitButton busy={busy} busyLabel="Sending code..." label="Send code" />
        </AccountForm>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" footer={footer}>
      {sentNote ? (
        <p className="acct-note">
          {sentNote} It was sent to <strong>{values.email}</strong> and is valid for 5 minutes.
        </p>
      ) : null}
      <AccountForm onSubmit={resetPassword}>
        <TextField
          label="Code from the e-mail"
          name="code"
          className="acct-input--code"
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          required
          value={values.code}
          onChange={update("code")}
          error={errors.code}
          inputRef={refs.code}
        />
        <PasswordField
          label="New password"
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
          busy={busy || stage === "done"}
          busyLabel={stage === "done" ? "Password changed" : "Saving..."}
          label="Set new password"
        />
        <p className="acct-secondary-actions">
          <button
            type="button"
            className="acct-link-button"
            onClick={() => void requestCode()}
            disabled={busy || stage === "done"}
          >
            Send a new code
          </button>
          <button
            type="button"
            className="acct-link-button"
            onClick={changeAddress}
            disabled={busy || stage === "done"}
          >
            Use another address
          </button>
        </p>
      </AccountForm>
    </AuthCard>
  );
}
