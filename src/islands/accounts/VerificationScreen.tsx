// /verification: the code sent in step 1 goes into six boxes and is submitted as soon as the
// sixth character is in; a 300 s countdown gates Resend; a success overlay shows for 3 s before
// step 2 (spec points 2, 4, 5, 8, 9). Issue 16: the screen says beforehand that the sixth
// character submits (WCAG 3.2.2); an error stays, and describes the boxes, until they change;
// the boxes and buttons never disable themselves under the focus while a call is out.
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { ACCOUNT_MESSAGES, CODE_TTL_SECONDS } from "../../domain/account-rules.ts";
import { maskEmail } from "../../domain/mask-email.ts";
import { verificationCodeSchema } from "../../shared/schemas/accounts.ts";
import { api, outcomeOf } from "../../shared/api-client.ts";
import { codeOf, emptyCodeBoxes, isCodeComplete, type CodeBoxes } from "./code-boxes.ts";
import { CodeBoxesInput } from "./CodeBoxesInput.tsx";
import { canResend, formatCountdown, secondsLeft } from "./countdown.ts";
import { resendStatus, verifyFailureStatus } from "./outcome-messages.ts";
import { takeCarriedStatus } from "./carried-status.ts";
import {
  browserStore,
  keepSignupTicket,
  markCodeSent,
  readSignupDraft,
  type SignupDraft,
} from "./session.ts";
import { AccountForm, AuthCard, SignupSteps, StatusLine } from "./ui.tsx";
import { useDelayedNavigation, useStatus } from "./use-status.ts";

export const SUCCESS_OVERLAY_MS = 3000;

export default function VerificationScreen() {
  // undefined while reading localStorage (the server-rendered HTML cannot know the draft).
  const [draft, setDraft] = useState<SignupDraft | null | undefined>(undefined);
  const [sentAt, setSentAt] = useState(0);
  const [now, setNow] = useState(0);
  const [boxes, setBoxes] = useState<CodeBoxes>(emptyCodeBoxes);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [verified, setVerified] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [focusFirst, setFocusFirst] = useState(0);
  const [status, showStatus, clearError] = useStatus();
  const goTo = useDelayedNavigation();
  const overlayRef = useRef<HTMLDivElement>(null);
  const submittedCode = useRef<string | null>(null);

  useEffect(() => {
    const store = browserStore();
    const found = store ? readSignupDraft(store) : null;
    const start = Date.now();
    if (found && found.codeSentAt === null && store) markCodeSent(store, start);
    setDraft(found);
    setSentAt(found?.codeSentAt ?? start);
    setNow(start);
    setFocusFirst(1);
  }, []);

  // Step 1's "Verification email sent successfully!", shown once the status line is on the
  // page (a live region announces what changes in it, not what it was created with).
  useEffect(() => {
    if (!draft) return;
    const carried = takeCarriedStatus();
    if (carried) showStatus(carried);
  }, [draft, showStatus]);

  const remaining = draft ? secondsLeft(sentAt, now) : CODE_TTL_SECONDS;
  const expired = draft ? canResend(remaining) : false;

  // Ticks each second until the code has expired (spec point 4).
  useEffect(() => {
    if (!draft || verified || expired) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [draft, verified, expired]);

  const verify = useCallback(
    async (code: string) => {
      if (!draft || verifying) return;
      const parsed = verificationCodeSchema.safeParse(code);
      if (!parsed.success) {
        setInvalid(true);
        showStatus({ text: ACCOUNT_MESSAGES.invalidCodeFormat, tone: "error" });
        return;
      }
      submittedCode.current = parsed.data;
      setVerifying(true);
      const outcome = await outcomeOf(api.users.verifyEmailCode1.$post({ form: { email: draft.email, code: parsed.data } }));
      setVerifying(false);
      if (outcome.kind === "ok") {
        // Step 2 needs the ticket: only the browser that entered the code can finish sign-up.
        const store = browserStore();
        if (store) keepSignupTicket(store, outcome.data.signupTicket);
        showStatus(null);
        setVerified(true);
        goTo("/sign-up-users", SUCCESS_OVERLAY_MS);
        return;
      }
      showStatus(verifyFailureStatus(outcome));
      // Unanswered: keep the code so Verify can try it again. Refused: start a fresh entry.
      if (outcome.kind === "no-response") return;
      setInvalid(true);
      setBoxes(emptyCodeBoxes());
      submittedCode.current = null;
      setFocusFirst((n) => n + 1);
    },
    [draft, verifying, showStatus, goTo],
  );

  // A complete six-character entry is submitted automatically (spec point 4).
  useEffect(() => {
    if (!isCodeComplete(boxes) || verifying || verified) return;
    const code = codeOf(boxes);
    if (submittedCode.current === code) return;
    void verify(code);
  }, [boxes, verifying, verified, verify]);

  useEffect(() => {
    if (verified) overlayRef.current?.focus();
  }, [verified]);

  function changeBoxes(next: CodeBoxes) {
    setInvalid(false);
    clearError();
    setBoxes(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (verifying || verified) return;
    void verify(codeOf(boxes));
  }

  async function resend() {
    if (!draft || resending || !expired) return;
    setResending(true);
    const outcome = await outcomeOf(api.users.sendEmail.$post({ query: {}, json: { to: draft.email } }));
    setResending(false);
    showStatus(resendStatus(outcome));
    if (outcome.kind === "ok") {
      const at = Date.now();
      const store = browserStore();
      if (store) markCodeSent(store, at);
      setSentAt(at);
      setNow(at);
      setBoxes(emptyCodeBoxes());
      setInvalid(false);
      submittedCode.current = null;
      setFocusFirst((n) => n + 1);
    }
  }

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
        <p>
          <a className="btn btn-primary" href="/email-verification-users">
            Start sign-up
          </a>
        </p>
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
            describedBy={[
              "acct-code-hint",
              status?.tone === "error" ? "acct-code-status" : "",
              "acct-countdown",
            ]
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
                disabled={!expired}
                aria-disabled={resending || undefined}
              >
                {resending ? "Resending..." : "Resend code"}
              </button>
              {expired ? null : (
                <span className="acct-resend-wait">
                  You can ask for a new code when the timer reaches 00:00.
                </span>
              )}
            </p>
          </div>
        </AccountForm>
      </AuthCard>
      {verified ? (
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
      ) : null}
    </>
  );
}

function minutesText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
