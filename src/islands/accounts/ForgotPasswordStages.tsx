// The two cards of /forgot-password (ForgotPasswordScreen.tsx holds their state and calls):
// ask for a code by e-mail, then enter the code with a new password.
import type { FormEvent, ReactNode } from "react";
import type { StatusText } from "../../client/use-status.ts";
import { EmailField, NewPasswordField } from "./account-fields.tsx";
import { AccountForm, AuthCard, StatusLine, SubmitButton, TextField } from "../../client/account-forms.tsx";

/** What useAccountFields' field(name) hands a TextField or PasswordField. */
type FieldProps = Pick<Parameters<typeof TextField>[0], "value" | "onChange" | "error" | "inputRef">;

interface StageProps {
  field: (name: "email" | "code" | "password") => FieldProps;
  status: StatusText | null;
  busy: boolean;
  footer: ReactNode;
  onEdit: () => void;
}

export function RequestCodeCard({ field, status, busy, footer, onEdit, onSubmit }: StageProps & {
  onSubmit: (event: FormEvent) => void;
}) {
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
      <AccountForm onSubmit={onSubmit} onEdit={onEdit}>
        <EmailField required {...field("email")} />
        <StatusLine status={status} />
        <SubmitButton busy={busy} busyLabel="Sending code..." label="Send code" />
      </AccountForm>
    </AuthCard>
  );
}

export function NewPasswordCard({
  field,
  status,
  busy,
  footer,
  onEdit,
  onSubmit,
  done,
  email,
  sentNote,
  onResend,
  onChangeAddress,
}: StageProps & {
  onSubmit: (event: FormEvent) => void;
  done: boolean;
  email: string;
  sentNote: string | null;
  onResend: () => void;
  onChangeAddress: () => void;
}) {
  return (
    <AuthCard title="Choose a new password" footer={footer}>
      {sentNote ? (
        <p className="acct-note">
          {sentNote} It was sent to <strong>{email}</strong> and is valid for 5 minutes.
        </p>
      ) : null}
      <AccountForm onSubmit={onSubmit} onEdit={onEdit}>
        <TextField
          label="Code from the e-mail"
          name="code"
          className="acct-input--code"
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          required
          {...field("code")}
        />
        <NewPasswordField label="New password" {...field("password")} />
        <StatusLine status={status} />
        <SubmitButton
          busy={busy || done}
          busyLabel={done ? "Password changed" : "Saving..."}
          label="Set new password"
        />
        <p className="acct-secondary-actions">
          <button
            type="button"
            className="acct-link-button"
            onClick={() => {
              if (!done) onResend();
            }}
            // Marked, not disabled: this button makes the screen busy and keeps the focus.
            aria-disabled={busy || done || undefined}
          >
            Send a new code
          </button>
          <button type="button" className="acct-link-button" onClick={onChangeAddress} disabled={busy || done}>
            Use another address
          </button>
        </p>
      </AccountForm>
    </AuthCard>
  );
}
