import { describe, expect, it } from "vitest";
import { errorScreenContent } from "./error-screen-message.ts";

describe("errorScreenContent (spec point 8, error screen)", () => {
  it("has the spec's message for 401, 403, 404 and 500", () => {
    expect(errorScreenContent(401)).toEqual({ heading: "401", message: "Unauthorized access. Please login to continue." });
    expect(errorScreenContent(403)).toEqual({ heading: "403", message: "Forbidden. You don't have permission to view this page." });
    expect(errorScreenContent(404)).toEqual({ heading: "404", message: "Page not found. The page you are looking for does not exist." });
    expect(errorScreenContent(500)).toEqual({ heading: "500", message: "Internal server error. Please try again later." });
  });

  it("shows another status's text, or the unexpected-error message without one", () => {
    expect(errorScreenContent(503, "Service Unavailable")).toEqual({ heading: "503", message: "Service Unavailable" });
    expect(errorScreenContent(418, " ")).toEqual({ heading: "418", message: "An unexpected error occurred." });
  });

  it("shows Something went wrong. for errors that are not HTTP failures", () => {
    expect(errorScreenContent()).toEqual({ heading: "Error", message: "Something went wrong." });
  });
});
