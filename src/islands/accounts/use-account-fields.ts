// The form state every account screen shares: field values, per-field errors, input refs,
// change handlers, and showing errors with focus on the first field to fix.
import { createRef, useRef, useState, type RefObject } from "react";
import { firstInvalid, type FieldErrors } from "../../client/form-errors.ts";

export function useAccountFields<F extends string>(
  initial: Record<F, string>,
  order: readonly F[],
  /** Rewrites what was typed before it is kept (the reset code is upper-cased and trimmed). */
  normalize: (field: F, raw: string) => string = (_field, raw) => raw,
) {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const refs = useRef(
    Object.fromEntries(Object.keys(initial).map((name) => [name, createRef<HTMLInputElement>()])) as Record<
      F,
      RefObject<HTMLInputElement | null>
    >,
  ).current;

  const update = (field: F) => (event: { currentTarget: HTMLInputElement }) => {
    const value = normalize(field, event.currentTarget.value);
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** The value, handler, error and ref props of one TextField or PasswordField. */
  const field = (name: F) => ({
    value: values[name],
    onChange: update(name),
    error: errors[name],
    inputRef: refs[name],
  });

  /** Shows the errors (added to those shown unless `replace`) and focuses the first one in order. */
  const showErrors = (found: FieldErrors<F>, { replace = true, focusOrder = order } = {}) => {
    setErrors((current) => (replace ? found : { ...current, ...found }));
    const first = firstInvalid(focusOrder, found);
    if (first) refs[first].current?.focus();
  };

  return { values, setValues, errors, refs, field, showErrors };
}
