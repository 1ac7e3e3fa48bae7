// Building blocks of the form screens (accounts, claim, owner): the card, labelled fields with their
// errors, the password field with reveal, and the live status line.
import {
  useId,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from "react";
import type { StatusText } from "./use-status.ts";
import "./account-forms.css";

export function AuthCard(props: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="acct-card" aria-labelledby="acct-title">
      <h1 id="acct-title" className="acct-title">
        {props.title}
      </h1>
      {props.intro ? <div className="acct-intro">{props.intro}</div> : null}
      {props.children}
      {props.footer ? <div className="acct-footer">{props.footer}</div> : null}
    </section>
  );
}

const noSubscription = () => () => {};

/**
 * A form whose controls stay disabled until the island has hydrated: before that, a submit
 * would be the browser's own GET to this page, putting what was typed (a password too) in the URL.
 */
export function AccountForm(props: {
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
  busy?: boolean;
  /** Called on every change to a field: the screen clears an error the change answers. */
  onEdit?: () => void;
}) {
  // false in the server HTML and while hydrating; true at once for a form mounted later (the
  // verification form appears after the draft is read), so focusing its first box works.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <form onSubmit={props.onSubmit} onInput={props.onEdit} noValidate aria-busy={props.busy || undefined}>
      <fieldset className="acct-form" disabled={!hydrated}>
        {props.children}
      </fieldset>
    </form>
  );
}

/**
 * Always in the page so screen readers announce what appears in it. `id` names the message,
 * for a field group to be described by the error it shows.
 */
export function StatusLine({ status, id }: { status: StatusText | null; id?: string }) {
  return (
    <div className="acct-status-slot" role="status" aria-live="polite">
      {status ? (
        <p id={id} className={`acct-status acct-status--${status.tone}`}>
          <span aria-hidden="true" className="acct-status-icon">
            {status.tone === "success" ? "✓" : status.tone === "error" ? "!" : "i"}
          </span>
          {status.text}
        </p>
      ) : null}
    </div>
  );
}

type FieldProps = {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  trailing?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "aria-invalid" | "aria-describedby">;

export function TextField({ label, error, hint, inputRef, trailing, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`acct-field${error ? " acct-field--invalid" : ""}`}>
      <label htmlFor={id} className="acct-label">
        {label}
      </label>
      <div className="acct-input-wrap">
        <input
          {...input}
          id={id}
          ref={inputRef}
          className={`acct-input${className ? ` ${className}` : ""}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {trailing}
      </div>
      {hint ? (
        <p id={hintId} className="acct-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="acct-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Spec point 2: the password is revealed while the pointer rests on the eye button; a click
 * (or Enter/Space) keeps it revealed, for keyboards and touch screens.
 */
export function PasswordField(props: Omit<FieldProps, "type" | "trailing">) {
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const revealed = hovered || pinned;
  return (
    <TextField
      {...props}
      type={revealed ? "text" : "password"}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="acct-reveal"
          aria-label="Show password"
          aria-pressed={pinned}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onClick={() => setPinned((value) => !value)}
        >
          <EyeIcon open={revealed} />
        </button>
      }
    />
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {open ? null : <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
    </svg>
  );
}

/**
 * Busy is aria-disabled, not `disabled`: a button that disables itself under the keyboard
 * focus drops the focus to the page (WCAG 2.4.3, issue 16). The screens' submit handlers
 * ignore a second submit while busy.
 */
export function SubmitButton(props: { busy: boolean; busyLabel: string; label: string }) {
  return (
    <button type="submit" className="btn btn-primary acct-submit" aria-disabled={props.busy || undefined}>
      {props.busy ? props.busyLabel : props.label}
    </button>
  );
}
