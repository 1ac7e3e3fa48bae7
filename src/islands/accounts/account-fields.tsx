// Fields the account screens ask for in more than one place, so each is asked the same way
// everywhere: the same label, name, keyboard and autofill hints. A screen adds what differs
// (its value and error, required or read-only) as props.
import type { ComponentProps } from "react";
import { PASSWORD_MIN_LENGTH } from "../../domain/account-rules.ts";
import { PasswordField, TextField } from "../../client/account-forms.tsx";

type Field = Omit<ComponentProps<typeof TextField>, "label" | "name">;

export function EmailField(props: Field) {
  return (
    <TextField label="E-mail address" name="email" type="email" inputMode="email" autoComplete="email" {...props} />
  );
}

export function UsernameField(props: Field) {
  return (
    <TextField label="Username" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />
  );
}

/** A password being chosen (sign-up, reset), with the length the server asks for. */
export function NewPasswordField({ label, ...props }: Omit<ComponentProps<typeof PasswordField>, "name">) {
  return (
    <PasswordField
      label={label}
      name="password"
      autoComplete="new-password"
      required
      hint={`At least ${PASSWORD_MIN_LENGTH} characters. A short sentence works well.`}
      {...props}
    />
  );
}

/** Where a sign-up that lost its verified address starts again. */
export function StartSignupLink() {
  return (
    <p>
      <a className="btn btn-primary" href="/email-verification-users">
        Start sign-up
      </a>
    </p>
  );
}
