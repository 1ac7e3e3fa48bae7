// What an action needs besides its reason and note (issue 21): how long a suspension lasts,
// the item a merge goes into (found by id, and named before anything is sent), and the fields
// an edit changes. Only the chosen action's part is shown.
import type { InputHTMLAttributes } from "react";
import type { QueueItem } from "../../shared/schemas/moderation.ts";
import { SUSPENSION_CHOICES, type EditDraft } from "./decision-draft.ts";
import { invalidProps } from "./field-props.ts";
import { MergeTarget } from "./MergeTarget.tsx";
import type { ModerationApi } from "./moderation-api.ts";
import type { DecisionState } from "./use-decision.ts";

interface ExtrasProps {
  item: QueueItem;
  decision: DecisionState;
  idBase: string;
}

function SuspensionLength({ decision: { draft, errors, change }, idBase: id }: Omit<ExtrasProps, "item">) {
  return (
    <div className="sp-field">
      <label htmlFor={`${id}-days`}>Suspend for</label>
      <select
        id={`${id}-days`}
        value={draft.suspendFor}
        onChange={(event) => change("suspendFor", event.target.value)}
        {...invalidProps(`${id}-days-error`, errors.suspendFor)}
      >
        {SUSPENSION_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {errors.suspendFor && (
        <p id={`${id}-days-error`} className="ir-error">
          {errors.suspendFor}
        </p>
      )}
    </div>
  );
}

interface EditField {
  key: keyof EditDraft;
  /** The end of the field's id. */
  name: string;
  label: string;
  /** Shown for this kind of item alone (the API refuses the field for the other). */
  only?: "restaurant" | "dish";
  multiline?: boolean;
  input?: InputHTMLAttributes<HTMLInputElement>;
}

/** The fields an edit changes, in the form's order. */
const EDIT_FIELDS: EditField[] = [
  { key: "name", name: "name", label: "Name" },
  { key: "address", name: "address", label: "Address", only: "restaurant" },
  { key: "description", name: "description", label: "Description", multiline: true },
  { key: "tags", name: "tags", label: "Tags (comma separated; empty keeps them)" },
  {
    key: "contactEmail",
    name: "contact",
    label: "Contact address for claim codes (empty keeps it)",
    only: "restaurant",
    input: { type: "email", autoComplete: "off" },
  },
  { key: "price", name: "price", label: "Price in pounds (empty when unknown)", only: "dish", input: { inputMode: "decimal" } },
];

function EditFields({ item, decision: { draft, errors, change }, idBase: id }: ExtrasProps) {
  const described = invalidProps(`${id}-edit-error`, errors.edit);
  const fields = EDIT_FIELDS.filter((field) => !field.only || field.only === item.kind);
  return (
    <fieldset className="mod-edit" aria-describedby={errors.edit ? `${id}-edit-error` : undefined}>
      <legend>Fields to change</legend>
      {fields.map(({ key, name, label, multiline, input }) => {
        const props = {
          id: `${id}-${name}`,
          value: draft.edit[key],
          onChange: (e: { target: { value: string } }) => change("edit", { ...draft.edit, [key]: e.target.value }),
          ...described,
        };
        return (
          <div className="sp-field" key={key}>
            <label htmlFor={props.id}>{label}</label>
            {multiline ? <textarea rows={3} {...props} /> : <input {...input} {...props} />}
          </div>
        );
      })}
      {errors.edit && (
        <p id={`${id}-edit-error`} className="ir-error">
          {errors.edit}
        </p>
      )}
    </fieldset>
  );
}

export function DecisionExtras({ api, ...extras }: ExtrasProps & { api: ModerationApi }) {
  const { item, decision, idBase } = extras;
  const { draft, errors, change } = decision;
  if (draft.action === "suspend") return <SuspensionLength decision={decision} idBase={idBase} />;
  if (draft.action === "merge" && (item.kind === "restaurant" || item.kind === "dish")) {
    return (
      <MergeTarget
        api={api}
        kind={item.kind}
        value={draft.mergeInto}
        error={errors.mergeInto}
        idBase={idBase}
        onChange={(value) => change("mergeInto", value)}
      />
    );
  }
  return draft.action === "edit" ? <EditFields {...extras} /> : null;
}
