// /forgot-password: the e-mail gets a six-character code (the same mechanism as sign-up), then
// the code and a new password end every old session. The first answer is the same whether
// or not the address has an account, so this screen cannot be used to find accounts.
import { useState, type FormEvent } from "react";
import { VERIFICATION_CODE_LENGTH } from "../../domain/account-rules.ts";
import { forgotPasswordSchema, resetPasswordSchema } from "../../shared/schemas/accounts.ts";
import { api, outcomeOf } from "../../shared/api-client.ts";
import { codeCharacters } from "../../client/code-boxes.ts";
import { fieldErrors, type FieldErrors } from "../../client/form-errors.ts";
import { useAccountFields } from "./use-account-fields.ts";
import { resetCodeStatus, resetPasswordStatus } from "./outcome-messages.ts";
import { browserStore, clearSession } from "../../client/session.ts";
import { NewPasswordCard, RequestCodeCard } from "./ForgotPasswordStages.tsx";
import { useDelayedNavigation, useStatus } from "../../client/use-status.ts";

type Field = "email" | "code" | "password";
const RESET_FIELD_ORDER: readonly Field[] = ["code", "password"];
export const RESET_REDIRECT_MS = 2000;

export default function ForgotPasswordScreen() {
  const [stage, setStage] = useState<"request" | "reset" | "done">("request");
  const { values, setValues, refs, field, showErrors } = useAccountFields<Field>(
    { email: "", code: "", password: "" },
    RESET_FIELD_ORDER,
    (name, raw) => (name === "code" ? codeCharacters(raw).join("").slice(0, VERIFICATION_CODE_LENGTH) : raw),
  );
  const [busy, setBusy] = useState(false);
  // The neutral "we have sent a code" stays on screen: the next step depends on it.
  const [sentNote, setSentNote] = useState<string | null>(null);
  const [status, showStatus, clearError] = useStatus();
  const goTo = useDelayedNavigation();

  async function requestCode(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    const input = { email: values.email };
    const parsed = forgotPasswordSchema.safeParse(input);
    if (!parsed.success) {
      showErrors(fieldErrors<Field>(forgotPasswordSchema, input), { focusOrder: ["email"] });
      return;
    }
    setBusy(true);
    const outcome = await outcomeOf(api.users.password.forgot.$post({ json: { email: parsed.data.email } }));
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
      showErrors(fieldErrors<Field>(resetPasswordSchema, values));
      return;
    }
    setBusy(true);
    const outcome = await outcomeOf(api.users.password.reset.$post({ json: parsed.data }));
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
    showErrors(named, { replace: false });
  }

  function changeAddress() {
    setStage("request");
    setSentNote(null);
    showStatus(null);
    showErrors({});
    setValues((current) => ({ ...current, code: "", password: "" }));
    setTimeout(() => refs.email.current?.focus(), 0);
  }

  const footer = (
    <p>
      Remembered it? <a href="/sign-in-users">Log In</a>
    </p>
  );

  const shared = { field, status, busy, footer, onEdit: clearError };
  if (stage === "request") return <RequestCodeCard {...shared} onSubmit={(event) => void requestCode(event)} />;
  return (
    <NewPasswordCard
      {...shared}
      onSubmit={(event) => void resetPassword(event)}
      done={stage === "done"}
      email={values.email}
      sentNote={sentNote}
      onResend={() => void requestCode()}
      onChangeAddress={changeAddress}
    />
  );
}
