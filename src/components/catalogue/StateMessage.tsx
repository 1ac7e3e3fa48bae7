// Loading, error and no-data states of a catalogue page, with the spec point 8 messages.
// Prerendered pages show the no-data state; the client fallback shows all three.
export type PageState = "loading" | "error" | "no-data";

export function StateMessage({ state, message, onRetry }: { state: PageState; message: string; onRetry?: () => void }) {
  if (state === "loading") {
    return (
      <div className="cat-state" role="status" aria-live="polite">
        <span className="cat-spinner" aria-hidden="true" />
        <h1 className="cat-state__message">{message}</h1>
      </div>
    );
  }
  return (
    <div className={state === "error" ? "cat-state cat-state--error" : "cat-state"} role={state === "error" ? "alert" : "status"}>
      <h1 className="cat-state__message">{message}</h1>
      <div className="cat-state__actions">
        {onRetry && (
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            Try again
          </button>
        )}
        <a className={onRetry ? "btn btn-secondary" : "btn btn-primary"} href="/">
          Back to home
        </a>
      </div>
    </div>
  );
}
