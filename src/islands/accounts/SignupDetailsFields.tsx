// The fields of sign-up step 2 (SignupDetailsStep.tsx holds their state and the call), and the
// card shown instead when this browser has no verified address to finish signing up with.
import type { ReactNode } from "react";
import { NewPasswordField, StartSignupLink, UsernameField } from "./account-fields.tsx";
import { AuthCard, TextField } from "../../client/account-forms.tsx";
import { SignupSteps } from "./SignupSteps.tsx";

export type SignupField = "email" | "username" | "firstName" | "lastName" | "phoneNumber" | "password";

/** What useAccountFields' field(name) hands a TextField or PasswordField. */
type FieldProps = Pick<Parameters<typeof TextField>[0], "value" | "onChange" | "error" | "inputRef">;

export function SignupDetailsFields({
  field,
  usernameEditable,
}: {
  field: (name: SignupField) => FieldProps;
  usernameEditable: boolean;
}) {
  return (
    <>
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
        <UsernameField readOnly={!usernameEditable} {...field("username")} />
      </div>
      <div className="acct-row">
        <TextField label="First name" name="firstName" autoComplete="given-name" required {...field("firstName")} />
        <TextField label="Last name" name="lastName" autoComplete="family-name" required {...field("lastName")} />
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
      <NewPasswordField label="Password" {...field("password")} />
    </>
  );
}

/** Without the ticket of a verified address the server would refuse the form: start over. */
export function StartSignupCard({ footer }: { footer: ReactNode }) {
  return (
    <AuthCard title="Create your account" footer={footer}>
      <SignupSteps current={3} />
      <p>To create an account, first confirm your e-mail address. It takes a minute.</p>
      <StartSignupLink />
    </AuthCard>
  );
}
