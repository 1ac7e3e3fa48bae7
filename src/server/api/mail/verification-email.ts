import { CODE_TTL_SECONDS } from "../../../domain/account-rules.ts";
import { composeEmail } from "./email-layout.ts";
import type { MailMessage } from "./mailer.ts";

/** The only message POST /users/sendEmail ever sends: the sign-up code and how long it lasts. */
export function verificationEmail(to: string, code: string): MailMessage {
  const minutes = Math.round(CODE_TTL_SECONDS / 60);
  return composeEmail({
    to,
    subject: "Your Dishcovery verification code",
    heading: "Verify your email address",
    intro: ["Enter this code on the verification screen to continue signing up:"],
    code,
    outro: [
      `The code expires in ${minutes} minutes and works once.`,
      "If you did not ask to sign up for Dishcovery, you can ignore this email.",
    ],
  });
}
