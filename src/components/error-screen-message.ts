// The error screen's heading and message (spec point 8): 401, 403, 404 and 500 have their own
// messages; any other HTTP status shows its status text; an error without a status (a
// network failure, a thrown exception) shows "Something went wrong.".
import { ERROR_SCREEN_MESSAGES, NON_HTTP_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from "../domain/messages.ts";

export function errorScreenContent(status?: number, statusText?: string): { heading: string; message: string } {
  if (status === undefined) return { heading: "Error", message: NON_HTTP_ERROR_MESSAGE };
  return {
    heading: String(status),
    message: ERROR_SCREEN_MESSAGES[status] ?? (statusText?.trim() || UNEXPECTED_ERROR_MESSAGE),
  };
}
