// Admins read the append-only moderation log, newest first, and download all of it as CSV
// (issue 21). The export needs the bearer token, which a plain link cannot send: it is
// fetched, then saved through a Blob link.
import { useEffect, useState } from "react";
import { decisionReasonLabel } from "../../domain/report-reasons.ts";
import type { LogEntry } from "../../shared/schemas/moderation.ts";
import type { Session } from "../../client/session.ts";
import { failureText } from "../../client/failure-text.ts";
import { SIGNED_OUT } from "../../client/screen-parts.tsx";
import type { ModerationApi } from "./moderation-api.ts";

function saveFile(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it starts.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function LogPanel({ api, session }: { api: ModerationApi; session: Session }) {
  const [entries, setEntries] = useState<LogEntry[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [line, setLine] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState<"more" | "csv" | null>(null);

  async function read(from: string | null) {
    const outcome = await api.log(session.token, from);
    if (outcome.kind !== "ok") {
      setLine({ text: failureText(outcome, "Could not load the log.", SIGNED_OUT), error: true });
      setEntries((shown) => shown ?? []);
      return;
    }
    setLine(null);
    setEntries((shown) => (from && shown ? [...shown, ...outcome.data.entries] : outcome.data.entries));
    setCursor(outcome.data.nextCursor);
  }

  useEffect(() => {
    void read(null);
    // One read when the panel opens; "Load more" and "Try again" read on.
  }, []);

  async function run(what: "more" | "csv") {
    if (busy) return;
    setBusy(what);
    if (what === "more") await read(cursor);
    else {
      const outcome = await api.logCsv(session.token);
      if (outcome.kind === "ok") {
        saveFile(outcome.data.blob, outcome.data.filename);
        setLine({ text: `Saved ${outcome.data.filename}.`, error: false });
      } else setLine({ text: failureText(outcome, "Could not export the log.", SIGNED_OUT), error: true });
    }
    setBusy(null);
  }

  return (
    <section className="mod-section sp-panel-box" aria-labelledby="mod-log-heading" id="log">
      <h2 id="mod-log-heading">Log</h2>
      <div className="ir-buttons">
        <button
          type="button"
          className="btn btn-secondary"
          aria-disabled={busy === "csv" || undefined}
          onClick={() => void run("csv")}
        >
          {busy === "csv" ? "Preparing…" : "Download CSV"}
        </button>
      </div>
      <p className={line?.error ? "ir-error" : "sp-status"} role={line?.error ? "alert" : "status"}>
        {line?.text ?? ""}
      </p>
      {entries === null ? (
        <p role="status">Loading the log…</p>
      ) : entries.length === 0 ? (
        <p className="sp-note">Nothing logged yet.</p>
      ) : (
        <ol className="mod-log">
          {entries.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.createdAt}>{entry.createdAt.slice(0, 16).replace("T", " ")}</time>{" "}
              <strong>{entry.actorLabel}</strong>: {entry.action}
              {entry.kind && ` ${entry.kind} ${entry.targetId ?? ""}`}
              {entry.reason && `, “${decisionReasonLabel(entry.reason)}”`}
              {entry.note && <span className="mod-log__note"> — {entry.note}</span>}
            </li>
          ))}
        </ol>
      )}
      {cursor && (
        <button
          type="button"
          className="btn btn-secondary mod-more"
          aria-disabled={busy === "more" || undefined}
          onClick={() => void run("more")}
        >
          {busy === "more" ? "Loading…" : "Load more"}
        </button>
      )}
    </section>
  );
}
