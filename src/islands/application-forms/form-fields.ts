// The fields of the two visitor forms (spec point 2, "Forms without shown submit behaviour"),
// in the order the spec lists them, with the autocomplete hints browsers use to fill them.
import {
  earlyAccessRegistrationSchema,
  influencerRegistrationSchema,
} from "../../shared/schemas/registrations.ts";

export interface FormField {
  name: string;
  label: string;
  type: "text" | "email" | "tel" | "url";
  autoComplete: string;
  required: boolean;
  hint?: string;
  placeholder?: string;
}

const nameFields: FormField[] = [
  { name: "firstName", label: "First name", type: "text", autoComplete: "given-name", required: true },
  { name: "lastName", label: "Last name", type: "text", autoComplete: "family-name", required: true },
  { name: "email", label: "Email", type: "email", autoComplete: "email", required: true },
  {
    name: "phone",
    label: "Phone",
    type: "tel",
    autoComplete: "tel",
    required: false,
    hint: "Optional. Only used if we need to reach you about this.",
  },
];

export const APPLICATION_FORMS = {
  "early-access": {
    path: "/api/registrations/early-access",
    schema: earlyAccessRegistrationSchema,
    fields: nameFields,
    submitLabel: "Join",
    pendingLabel: "Joining…",
  },
  influencer: {
    path: "/api/registrations/influencer",
    schema: influencerRegistrationSchema,
    fields: [
      ...nameFields,
      {
        name: "socialUrl",
        label: "Main social URL",
        type: "url",
        autoComplete: "url",
        required: true,
        placeholder: "https://www.instagram.com/yourname",
        hint: "The profile where most of your food content lives.",
      },
    ],
    submitLabel: "Apply",
    pendingLabel: "Applying…",
  },
} as const satisfies Record<string, unknown>;

export type ApplicationKind = keyof typeof APPLICATION_FORMS;
