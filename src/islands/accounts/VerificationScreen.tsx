// /verification: the code sent in step 1 goes into six boxes and is submitted as soon as the
// sixth character is in; the code lives 300 s and Resend opens after 60 s (issue 24); a success overlay shows for 3 s before
// step 2 (spec points 2, 4, 5, 8, 9). Issue 16: the screen says beforehand that the sixth
// character submits (WCAG 3.2.2); an error stays, and describes the boxes, until they change;
// the boxes and buttons never disable themselves under the focus while a call is out.
import type { RefObject } from "react";
import { ACCOUNT_MESSAGES } from "../../domain/account-rules.ts";
import { maskEmail } from "../../domain/mask-email.ts";
import { isCodeComplete } from "../../client/code-boxes.ts";
import { CodeBoxesInput } from "../../client/code-boxes-input.tsx";
import { formatCountdown } from "./countdown.ts";
import { StartSignupLink } from "./account-fields.tsx";
import { AccountForm, AuthCard, StatusLine } from "../../client/account-forms.tsx";
import { SignupSteps } from "./SignupSteps.tsx";
import { useCodeVerification } from "./use-code-verification.ts";

export const RESEND_OPEN_TEXT = "You can now ask for a new code.";

export default function VerificationScreen() {
  const verification = useCodeVerification();
  const { draft, verified, overlayRef } = verification;

  if (draft === undefined) {
    return (
      <AuthCard title="Verify your e-mail">
        <SignupSteps current={2} />
        <p className="acct-muted">Loading…</p>
      </AuthCard>
    );
  }

  if (draft === null) {
    return (
      <AuthCard title="Verify your e-mail">
        <SignupSteps current={2} />
        <p>
          We don’t know which address to verify yet. Start by telling us your username and e-mail address.
        </p>
        <StartSignupLink />
      </AuthCard>
    );
  }

  return (
    <>
      <AuthCard
        title="Verify your e-mail"
        footer={
          <p>
            Wrong address? <a href="/email-verification-users">Change it</a>
          </p>
        }
      >
        <SignupSteps current={2} />
        <p className="acct-intro">
          Enter the six-character code we sent to{" "}
          <strong className="acct-email">{maskEmail(draft.email)}</strong>.
        </p>
        <CodeForm verification={verification} />
      </AuthCard>
      {verified ? <VerifiedOverlay overlayRef={overlayRef} /> : null}
    </>
  );
}

/** The six boxes, the countdown, the status line, Verify and Resend. */
function CodeForm({ verification }: { verification: ReturnType<typeof useCodeVerification> }) {
  const { boxes, verifying, resending, verified, invalid, focusFirst, status, remaining, expired } =
    verification;
  const { resendWait, resendReady } = verification;
  const { changeBoxes, submit, resend } = verification;
  return (
    <AccountForm onSubmit={submit}>
      <p id="acct-code-label" className="acct-label">
        Verification code
      </p>
      <p id="acct-code-hint" className="acct-hint">
        The code is checked as soon as the sixth character is in.
      </p>
      <CodeBoxesInput
        boxes={boxes}
        onChange={changeBoxes}
        disabled={verified}
        readOnly={verifying}
        invalid={invalid}
        labelledBy="acct-code-label"
        describedBy={["acct-code-hint", status?.tone === "error" ? "acct-code-status" : "", "acct-countdown"]
          .filter(Boolean)
          .join(" ")}
        focusFirstSignal={focusFirst}
      />
      <p id="acct-countdown" className={`acct-countdown${expired ? " acct-countdown--expired" : ""}`}>
        {expired ? (
          ACCOUNT_MESSAGES.expiredCode
        ) : (
          <>
            The code expires in{" "}
            <time className="acct-timer" dateTime={`PT${remaining}S`} aria-hidden="true">
              {formatCountdown(remaining)}
            </time>
            {/* Read once a minute rather than every tick, which would flood screen readers. */}
            <span className="visually-hidden">{minutesText(remaining)}</span>
          </>
        )}
      </p>
      <StatusLine status={status} id="acct-code-status" />
      <div className="acct-actions">
        <button
          type="submit"
          className="btn btn-primary acct-submit"
          disabled={!isCodeComplete(boxes)}
          // Busy is marked, not disabled: a Verify pressed by keyboard keeps the focus.
          aria-disabled={verifying || verified || undefined}
        >
          {verifying ? "Verifying..." : "Verify"}
        </button>
        <p className="acct-resend">
          Didn’t get it?{" "}
          <button
            type="button"
            className="acct-link-button"
            onClick={resend}
            disabled={!resendReady}
            aria-disabled={resending || undefined}
          >
            {resending ? "Resending..." : "Resend code"}
          </button>
          {resendReady ? null : (
            <span className="acct-resend-wait">
              You can ask for a new code in{" "}
              <time className="acct-resend-timer" dateTime={`PT${resendWait}S`} aria-hidden="true">
                {formatCountdown(resendWait)}
              </time>
              <span className="visually-hidden">{secondsText(resendWait)}</span>.
            </span>
          )}
        </p>
        {/* Said once when Resend opens, politely; the seconds themselves are not read out. */}
        <p className="visually-hidden" aria-live="polite">
          {resendReady && !verified ? RESEND_OPEN_TEXT : ""}
        </p>
      </div>
    </AccountForm>
  );
}

function VerifiedOverlay({ overlayRef }: { overlayRef: RefObject<HTMLDivElement | null> }) {
  return (
    <div className="acct-overlay">
      <div
        className="acct-overlay-card"
        role="dialog"
        aria-modal="true"
        aria-labelledby="acct-overlay-title"
        tabIndex={-1}
        ref={overlayRef}
      >
        <span className="acct-overlay-check" aria-hidden="true">
          ✓
        </span>
        <h2 id="acct-overlay-title">Email verified</h2>
        <p>{ACCOUNT_MESSAGES.emailVerified} Taking you to the last step…</p>
      </div>
    </div>
  );
}

function minutesText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

function secondsText(seconds: number): string {
  return seconds === 1 ? "1 second" : `${seconds} seconds`;
}
