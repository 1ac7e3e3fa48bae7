// User-facing messages from spec points 5 and 8, word for word. Shared by server and islands.
export const HTTP_MESSAGES = {
  400: "Bad request",
  401: "Unauthorized access. Please login to continue.",
  403: "Forbidden. You don't have permission to do that.",
  404: "Resource not found",
  429: "Too many requests. Please wait and try again.",
  500: "Internal server error",
} as const;

/** The error screen's heading text per status (spec point 8, "Error screen"). */
export const ERROR_SCREEN_MESSAGES: Record<number, string> = {
  401: "Unauthorized access. Please login to continue.",
  403: "Forbidden. You don't have permission to view this page.",
  404: "Page not found. The page you are looking for does not exist.",
  500: "Internal server error. Please try again later.",
};
export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred.";
export const NON_HTTP_ERROR_MESSAGE = "Something went wrong.";
