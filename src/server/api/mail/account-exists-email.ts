import { composeEmail } from "./email-layout.ts";
import type { MailMessage } from "./mailer.ts";

/**
 * Sent instead of a sign-up code when the address already has an account: the owner learns
 * what to do, and the sign-up screens answer exactly as for a new address, so they do not
 * tell a stranger which addresses are registered.
 */
export function accountExistsEmail(to: string, publicOrigin: string): MailMessage {
  return composeEmail({
    to,
    subject: "You already have a Dishcovery account",
    heading: "You already have an account",
    intro: [
      "Someone (probably you) tried to sign up to Dishcovery with this email address, which already has an account.",
      `Log in at ${publicOrigin}/sign-in-users instead.`,
    ],
    outro: ["If this was not you, you can ignore this email."],
  });
}
