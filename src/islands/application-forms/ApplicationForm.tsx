// The early-access (Join) and influencer (Apply) forms: checked in the browser with the shared
// zod schema, then stored through the API, which checks again. Works by keyboard: every control
// has a label, errors are tied to their fields with aria-describedby, and a failed submit moves
// focus to the first field that needs fixing.
import { useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { REGISTRATION_MESSAGES } from "../../domain/registration-rules.ts";
import { APPLICATION_FORMS, type ApplicationKind, type FormField } from "./form-fields.ts";
import { api } from "../../shared/api-client.ts";
import { fieldErrors, type FieldErrors } from "../../client/form-errors.ts";
import { submitApplication } from "./form-state.ts";
import "./application-form.css";

interface Props {
  kind: ApplicationKind;
  /** Accessible name of the form, e.g. "Influencer application". */
  label: string;
}

export default function ApplicationForm({ kind, label }: Props) {
  const form = APPLICATION_FORMS[kind];
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(form.fields.map((field) => [field.name, ""])),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const fieldId = (name: string) => `${idPrefix}-${name}`;

  function focusFirstInvalid(found: FieldErrors) {
    const first = form.fields.find((field) => found[field.name]);
    if (first)
      formRef.current?.querySelector<HTMLInputElement>(`#${CSS.escape(fieldId(first.name))}`)?.focus();
  }

  function update(name: string, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    // After a first submit, fix-as-you-type feedback; before it, do not nag while typing.
    if (submitted) setErrors(fieldErrors(form.schema, next));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    setFailure(null);
    const found = fieldErrors(form.schema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(found);
      return;
    }
    setPending(true);
    // The raw strings go to the API, which applies the same schema (trim, normalise) itself.
    const outcome = await submitApplication(form.send(api, values));
    setPending(false);
    if (outcome.ok) {
      setSuccess(outcome.message);
      // Moving focus to the confirmation tells keyboard and screen-reader users it worked.
      requestAnimationFrame(() => successRef.current?.focus());
      return;
    }
    setErrors(outcome.fields);
    setFailure(outcome.message);
    focusFirstInvalid(outcome.fields);
  }

  if (success !== null) {
    return <ApplicationSent message={success} focusRef={successRef} />;
  }

  const errorCount = Object.keys(errors).length;
  return (
    <form ref={formRef} className="application-form" aria-label={label} noValidate onSubmit={onSubmit}>
      <p className="application-required-note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      <div className="application-fields">
        {form.fields.map((field) => (
          <ApplicationField
            key={field.name}
            field={field}
            id={fieldId(field.name)}
            value={values[field.name] ?? ""}
            error={errors[field.name]}
            onChange={(value) => update(field.name, value)}
          />
        ))}
      </div>
      <div className="application-actions">
        <button type="submit" className="btn btn-primary" disabled={pending} aria-disabled={pending}>
          {pending ? form.pendingLabel : form.submitLabel}
        </button>
        <p className="application-status" role="alert">
          {failure ??
            (submitted && errorCount > 0
              ? `Please fix ${errorCount === 1 ? "1 field" : `${errorCount} fields`} above.`
              : "")}
        </p>
      </div>
    </form>
  );
}

/** One labelled field with its hint and its error, both tied to it by aria-describedby. */
function ApplicationField({
  field,
  id,
  value,
  error,
  onChange,
}: {
  field: FormField;
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const describedBy = [field.hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={`application-field application-field--${field.name}`}>
      <label htmlFor={id}>
        {field.label}
        {field.required && (
          <span className="application-required" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {field.hint && (
        <p className="application-hint" id={`${id}-hint`}>
          {field.hint}
        </p>
      )}
      <input
        id={id}
        name={field.name}
        type={field.type}
        autoComplete={field.autoComplete}
        placeholder={"placeholder" in field ? field.placeholder : undefined}
        required={field.required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {error && (
        <p className="application-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The confirmation that replaces the form; it takes the focus, so everyone hears it worked. */
function ApplicationSent({
  message,
  focusRef,
}: {
  message: string;
  focusRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div className="application-success" role="status" tabIndex={-1} ref={focusRef}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28">
        <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4Z" fill="currentColor" />
      </svg>
      <div>
        <p>{message}</p>
        <p>{REGISTRATION_MESSAGES.checkInbox}</p>
      </div>
    </div>
  );
}
