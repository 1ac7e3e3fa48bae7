import { CODE_TTL_SECONDS } from "../../../domain/account-rules.ts";
import { composeEmail } from "./email-layout.ts";
import type { MailMessage } from "./mailer.ts";

export function passwordResetEmail(to: string, code: string): MailMessage {
  const minutes = Math.round(CODE_TTL_SECONDS / 60);
  return composeEmail({
    to,
    subject: "Your Dishcovery password reset code",
    heading: "Reset your password",
    intro: ["Enter this code with your new password to reset it:"],
    code,
    outro: [
      `The code expires in ${minutes} minutes and works once. Resetting signs you out everywhere.`,
      "If you did not ask to reset your password, you can ignore this email: your password stays as it is.",
    ],
  });
}
