// A session ended by a password change elsewhere (issue 24): the API answers such a token's
// calls 401 with PASSWORD_CHANGED_MESSAGE (src/server/api/auth/require-user.ts). The client
// (api-client.ts) announces it on window; the layout's session script (src/components/layout/
// site-session.ts) clears the stored session and opens the login page, which says why.

export const SESSION_ENDED_EVENT = "dishcovery:session-ended";

/**
 * The 401's message for such a token; the login page says it too. Not a spec message: the spec
 * has one 401 for every refusal, which left a person signed out elsewhere looking at a raw
 * error beside the signed-in sidebar. Here rather than in src/domain/messages.ts so the pages'
 * API client does not carry every other message with it (home's JavaScript budget).
 */
export const PASSWORD_CHANGED_MESSAGE = "You were signed out because your password changed.";

/** The login page's query value that makes it say "You were signed out because …". */
export const PASSWORD_CHANGED_REASON = "password-changed";

/** The login page after a password change, coming back to `here` once logged in again. */
export function passwordChangedLoginHref(here: string): string {
  return `/sign-in-users?signedOut=${PASSWORD_CHANGED_REASON}&next=${encodeURIComponent(here)}`;
}
