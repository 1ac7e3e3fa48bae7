// What the accounts calls do (docs/accounts.md): sign-up with an e-mailed code, login,
// logout, own details, password reset. Routes validate and answer; this module decides.
// Rules that hold across it (issue 14): an answer never depends on whether an account,
// address or phone number exists; counters run the same way either way; login throttling
// cannot be turned against the owner. Failures are thrown as ApiError, which the app answers.
// None of these writes changes a cached public read, so none publishes catalogue changes.
import type { AppDeps } from "../deps.ts";
import { accountDetailsCalls } from "./account-details.ts";
import { sessionCalls } from "./account-sessions.ts";
import { signupCalls } from "./account-signup.ts";
import { passwordResetCalls } from "./password-reset.ts";

export type { SignupFields } from "./account-signup.ts";

export function accountsService(deps: AppDeps) {
  return {
    ...signupCalls(deps),
    ...sessionCalls(deps),
    ...accountDetailsCalls(deps),
    ...passwordResetCalls(deps),
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
