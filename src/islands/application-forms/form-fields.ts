// The fields of the two visitor forms (spec point 2, "Forms without shown submit behaviour"),
// in the order the spec lists them, with the autocomplete hints browsers use to fill them.
import type { ApiClient } from "../../shared/api-client.ts";
import {
  earlyAccessRegistrationSchema,
  influencerRegistrationSchema,
  type EarlyAccessRegistrationInput,
  type InfluencerRegistrationInput,
} from "../../shared/schemas/registrations.ts";

// Values reach `send` only once the form's schema has passed them; the raw strings go to the
// API, which applies the same schema (trim, normalise) itself.
type FormValues = Record<string, string>;

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
    send: (client: ApiClient, values: FormValues) =>
      client.registrations["early-access"].$post({ json: values as EarlyAccessRegistrationInput }),
    schema: earlyAccessRegistrationSchema,
    fields: nameFields,
    submitLabel: "Join",
    pendingLabel: "Joining…",
  },
  influencer: {
    send: (client: ApiClient, values: FormValues) =>
      client.registrations.influencer.$post({ json: values as InfluencerRegistrationInput }),
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
