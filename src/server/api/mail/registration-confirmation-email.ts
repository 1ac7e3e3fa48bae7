import { REGISTRATION_CONFIRM_TTL_HOURS } from "../../../domain/registration-rules.ts";
import type { RegistrationKind } from "../../../shared/schemas/registrations.ts";
import { composeEmail } from "./email-layout.ts";
import type { MailMessage } from "./mailer.ts";

/** What the person asked for, in the words of the form they filled in. */
const REQUESTS: Record<RegistrationKind, { subject: string; asked: string }> = {
  "app-banner": {
    subject: "Confirm your email for Dishcovery app news",
    asked: "Someone, hopefully you, asked to hear when the Dishcovery app is ready.",
  },
  "early-access": {
    subject: "Confirm your email for Dishcovery early access",
    asked: "Someone, hopefully you, asked to join the Dishcovery app's early-access list.",
  },
  influencer: {
    subject: "Confirm your email for your Dishcovery influencer application",
    asked: "Someone, hopefully you, applied to become a Dishcovery influencer with this address.",
  },
};

/**
 * The double opt-in mail (UK GDPR and PECR): nothing is kept on a list until the link is
 * followed. The link opens a static page whose button sends the token, so a mail scanner that
 * fetches links confirms nothing.
 */
export function registrationConfirmationEmail(
  to: string,
  kind: RegistrationKind,
  confirmUrl: string,
): MailMessage {
  const request = REQUESTS[kind];
  return composeEmail({
    to,
    subject: request.subject,
    heading: "Confirm your email address",
    intro: [request.asked, "Please confirm that this is your address:"],
    action: { label: "Confirm my email address", url: confirmUrl },
    outro: [
      `The link works for ${REGISTRATION_CONFIRM_TTL_HOURS / 24} days.`,
      "If this was not you, ignore this email: we will not add you to any list, and the details will be deleted when the link expires.",
    ],
  });
}
