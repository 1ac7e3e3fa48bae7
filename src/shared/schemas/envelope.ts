// The envelope every JSON answer is wrapped in: {code, message, data}, with code equal to the
// HTTP status (architecture brief, "One app, two runtimes"). Routes declare their answers with
// these schemas, so the OpenAPI document and the typed client (src/shared/api-client.ts) read
// one contract.
import * as z from "./zod.ts";

const envelopeHead = z.object({ code: z.number().int(), message: z.string() });

/** The envelope around `data`. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return envelopeHead.extend({ data });
}

/** {fields: {name: message}}: a refusal names each bad field so a form can mark it. */
export const fieldErrorsSchema = z.object({ fields: z.record(z.string(), z.string()) });

/** Every failure: the message, with data.fields when fields were at fault, else data null. */
export const errorEnvelope = envelopeOf(fieldErrorsSchema.nullable());

/** A success that says only its message. */
export const messageEnvelope = envelopeOf(z.null());

export type Envelope<T> = z.infer<typeof envelopeHead> & { data: T };
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
