// Response declarations shared by the discovery routes for the OpenAPI document.
import type { z } from "zod";
import { envelopeOf, errorEnvelope } from "../../shared/schemas/envelope.ts";

/** The 200 answer wrapping `data`, plus the errors every discovery read can give. */
export function envelopeResponses<T extends z.ZodType>(
  data: T,
  description: string,
  { notFound = false } = {},
) {
  return {
    200: {
      description,
      content: {
        "application/json": { schema: envelopeOf(data) },
      },
    },
    400: {
      description: 'Invalid input; the message names the parameter (e.g. "Invalid topNum: ...")',
      content: { "application/json": { schema: errorEnvelope } },
    },
    ...(notFound
      ? {
          404: {
            description: "Resource not found",
            content: { "application/json": { schema: errorEnvelope } },
          },
        }
      : {}),
  };
}
