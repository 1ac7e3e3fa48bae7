// Response declarations shared by the discovery routes for the OpenAPI document.
import type { z } from "zod";
import { envelopeOf } from "../../../shared/schemas/envelope.ts";
import { failure, jsonContent } from "./route-http.ts";

/** The 200 answer wrapping `data`, plus the errors every discovery read can give. */
export function envelopeResponses<T extends z.ZodType>(
  data: T,
  description: string,
  { notFound = false } = {},
) {
  return {
    200: { description, content: jsonContent(envelopeOf(data)) },
    400: failure('Invalid input; the message names the parameter (e.g. "Invalid topNum: ...")'),
    ...(notFound ? { 404: failure("Resource not found") } : {}),
  };
}
