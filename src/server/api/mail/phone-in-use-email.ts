import { composeEmail } from "./email-layout.ts";
import type { MailMessage } from "./mailer.ts";

/**
 * Sent when a new account names a phone number another account already holds. Sign-up
 * answers exactly as it does for a free number (so it cannot be used to learn which numbers
 * have accounts) and creates the account without the number; only the owner of this verified
 * mailbox learns why.
 */
export function phoneInUseEmail(to: string, publicOrigin: string): MailMessage {
  return composeEmail({
    to,
    subject: "Your Dishcovery account was created without a phone number",
    heading: "Welcome to Dishcovery",
    intro: [
      "Your account is ready. The phone number you gave is already used by another Dishcovery account, so we did not add it to yours.",
      `You can log in with your email address at ${publicOrigin}/sign-in-users and add another number later.`,
    ],
    outro: ["If you think someone else has used your number, reply to this email and we will look into it."],
  });
}
