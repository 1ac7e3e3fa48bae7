// Spec point 8's error screen inside a social island (401, 403, 404, 500, any other status,
// a network failure), with the same words as the static one (error-screen-message.ts), and the
// "Unexpected Application Error!" fallback for anything the island did not handle.
import { Component, type ErrorInfo, type ReactNode } from "react";
import { errorScreenContent } from "../components/error-screen-message.ts";
import type { ApiOutcome } from "../shared/api-client.ts";
import { loginHref } from "./login-return.ts";

export function ErrorScreen({
  failure,
  detail,
  onRetry,
}: {
  failure: Exclude<ApiOutcome<unknown>, { kind: "ok" }>;
  detail?: string;
  onRetry?: () => void;
}) {
  const status = failure.kind === "failed" ? failure.status : undefined;
  const { heading, message } = errorScreenContent(
    status,
    failure.kind === "failed" ? failure.message : undefined,
  );
  return (
    <section className="sf-error" aria-labelledby="sf-error-heading">
      <h2 id="sf-error-heading" tabIndex={-1}>
        <span className="sf-error__status">{heading}</span>{" "}
        <span className="sf-error__message">{message}</span>
      </h2>
      {detail && <p>{detail}</p>}
      {failure.kind === "no-response" && <p>{failure.message}</p>}
      <div className="ir-buttons">
        {status === 401 ? (
          <a className="btn btn-primary" href={loginHref()}>
            Log in
          </a>
        ) : (
          onRetry && (
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              Try again
            </button>
          )
        )}
        <a className="btn btn-secondary" href="/">
          Go to the home page
        </a>
      </div>
    </section>
  );
}

export const UNEXPECTED_HEADING = "Unexpected Application Error!";

/** Anything a render throws ends here, not in a blank page (spec point 8, "Router fallback"). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="sf-error" role="alert" aria-labelledby="sf-unexpected-heading">
        <h2 id="sf-unexpected-heading">{UNEXPECTED_HEADING}</h2>
        <p>{this.state.error.message || "Something went wrong."}</p>
        <div className="ir-buttons">
          <button type="button" className="btn btn-primary" onClick={() => location.reload()}>
            Reload the page
          </button>
          <a className="btn btn-secondary" href="/">
            Go to the home page
          </a>
        </div>
      </section>
    );
  }
}
