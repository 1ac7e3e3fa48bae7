// The fields of a list (issue 32): name, description and who may see it, for making a list on
// the profile's Saved tab and for changing one on its own page. The API's messages are what an
// error says (limits, the text rules); an error stays until its field changes, and the field it
// is about is marked invalid and described by it (docs/accessibility.md, point 3).
import { useId, useState, type FormEvent } from "react";
import {
  LIST_VISIBILITIES,
  MAX_LIST_DESCRIPTION,
  MAX_LIST_NAME,
  type ListVisibility,
} from "../../domain/lists.ts";
import type { ApiOutcome } from "../../shared/api-client.ts";
import { failureText } from "../failure-text.ts";
import { useStatus } from "../use-status.ts";
import "./list-form.css";

export const VISIBILITY_CHOICES: Record<ListVisibility, { label: string; hint: string }> = {
  public: { label: "Public", hint: "Anyone can see it, and it has its own page to share." },
  followers: { label: "Followers only", hint: "Only the people who follow you." },
  private: { label: "Private", hint: "Only you, and anyone you give the unlisted link to." },
};

export interface ListFields {
  name: string;
  description: string;
  visibility: ListVisibility;
}

const FAILED = "Could not save the list. Please try again.";
const SIGNED_OUT = "Log in again to change your lists.";

export function ListForm({
  initial,
  fixedName = false,
  submitLabel,
  onSubmit,
}: {
  initial: ListFields;
  /** Want to try and Been keep their names: only who may see them changes. */
  fixedName?: boolean;
  submitLabel: string;
  onSubmit: (fields: ListFields) => Promise<ApiOutcome<unknown>>;
}) {
  const id = useId();
  const [fields, setFields] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [failedField, setFailedField] = useState<keyof ListFields | null>(null);
  const [status, show, clearError] = useStatus();

  const change = <K extends keyof ListFields>(key: K, value: ListFields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    if (failedField === key || failedField === null) {
      clearError();
      setFailedField(null);
    }
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await onSubmit(fields);
    setBusy(false);
    if (outcome.kind === "ok") {
      show({ text: outcome.message || "Saved.", tone: "success" });
      return;
    }
    const named =
      outcome.kind === "failed"
        ? (Object.keys(outcome.fields)[0] as keyof ListFields | undefined)
        : undefined;
    setFailedField(named && named in fields ? named : null);
    show({ text: failureText(outcome, FAILED, SIGNED_OUT), tone: "error" });
  }

  const errorId = `${id}-error`;
  const invalid = (key: keyof ListFields) =>
    status?.tone === "error" && failedField === key
      ? { "aria-invalid": true as const, "aria-describedby": errorId }
      : {};

  return (
    <form className="list-form" onSubmit={submit} noValidate>
      {!fixedName && (
        <>
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            value={fields.name}
            onChange={(event) => change("name", event.target.value)}
            aria-required="true"
            readOnly={busy}
            autoComplete="off"
            {...invalid("name")}
          />
          <p className="list-form__hint">{`Up to ${MAX_LIST_NAME} characters.`}</p>
          <label htmlFor={`${id}-description`}>Description (optional)</label>
          <textarea
            id={`${id}-description`}
            value={fields.description}
            rows={2}
            onChange={(event) => change("description", event.target.value)}
            readOnly={busy}
            {...invalid("description")}
          />
          <p className="list-form__hint">{`Up to ${MAX_LIST_DESCRIPTION} characters.`}</p>
        </>
      )}
      <fieldset className="list-form__visibility">
        <legend>Who can see it</legend>
        {LIST_VISIBILITIES.map((value) => (
          <label key={value} className="list-form__choice">
            <input
              type="radio"
              name={`${id}-visibility`}
              value={value}
              checked={fields.visibility === value}
              onChange={() => change("visibility", value)}
              aria-describedby={`${id}-${value}-hint`}
            />
            <span>
              {VISIBILITY_CHOICES[value].label}
              <span className="list-form__hint" id={`${id}-${value}-hint`}>
                {VISIBILITY_CHOICES[value].hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn-primary" aria-disabled={busy ? "true" : undefined}>
        {submitLabel}
      </button>
      <p className="list-form__status" role="status">
        {status && status.tone !== "error" ? status.text : ""}
      </p>
      <p id={errorId} className="list-form__error" role="alert">
        {status?.tone === "error" ? status.text : ""}
      </p>
    </form>
  );
}
