// Step 2 by evidence: a utility bill or the company's registration, as a photo or a PDF, for a
// moderator to check (docs/owners.md). The file is checked here for what can be known before
// sending (there, its size and type); the server checks its bytes and names what is wrong.
import { useId, useRef, useState, type FormEvent } from "react";
import { MAX_EVIDENCE_BYTES, MAX_EVIDENCE_NOTE, OWNER_MESSAGES } from "../../domain/owners.ts";
import { AccountForm, StatusLine } from "../../client/account-forms.tsx";
import { useStatus } from "../../client/use-status.ts";
import type { ClaimApi } from "./claim-api.ts";

export const EVIDENCE_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;

/** What is wrong with a chosen file before it is sent, or null. */
export function evidenceProblem(file: Pick<File, "size" | "type"> | null): string | null {
  if (!file) return OWNER_MESSAGES.evidenceMissing;
  if (!(EVIDENCE_TYPES as readonly string[]).includes(file.type)) return OWNER_MESSAGES.evidenceType;
  if (file.size > MAX_EVIDENCE_BYTES) return OWNER_MESSAGES.evidenceTooLarge;
  return null;
}

interface Props {
  api: ClaimApi;
  token: string;
  restaurantId: number;
  /** Why this step shows: no code route, or the owner chose it. */
  reason: "no-code" | "chosen";
  onSent: () => void;
}

export function EvidenceStep({ api, token, restaurantId, reason, onSent }: Props) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, showStatus, clearError] = useStatus();

  async function send(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = evidenceProblem(file);
    if (problem || !file) {
      setFileError(problem);
      fileInput.current?.focus();
      return;
    }
    setBusy(true);
    const outcome = await api.sendEvidence(token, restaurantId, file, note);
    setBusy(false);
    if (outcome.kind === "ok") return onSent();
    if (outcome.kind === "failed" && outcome.fields.file) {
      setFileError(outcome.fields.file);
      fileInput.current?.focus();
      return;
    }
    showStatus({ tone: "error", text: outcome.message });
  }

  return (
    <div className="claim-evidence">
      <p>
        {reason === "no-code"
          ? "We cannot e-mail a code for this restaurant, so a moderator checks a document instead."
          : "A moderator checks a document instead of the code."}{" "}
        Send a utility bill or the company&rsquo;s registration that names the restaurant. It is stored
        privately: only moderators see it.
      </p>
      <AccountForm onSubmit={send} busy={busy} onEdit={clearError}>
        <div className={`acct-field${fileError ? " acct-field--invalid" : ""}`}>
          <label htmlFor={`${id}-file`} className="acct-label">
            Evidence
          </label>
          <input
            id={`${id}-file`}
            ref={fileInput}
            className="claim-file"
            type="file"
            name="file"
            accept={EVIDENCE_TYPES.join(",")}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`${id}-file-hint${fileError ? ` ${id}-file-error` : ""}`}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setFileError(null);
            }}
          />
          <p id={`${id}-file-hint`} className="acct-hint">
            A JPEG, PNG or WebP photo, or a PDF, at most {MAX_EVIDENCE_BYTES / 1024 / 1024} MB.
          </p>
          {fileError && (
            <p id={`${id}-file-error`} className="acct-error">
              {fileError}
            </p>
          )}
        </div>
        <div className="acct-field">
          <label htmlFor={`${id}-note`} className="acct-label">
            Note for the moderator (optional)
          </label>
          <textarea
            id={`${id}-note`}
            className="acct-input claim-note"
            name="note"
            rows={3}
            maxLength={MAX_EVIDENCE_NOTE}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
        </div>
        <StatusLine status={status} />
        <button type="submit" className="btn btn-primary acct-submit" aria-disabled={busy || undefined}>
          {busy ? "Sending..." : "Send evidence"}
        </button>
      </AccountForm>
    </div>
  );
}
