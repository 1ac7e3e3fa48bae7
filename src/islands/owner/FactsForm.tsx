// The restaurant's facts (docs/owners.md "Keeping facts true"): opening hours with special
// closures, booking and ordering links, and the description, saved together. The server names
// each field it refuses; the list of them takes the focus, and nothing was changed.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { MAX_FACTS_DESCRIPTION, MAX_LINKS, OWNER_MESSAGES, type OpeningHours } from "../../domain/owners.ts";
import { StatusLine } from "../../client/account-forms.tsx";
import { useStatus } from "../../client/use-status.ts";
import { fieldName, hoursFromLines, linesOf } from "./hours-form.ts";
import { HoursEditor } from "./HoursEditor.tsx";
import type { OwnerApi } from "./owner-api.ts";

interface Draft {
  hours: OpeningHours;
  booking: string;
  ordering: string;
  description: string;
}

function LinksField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="owner-field">
      <label htmlFor={id} className="owner-label">
        {label}
      </label>
      <p id={`${id}-hint`} className="owner-hint">
        One https:// address a line, up to {MAX_LINKS}.
      </p>
      <textarea id={id} className="owner-input" rows={2} aria-describedby={`${id}-hint`} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
    </div>
  );
}

export function FactsForm({ api, token, restaurantId }: { api: OwnerApi; token: string; restaurantId: number }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft | null | "failed">(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [status, showStatus] = useStatus();
  const problemList = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setDraft(null);
    void api.restaurant(restaurantId).then((outcome) => {
      if (outcome.kind !== "ok") return setDraft("failed");
      const r = outcome.data;
      setDraft({
        hours: r.hours ?? hoursFromLines(r.openingHours),
        booking: r.bookingLinks.join("\n"),
        ordering: r.orderingLinks.join("\n"),
        description: r.description,
      });
    });
  }, [api, restaurantId]);

  if (draft === null) return <p role="status">Loading…</p>;
  if (draft === "failed") return <p role="alert">The restaurant&rsquo;s facts could not load. Please reload the page.</p>;
  const edit = (change: Partial<Draft>) => (setDraft({ ...draft, ...change }), setProblems([]));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy || draft === null || draft === "failed") return;
    setBusy(true);
    showStatus(null);
    const outcome = await api.saveFacts(token, restaurantId, {
      hours: draft.hours,
      bookingLinks: linesOf(draft.booking),
      orderingLinks: linesOf(draft.ordering),
      description: draft.description,
    });
    setBusy(false);
    if (outcome.kind === "ok") return showStatus({ tone: "success", text: OWNER_MESSAGES.factsSaved });
    const named = outcome.kind === "failed" ? Object.entries(outcome.fields).map(([f, m]) => `${fieldName(f)}: ${m}`) : [];
    setProblems(named.length > 0 ? named : [outcome.message]);
    requestAnimationFrame(() => problemList.current?.focus());
  }

  return (
    <form className="owner-form" onSubmit={(event) => void save(event)} noValidate>
      <HoursEditor hours={draft.hours} onChange={(hours) => edit({ hours })} />
      <LinksField label="Booking links" value={draft.booking} onChange={(booking) => edit({ booking })} />
      <LinksField label="Ordering links" value={draft.ordering} onChange={(ordering) => edit({ ordering })} />
      <div className="owner-field">
        <label htmlFor={`${id}-description`} className="owner-label">
          Description
        </label>
        <textarea
          id={`${id}-description`}
          className="owner-input"
          rows={5}
          maxLength={MAX_FACTS_DESCRIPTION}
          value={draft.description}
          onChange={(e) => edit({ description: e.currentTarget.value })}
        />
      </div>
      {problems.length > 0 && (
        <div className="owner-problems" role="alert" tabIndex={-1} ref={problemList}>
          <p>Nothing was saved. Please fix:</p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <StatusLine status={status} />
      <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
        {busy ? "Saving..." : "Save hours, links and description"}
      </button>
    </form>
  );
}
