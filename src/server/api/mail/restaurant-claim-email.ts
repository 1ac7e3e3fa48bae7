import { CODE_TTL_SECONDS } from "../../../domain/account-rules.ts";
import { composeEmail } from "./email-layout.ts";
import type { MailMessage } from "./mailer.ts";

export interface ClaimEmailInput {
  to: string;
  code: string;
  restaurantName: string;
  /** The account that asked, shown so the restaurant can tell a stranger's claim. */
  username: string;
  /** That account's address, masked (mask-email.ts). */
  maskedEmail: string;
}

/**
 * The claim code, to the restaurant's listed contact address (issue 22): which account asked,
 * so whoever reads the restaurant's mail can ignore a claim that is not theirs.
 */
export function restaurantClaimEmail(input: ClaimEmailInput): MailMessage {
  const minutes = Math.round(CODE_TTL_SECONDS / 60);
  return composeEmail({
    to: input.to,
    subject: `Your Dishcovery code to claim ${input.restaurantName}`,
    heading: `Claim ${input.restaurantName} on Dishcovery`,
    intro: [
      `The Dishcovery account "${input.username}" (${input.maskedEmail}) asked to become the verified owner of ${input.restaurantName}.`,
      "If that is you or someone at the restaurant, enter this code on the claim screen:",
    ],
    code: input.code,
    outro: [
      `The code expires in ${minutes} minutes and works once.`,
      "If nobody at the restaurant asked for this, ignore this email: without the code the claim cannot go ahead.",
    ],
  });
}
