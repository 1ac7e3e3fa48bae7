// Step 2 by code: the six characters mailed to the restaurant's contact address, in the sign-up
// code boxes, checked as soon as the sixth is in (said beforehand, docs/accessibility.md point
// 4). A wrong code empties the boxes and says why until they change; a new code can be asked
// for; and the evidence route is one press away when the mail does not arrive.
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { codeOf, emptyCodeBoxes, isCodeComplete, type CodeBoxes } from "../../client/code-boxes.ts";
import { CodeBoxesInput } from "../../client/code-boxes-input.tsx";
import { AccountForm, StatusLine } from "../../client/account-forms.tsx";
import { useStatus } from "../../client/use-status.ts";
import type { ClaimApi, ClaimStarted, ClaimVerified } from "./claim-api.ts";

interface Props {
  api: ClaimApi;
  token: string;
  restaurantId: number;
  started: ClaimStarted;
  onStarted: (started: ClaimStarted) => void;
  onVerified: (verified: ClaimVerified) => void;
  onEvidence: () => void;
}

export function CodeStep({ api, token, restaurantId, started, onStarted, onVerified, onEvidence }: Props) {
  const [boxes, setBoxes] = useState<CodeBoxes>(emptyCodeBoxes);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [focusFirst, setFocusFirst] = useState(1);
  const [status, showStatus, clearError] = useStatus();
  const submitted = useRef<string | null>(null);
  const minutes = Math.round((started.expiresInSeconds ?? 600) / 60);

  const verify = useCallback(
    async (code: string) => {
      if (verifying) return;
      submitted.current = code;
      setVerifying(true);
      const outcome = await api.verify(token, restaurantId, code);
      setVerifying(false);
      if (outcome.kind === "ok") return onVerified(outcome.data);
      showStatus({ tone: "error", text: (outcome.kind === "failed" && outcome.fields.code) || outcome.message });
      if (outcome.kind === "no-response") return;
      setInvalid(true);
      setBoxes(emptyCodeBoxes());
      submitted.current = null;
      setFocusFirst((n) => n + 1);
    },
    [api, token, restaurantId, verifying, onVerified, showStatus],
  );

  useEffect(() => {
    if (!isCodeComplete(boxes) || verifying) return;
    const code = codeOf(boxes);
    if (submitted.current !== code) void verify(code);
  }, [boxes, verifying, verify]);

  async function resend() {
    if (resending) return;
    setResending(true);
    const outcome = await api.start(token, restaurantId);
    setResending(false);
    if (outcome.kind !== "ok") return showStatus({ tone: "error", text: outcome.message });
    onStarted(outcome.data);
    setBoxes(emptyCodeBoxes());
    setInvalid(false);
    submitted.current = null;
    showStatus({ tone: "success", text: "A new code is on its way. The old one no longer works." });
    setFocusFirst((n) => n + 1);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isCodeComplete(boxes)) void verify(codeOf(boxes));
  }

  return (
    <div className="claim-code">
      <p>
        We sent a six-character code to the restaurant&rsquo;s contact address,{" "}
        <strong className="acct-email">{started.codeSentTo}</strong>. It works for {minutes} minutes.
      </p>
      <AccountForm onSubmit={submit} busy={verifying}>
        <p id="claim-code-label" className="acct-label">
          Claim code
        </p>
        <p id="claim-code-hint" className="acct-hint">
          The code is checked as soon as the sixth character is in.
        </p>
        <CodeBoxesInput
          boxes={boxes}
          onChange={(next) => {
            setInvalid(false);
            clearError();
            setBoxes(next);
          }}
          readOnly={verifying}
          invalid={invalid}
          labelledBy="claim-code-label"
          describedBy={invalid ? "claim-code-hint claim-code-error" : "claim-code-hint"}
          focusFirstSignal={focusFirst}
        />
        <StatusLine status={status} id="claim-code-error" />
        <button type="submit" className="btn btn-primary acct-submit" aria-disabled={verifying || undefined}>
          {verifying ? "Checking..." : "Verify"}
        </button>
      </AccountForm>
      <div className="claim-alternatives">
        <button type="button" className="btn btn-secondary" aria-disabled={resending || undefined} onClick={() => void resend()}>
          {resending ? "Sending..." : "Send a new code"}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onEvidence}>
          The code did not arrive: send evidence instead
        </button>
      </div>
    </div>
  );
}
