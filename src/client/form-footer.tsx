// The end of a small form on a post card or item page: the refusal, said as an alert, above its
// action and Cancel. The action stays focusable while it works (aria-disabled, not disabled),
// so the focus is not lost from under a keyboard user; its words say that it works.
import type { RefObject } from "react";

export function FormFooter({
  error,
  errorId,
  action,
  busyAction,
  busy,
  onCancel,
  onAction,
  actionRef,
  danger = false,
}: {
  error: string | null;
  /** The id a field's aria-describedby names. */
  errorId?: string;
  action: string;
  busyAction: string;
  busy: boolean;
  onCancel: () => void;
  /** Outside a form (a confirm step): the action is a button of its own, not the submit. */
  onAction?: () => void;
  actionRef?: RefObject<HTMLButtonElement | null>;
  danger?: boolean;
}) {
  return (
    <>
      {error && (
        <p className="ir-error" id={errorId} role="alert">
          {error}
        </p>
      )}
      <div className="ir-buttons">
        <button
          type={onAction ? "button" : "submit"}
          className={danger ? "btn btn-primary ir-danger" : "btn btn-primary"}
          ref={actionRef}
          aria-disabled={busy || undefined}
          onClick={onAction}
        >
          {busy ? busyAction : action}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
