import { CODE_TTL_SECONDS } from "../../../domain/account-rules.ts";
import { composeEmail } from "./email-layout.ts";
import type { MailMessage } from "./mailer.ts";

export interface ClaimEmailInput {
  to: string;
  code: string;
  /** The restaurant's name as listed: a moderator approved the listing, or the seed holds it. */
  restaurantName: string;
}

/**
 * The claim code, to the restaurant's contact address (issue 22). Issue 29: it carries no text
 * the claimant typed (no username, no address: a username like "call-0800-refund" would make
 * this a message anyone can send to any restaurant), only the approved name and the code.
 */
export function restaurantClaimEmail(input: ClaimEmailInput): MailMessage {
  const minutes = Math.round(CODE_TTL_SECONDS / 60);
  return composeEmail({
    to: input.to,
    subject: `Your Dishcovery code to claim ${input.restaurantName}`,
    heading: `Claim ${input.restaurantName} on Dishcovery`,
    intro: [
      `Someone with a Dishcovery account asked to become the verified owner of ${input.restaurantName}.`,
      "If that is you or someone at the restaurant, enter this code on the claim screen:",
    ],
    code: input.code,
    outro: [
      `The code expires in ${minutes} minutes and works once.`,
      "If nobody at the restaurant asked for this, ignore this email: without the code the claim cannot go ahead.",
    ],
  });
}
