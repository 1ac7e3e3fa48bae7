// The verification screen's state (spec points 4, 5, 9; issue 24): the draft from step 1, the
// six boxes, the code's countdown and the shorter one that gates Resend, and the calls that
// verify a code or send a new one. A complete entry is verified as soon as the sixth character is in.
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { ACCOUNT_MESSAGES, CODE_TTL_SECONDS, RESEND_AFTER_SECONDS } from "../../domain/account-rules.ts";
import { verificationCodeSchema } from "../../shared/schemas/accounts.ts";
import { api, outcomeOf } from "../../shared/api-client.ts";
import { codeOf, emptyCodeBoxes, isCodeComplete, type CodeBoxes } from "../../client/code-boxes.ts";
import { canResend, resendSecondsLeft, secondsLeft } from "./countdown.ts";
import { resendStatus, verifyFailureStatus } from "./outcome-messages.ts";
import { takeCarriedStatus } from "./carried-status.ts";
import {
  browserStore,
  keepSignupTicket,
  markCodeSent,
  readSignupDraft,
  type SignupDraft,
} from "../../client/session.ts";
import { useDelayedNavigation, useStatus } from "../../client/use-status.ts";

export const SUCCESS_OVERLAY_MS = 3000;

export function useCodeVerification() {
  // undefined while reading localStorage (the server-rendered HTML cannot know the draft).
  const [draft, setDraft] = useState<SignupDraft | null | undefined>(undefined);
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
  const { remaining, expired, resendWait, resendReady, restartClock } = useCodeClock(draft, verified);

  /** Empty boxes with the focus on the first; `invalid` keeps them marked after a refusal. */
  const freshEntry = useCallback((invalid: boolean) => {
    setInvalid(invalid);
    setBoxes(emptyCodeBoxes());
    submittedCode.current = null;
    setFocusFirst((n) => n + 1);
  }, []);

  useEffect(() => {
    const store = browserStore();
    const found = store ? readSignupDraft(store) : null;
    const start = Date.now();
    if (found && found.codeSentAt === null && store) markCodeSent(store, start);
    setDraft(found);
    restartClock(found?.codeSentAt ?? start, start);
    setFocusFirst(1);
  }, [restartClock]);

  // Step 1's "Verification email sent successfully!", shown once the status line is on the
  // page (a live region announces what changes in it, not what it was created with).
  useEffect(() => {
    if (!draft) return;
    const carried = takeCarriedStatus();
    if (carried) showStatus(carried);
  }, [draft, showStatus]);

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
      const outcome = await outcomeOf(
        api.users.verifyEmailCode1.$post({ form: { email: draft.email, code: parsed.data } }),
      );
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
      freshEntry(true);
    },
    [draft, verifying, showStatus, goTo, freshEntry],
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
    if (!draft || resending || !resendReady) return;
    setResending(true);
    const outcome = await outcomeOf(api.users.sendEmail.$post({ query: {}, json: { to: draft.email } }));
    setResending(false);
    showStatus(resendStatus(outcome));
    if (outcome.kind === "ok") {
      const at = Date.now();
      const store = browserStore();
      if (store) markCodeSent(store, at);
      restartClock(at);
      freshEntry(false);
    }
  }

  return {
    draft,
    boxes,
    verifying,
    resending,
    verified,
    invalid,
    focusFirst,
    status,
    remaining,
    expired,
    resendWait,
    resendReady,
    overlayRef,
    changeBoxes,
    submit,
    resend,
  };
}

/**
 * The code's clock: when it was sent, ticking each second until it has expired (spec point 4)
 * or was verified, and the shorter wait that gates Resend (issue 24: it opens 60 s after a
 * code was sent, well before the code expires).
 */
function useCodeClock(draft: SignupDraft | null | undefined, verified: boolean) {
  const [sentAt, setSentAt] = useState(0);
  const [now, setNow] = useState(0);
  const remaining = draft ? secondsLeft(sentAt, now) : CODE_TTL_SECONDS;
  const expired = draft ? remaining <= 0 : false;
  const resendWait = draft ? resendSecondsLeft(sentAt, now) : RESEND_AFTER_SECONDS;
  const resendReady = draft ? canResend(resendWait) : false;

  useEffect(() => {
    if (!draft || verified || expired) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [draft, verified, expired]);

  /** A code sent at `at`, the clock read at `readAt`. */
  const restartClock = useCallback((at: number, readAt = at) => {
    setSentAt(at);
    setNow(readAt);
  }, []);
  return { remaining, expired, resendWait, resendReady, restartClock };
}
